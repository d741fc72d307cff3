package org.strategylab.simulator.faults;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Duration;
import java.util.Random;

/**
 * A latency distribution added before a request is handled.
 *
 * @param distribution {@code fixed}, {@code uniform} or {@code lognormal}
 * @param fixedMs      for fixed
 * @param minMs        for uniform
 * @param maxMs        for uniform
 * @param medianMs     for lognormal
 * @param p99Ms        for lognormal: the 99th percentile, which sets the spread (long tails, as real services have)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Latency(String distribution, Long fixedMs, Long minMs, Long maxMs, Long medianMs, Long p99Ms) {

    private static final double Z99 = 2.3263478740408408;

    public static Latency fixed(Duration delay) {
        return new Latency("fixed", delay.toMillis(), null, null, null, null);
    }

    public static Latency uniform(Duration min, Duration max) {
        return new Latency("uniform", null, min.toMillis(), max.toMillis(), null, null);
    }

    public static Latency logNormal(Duration median, Duration p99) {
        return new Latency("lognormal", null, null, null, median.toMillis(), p99.toMillis());
    }

    /** Checks the parameters; throws {@link IllegalArgumentException} naming the problem. */
    public Latency validated() {
        switch (distribution == null ? "" : distribution) {
            case "fixed" -> require(fixedMs != null && fixedMs >= 0, "fixedMs must be >= 0");
            case "uniform" -> require(minMs != null && maxMs != null && minMs >= 0 && maxMs >= minMs,
                    "uniform needs 0 <= minMs <= maxMs");
            case "lognormal" -> require(medianMs != null && p99Ms != null && medianMs > 0 && p99Ms >= medianMs,
                    "lognormal needs 0 < medianMs <= p99Ms");
            default -> throw new IllegalArgumentException("distribution must be fixed, uniform or lognormal");
        }
        return this;
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }

    /** One delay in milliseconds. */
    public long sample(Random random) {
        return switch (distribution) {
            case "fixed" -> fixedMs;
            case "uniform" -> minMs + (maxMs > minMs ? (long) (random.nextDouble() * (maxMs - minMs + 1)) : 0);
            default -> {
                double sigma = Math.log((double) p99Ms / medianMs) / Z99;
                yield Math.round(medianMs * Math.exp(sigma * random.nextGaussian()));
            }
        };
    }
}
