package org.strategylab.edge.auth;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Issue 11 point 3: external mode does not start without a pinned audience and the provider's issuer. */
class AuthSettingsCheckTest {

    private static AuthConfig settings(AuthConfig.Mode mode, String issuer, String audience) {
        return AuthSettings.of(mode, issuer, audience, 10_000);
    }

    @Test
    void externalModeNeedsAnAudience() {
        String problem = AuthSettingsCheck.problem(settings(AuthConfig.Mode.EXTERNAL, "https://idp.example", null));
        assertTrue(problem.contains("strategylab.auth.audience"), problem);
    }

    @Test
    void externalModeNeedsTheProvidersIssuer() {
        String problem = AuthSettingsCheck.problem(settings(AuthConfig.Mode.EXTERNAL, "strategylab-local", "strategylab"));
        assertTrue(problem.contains("strategylab.auth.issuer"), problem);
    }

    @Test
    void completeExternalAndPlainLocalSettingsPass() {
        assertNull(AuthSettingsCheck.problem(settings(AuthConfig.Mode.EXTERNAL, "https://idp.example", "strategylab")));
        assertNull(AuthSettingsCheck.problem(settings(AuthConfig.Mode.LOCAL, "strategylab-local", null)));
    }
}
