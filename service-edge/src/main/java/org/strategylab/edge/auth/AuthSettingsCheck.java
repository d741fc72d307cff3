package org.strategylab.edge.auth;

import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

/**
 * Refuses to start with token settings that would let foreign tokens in: in {@code external} mode
 * the provider issues tokens for many applications, so the audience must be pinned, and the
 * issuer must be the provider's, not the local default.
 */
@ApplicationScoped
public class AuthSettingsCheck {

    /** The issuer local tokens carry; an external provider never uses it. */
    static final String LOCAL_ISSUER = "strategylab-local";

    @Inject
    AuthConfig auth;

    @Inject
    OnBehalfOf onBehalfOf;

    void check(@Observes StartupEvent event) {
        String problem = problem(auth);
        if (problem == null && auth.mode() == AuthConfig.Mode.EXTERNAL && onBehalfOf.usesDevelopmentKey()) {
            problem = "strategylab.peer.secret (or strategylab.auth.on-behalf-of.key) is required with "
                    + "strategylab.auth.mode=external: workers sign the assertions they act for their users with a key from it";
        }
        if (problem != null) {
            throw new IllegalStateException(problem);
        }
    }

    /** What is wrong with the settings, or null when they are safe. */
    static String problem(AuthConfig auth) {
        if (auth.mode() != AuthConfig.Mode.EXTERNAL) {
            return null;
        }
        if (auth.audience().map(String::isBlank).orElse(true)) {
            return "strategylab.auth.audience is required with strategylab.auth.mode=external: set it to the client id "
                    + "the identity provider issues StrategyLab's tokens for";
        }
        if (auth.issuer().equals(LOCAL_ISSUER)) {
            return "strategylab.auth.issuer must be the identity provider's issuer with strategylab.auth.mode=external";
        }
        return null;
    }
}
