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

    private final RateLimitConfig config;
    private final Cache<String, Bucket> buckets;

    @Inject
    public RateLimiter(RateLimitConfig config) {
        this.config = config;
        double perSecond = Math.max(config.requestsPerMinute(), 1) / 60.0;
        long refillSeconds = (long) Math.ceil(Math.max(config.burst(), 1) / perSecond);
        this.buckets = Caffeine.newBuilder()
                .maximumSize(config.maxClients())
                .expireAfterAccess(Duration.ofSeconds(refillSeconds + 1))
                .build();
    }

    /**
     * Takes one request from the client's bucket.
     *
     * @return empty when the request may go ahead, else the whole seconds to wait before the next one
     */
    public OptionalLong acquire(String client) {
        if (!config.enabled()) {
            return OptionalLong.empty();
        }
        Bucket bucket = buckets.get(client, k -> new Bucket(Math.max(config.burst(), 1), System.nanoTime()));
        return bucket.take(Math.max(config.burst(), 1), Math.max(config.requestsPerMinute(), 1) / 60e9, System.nanoTime());
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
