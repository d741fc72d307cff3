package org.strategylab.edge.auth;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Issue 11 point 3: external mode does not start without a pinned audience and the provider's issuer. */
class AuthSettingsCheckTest {

    private static AuthConfig settings(AuthConfig.Mode mode, String issuer, String audience) {
        return new AuthConfig() {
            public Mode mode() {
                return mode;
            }

            public String issuer() {
                return issuer;
            }

            public String cookie() {
                return "strategylab-auth";
            }

            public String publicKey() {
                return "keys/public.pem";
            }

            public Optional<String> signingKey() {
                return Optional.empty();
            }

            public Optional<String> audience() {
                return Optional.ofNullable(audience);
            }

            public Duration tokenLifetime() {
                return Duration.ofHours(1);
            }

            public boolean secureCookie() {
                return false;
            }
        };
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
