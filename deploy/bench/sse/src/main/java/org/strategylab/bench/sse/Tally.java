package org.strategylab.bench.sse;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * What one kind of reader (all SSE subscribers together, or the plain consumer) received, per
 * phase: how many events, when the latest arrived, and their latencies.
 */
final class Tally {

    static final int WARM_UP = 0;
    static final int PACED = 1;
    static final int BURST = 2;
    static final int END = 3;
    static final int REPLAY = 4;
    private static final int PHASES = 5;

    private final AtomicLongArray delivered = new AtomicLongArray(PHASES);
    private final AtomicLongArray lastAt = new AtomicLongArray(PHASES);
    private final Latencies[] latencies = new Latencies[PHASES];
    /** Events whose seq was not the one expected next on their stream (a duplicate, a gap, a reorder). */
    final AtomicLong outOfSequence = new AtomicLong();
    /** replay_gap notices (none are expected). */
    final AtomicLong gaps = new AtomicLong();

    Tally(int pacedCapacity, int burstCapacity) {
        latencies[WARM_UP] = new Latencies(1);
        latencies[PACED] = new Latencies(pacedCapacity);
        latencies[BURST] = new Latencies(burstCapacity);
        latencies[END] = new Latencies(1);
        latencies[REPLAY] = new Latencies(1);
    }

    /** One event of a phase, sent at {@code sentAt} and received at {@code now} (System.nanoTime). */
    void record(int phase, long sentAt, long now) {
        if (phase < 0 || phase >= PHASES) {
            return;
        }
        latencies[phase].record(now - sentAt);
        lastAt.accumulateAndGet(phase, now, Math::max);
        delivered.incrementAndGet(phase);
    }

    long delivered(int phase) {
        return delivered.get(phase);
    }

    long lastAt(int phase) {
        return lastAt.get(phase);
    }

    Latencies latencies(int phase) {
        return latencies[phase];
    }
}
