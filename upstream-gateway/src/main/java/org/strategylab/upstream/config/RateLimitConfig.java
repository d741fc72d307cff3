package org.strategylab.upstream.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/**
 * Per-client rate limits of the public catalogue ({@code /api/v1/sites/{siteId}/**}), under
 * {@code strategylab.upstream.rate-limit}: every anonymous request there can make this service
 * call a VEuPathDB site. A client is the signed-in caller's user id, else its address (the
 * gateway's {@code X-Forwarded-For}, trusted only from {@code quarkus.http.proxy.trusted-proxies}).
 * Each client has a token bucket: {@link #burst()} requests at once, refilled at
 * {@link #requestsPerMinute()}.
 */
@ConfigMapping(prefix = "strategylab.upstream.rate-limit")
public interface RateLimitConfig {

    /** Whether catalogue requests are limited at all. */
    @WithDefault("true")
    boolean enabled();

    /** Sustained catalogue requests per minute and client. */
    @WithDefault("300")
    int requestsPerMinute();

    /** Requests a client may make at once before the sustained rate applies. */
    @WithDefault("100")
    int burst();

    /** Clients tracked at most; the least recently seen are forgotten first (memory stays bounded). */
    @WithDefault("100000")
    long maxClients();

    /** Sign-ins to VEuPathDB ({@code POST /api/v1/veupathdb/auth/login}), limited per user and per address. */
    SignIn signIn();

    /**
     * {@code strategylab.upstream.rate-limit.sign-in.*}: each sign-in tries a password on a VEuPathDB
     * account, so they are limited far below the catalogue, both per StrategyLab user and per client
     * address (one address may be a lab's many users behind one router, so its bucket is larger).
     */
    interface SignIn {

        /** Sign-ins a user may try at once; default 5. */
        @WithDefault("5")
        int perUserBurst();

        /** Sustained sign-ins per minute and user; default 5. */
        @WithDefault("5")
        int perUserPerMinute();

        /** Sign-ins one address may try at once; default 20. */
        @WithDefault("20")
        int perAddressBurst();

        /** Sustained sign-ins per minute and address; default 20. */
        @WithDefault("20")
        int perAddressPerMinute();
    }
}
