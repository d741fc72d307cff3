package org.strategylab.edge.auth;

import java.time.Duration;
import java.util.Optional;

/** {@link AuthConfig} values for tests that build the classes using it by hand. */
final class AuthSettings {

    private AuthSettings() {
    }

    static AuthConfig of(AuthConfig.Mode mode, String issuer, String audience, int verifiedTokens) {
        return of(mode, issuer, audience, verifiedTokens, null, null);
    }

    /** With the on-behalf-of settings: this service's audience and the key (null: unset). */
    static AuthConfig of(AuthConfig.Mode mode, String issuer, String audience, int verifiedTokens,
                         String onBehalfOfAudience, String onBehalfOfKey) {
        return new AuthConfig() {
            @Override
            public OnBehalfOfSettings onBehalfOf() {
                return new OnBehalfOfSettings() {
                    @Override
                    public Optional<String> audience() {
                        return Optional.ofNullable(onBehalfOfAudience);
                    }

                    @Override
                    public Optional<String> key() {
                        return Optional.ofNullable(onBehalfOfKey);
                    }
                };
            }

            @Override
            public Mode mode() {
                return mode;
            }

            @Override
            public String issuer() {
                return issuer;
            }

            @Override
            public String cookie() {
                return "strategylab-auth";
            }

            @Override
            public String publicKey() {
                return "keys/public.pem";
            }

            @Override
            public Optional<String> signingKey() {
                return Optional.empty();
            }

            @Override
            public Optional<String> audience() {
                return Optional.ofNullable(audience);
            }

            @Override
            public Duration tokenLifetime() {
                return Duration.ofHours(1);
            }

            @Override
            public boolean secureCookie() {
                return false;
            }

            @Override
            public VerifiedTokens verifiedTokens() {
                return new VerifiedTokens() {
                    @Override
                    public int maxSize() {
                        return verifiedTokens;
                    }

                    @Override
                    public Duration maxAge() {
                        return Duration.ofSeconds(60);
                    }
                };
            }
        };
    }
}
