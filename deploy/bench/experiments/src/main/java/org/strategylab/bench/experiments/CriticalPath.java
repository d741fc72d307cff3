package org.strategylab.bench.experiments;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The longest chain of upstream calls that happened strictly one after another (each started after
 * the one before it had answered), by total time: the round trips a run waited for in sequence.
 * Calls that overlapped were not waited for one after the other, so they cannot both be on it.
 */
final class CriticalPath {

    private CriticalPath() {
    }

    /** The chain, in order. */
    static List<RecordingProxy.Call> of(List<RecordingProxy.Call> calls) {
        List<RecordingProxy.Call> sorted = new ArrayList<>(calls);
        sorted.sort(Comparator.comparingLong(RecordingProxy.Call::startNanos));
        int n = sorted.size();
        long[] best = new long[n];
        int[] previous = new int[n];
        int last = -1;
        for (int i = 0; i < n; i++) {
            RecordingProxy.Call call = sorted.get(i);
            best[i] = call.endNanos() - call.startNanos();
            previous[i] = -1;
            for (int j = 0; j < i; j++) {
                if (sorted.get(j).endNanos() <= call.startNanos() && best[j] + (call.endNanos() - call.startNanos()) > best[i]) {
                    best[i] = best[j] + (call.endNanos() - call.startNanos());
                    previous[i] = j;
                }
            }
            if (last < 0 || best[i] > best[last]) {
                last = i;
            }
        }
        List<RecordingProxy.Call> chain = new ArrayList<>();
        for (int i = last; i >= 0; i = previous[i]) {
            chain.add(0, sorted.get(i));
        }
        return chain;
    }

    /** The chain's total time in milliseconds. */
    static double millis(List<RecordingProxy.Call> chain) {
        return chain.stream().mapToDouble(RecordingProxy.Call::millis).sum();
    }
}
