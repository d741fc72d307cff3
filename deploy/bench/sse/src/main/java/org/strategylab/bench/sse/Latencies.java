package org.strategylab.bench.sse;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Produce-to-receipt latencies of one phase, recorded from any thread without locks into a
 * preallocated array (samples beyond its capacity are counted, not kept).
 */
final class Latencies {

    private final AtomicLongArray samples;
    private final AtomicInteger count = new AtomicInteger();

    Latencies(int capacity) {
        samples = new AtomicLongArray(capacity);
    }

    void record(long nanos) {
        int index = count.getAndIncrement();
        if (index < samples.length()) {
            samples.set(index, nanos);
        }
    }

    int count() {
        return count.get();
    }

    /** p50, p90, p99, p99.9 and max in milliseconds, over the kept samples. */
    String summary() {
        int kept = Math.min(count.get(), samples.length());
        if (kept == 0) {
            return "no samples";
        }
        long[] sorted = new long[kept];
        for (int i = 0; i < kept; i++) {
            sorted[i] = samples.get(i);
        }
        Arrays.sort(sorted);
        return String.format("p50 %s ms, p90 %s ms, p99 %s ms, p99.9 %s ms, max %s ms (%d samples%s)",
                ms(percentile(sorted, 0.50)), ms(percentile(sorted, 0.90)), ms(percentile(sorted, 0.99)),
                ms(percentile(sorted, 0.999)), ms(sorted[kept - 1]), kept,
                count.get() > kept ? ", " + (count.get() - kept) + " not kept" : "");
    }

    static long percentile(long[] sorted, double quantile) {
        int index = (int) Math.ceil(quantile * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, index))];
    }

    static String ms(long nanos) {
        return String.format("%.1f", nanos / 1e6);
    }
}
