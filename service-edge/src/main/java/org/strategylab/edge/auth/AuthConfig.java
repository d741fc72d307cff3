package org.strategylab.edge.auth;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Optional;

/**
 * How callers are authenticated, under {@code strategylab.auth} (ARCHITECTURE.md §4). Every
 * service verifies RS256 caller tokens with the public key; only the gateway signs them, and only
 * in {@code local} mode. The verification settings feed smallrye-jwt ({@code mp.jwt.*}) through
 * service-edge's defaults, so one key names both.
 */
@ConfigMapping(prefix = "strategylab.auth")
public interface AuthConfig {

    /** Where tokens come from. */
    enum Mode {
        /** The gateway issues tokens to local users through its sign-in endpoint (the default). */
        LOCAL,
        /** An external OpenID Connect provider issues them; the sign-in endpoint does not exist. */
        EXTERNAL
    }

    /** {@code local} (default) or {@code external}. */
    @WithDefault("local")
    Mode mode();

    /** The issuer ({@code iss}) tokens must carry; default {@code strategylab-local}. */
    @WithDefault("strategylab-local")
    String issuer();

    /** The HttpOnly cookie browsers carry the token in; default {@code strategylab-auth}. */
    @WithDefault("strategylab-auth")
    String cookie();

    /**
     * The verification key: a PEM or JWKS file path, classpath resource or https URL (an OIDC
     * provider's JWKS in external mode); default {@code keys/public.pem}. The local run points it at
     * the pair it generates.
     */
    @WithDefault("keys/public.pem")
    String publicKey();

    /** The PEM private key the gateway signs local tokens with (local mode only). */
    Optional<String> signingKey();

    /**
     * The audience ({@code aud}) tokens must name. Required in {@code external} mode (the OIDC
     * client id StrategyLab is registered as), so a token the provider issued for another
     * application is refused; optional in {@code local} mode, where local tokens carry it when set.
     */
    Optional<String> audience();

    /**
     * How long a locally issued token is valid; default 1 hour. The page renews it
     * ({@code POST /api/v1/auth/local/renew}) while it is still valid, so a stolen token is useful
     * for at most this long.
     */
    @WithDefault("PT1H")
    Duration tokenLifetime();

    /**
     * Whether the session cookie is always marked Secure; default false. It is marked Secure anyway
     * whenever the request came over HTTPS, directly or through a proxy the gateway trusts
     * ({@code quarkus.http.proxy.*}).
     */
    @WithDefault("false")
    boolean secureCookie();

    /**
     * Tokens whose verification (signature, issuer, audience) is remembered, so a user's next
     * requests skip the signature check ({@link VerifiedTokenParser}); expiry is checked every time.
     */
    VerifiedTokens verifiedTokens();

    interface VerifiedTokens {
        /** At most this many tokens are kept, the least recently used going first; default 10,000 (0: none). */
        @WithDefault("10000")
        int maxSize();

        /**
         * How long a verification is trusted before the token is verified again, which bounds how long
         * a token signed with a key that was since withdrawn stays accepted; default 60 s.
         */
        @WithDefault("PT60S")
        Duration maxAge();
    }

    /** The assertions a worker acts for its operation's user with toward sibling services ({@link OnBehalfOf}). */
    OnBehalfOfSettings onBehalfOf();

    interface OnBehalfOfSettings {
        /**
         * This service's name as an audience: assertions addressed to it are accepted as their user.
         * Unset (the gateway, the front door): none is accepted, whatever it says.
         */
        Optional<String> audience();

        /**
         * The signing key (at least 32 characters), the same in every service. Unset: derived from
         * {@code strategylab.peer.secret}; with neither, a fixed development key that only a
         * single-machine setup on loopback may use (refused in {@code external} mode).
         */
        Optional<String> key();
    }
}
