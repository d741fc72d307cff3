package org.strategylab.upstream.rest;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.OptionalLong;
import org.strategylab.upstream.config.RateLimitConfig;

/**
 * A token bucket per client in a bounded cache (Caffeine): a client may make {@code burst}
 * requests at once, then {@code requestsPerMinute}. A client unseen for long enough to have refilled
 * its bucket is dropped, which loses nothing.
 */
@ApplicationScoped
public class RateLimiter {

    private final boolean enabled;
    private final int burst;
    private final int requestsPerMinute;
    private final Cache<String, Bucket> buckets;

    /** The catalogue's limiter, from {@code strategylab.upstream.rate-limit.*}. */
    @Inject
    public RateLimiter(RateLimitConfig config) {
        this(config.enabled(), config.burst(), config.requestsPerMinute(), config.maxClients());
    }

    /**
     * A limiter of its own (the sign-in limits make two).
     *
     * @param enabled           whether it limits at all
     * @param burst             requests a client may make at once
     * @param requestsPerMinute the sustained rate per client
     * @param maxClients        clients tracked at most
     */
    public RateLimiter(boolean enabled, int burst, int requestsPerMinute, long maxClients) {
        this.enabled = enabled;
        this.burst = Math.max(burst, 1);
        this.requestsPerMinute = Math.max(requestsPerMinute, 1);
        double perSecond = this.requestsPerMinute / 60.0;
        long refillSeconds = (long) Math.ceil(this.burst / perSecond);
        this.buckets = Caffeine.newBuilder()
                .maximumSize(maxClients)
                .expireAfterAccess(Duration.ofSeconds(refillSeconds + 1))
                .build();
    }

    /**
     * Takes one request from the client's bucket.
     *
     * @return empty when the request may go ahead, else the whole seconds to wait before the next one
     */
    public OptionalLong acquire(String client) {
        if (!enabled) {
            return OptionalLong.empty();
        }
        Bucket bucket = buckets.get(client, k -> new Bucket(burst, System.nanoTime()));
        return bucket.take(burst, requestsPerMinute / 60e9, System.nanoTime());
    }

    /** Tokens left and when they were last counted. */
    private static final class Bucket {

        private double tokens;
        private long countedAt;

        Bucket(double tokens, long now) {
            this.tokens = tokens;
            this.countedAt = now;
        }

        synchronized OptionalLong take(int capacity, double perNano, long now) {
            tokens = Math.min(capacity, tokens + (now - countedAt) * perNano);
            countedAt = now;
            if (tokens >= 1) {
                tokens -= 1;
                return OptionalLong.empty();
            }
            return OptionalLong.of(Math.max(1, (long) Math.ceil((1 - tokens) / perNano / 1e9)));
        }
    }
}
