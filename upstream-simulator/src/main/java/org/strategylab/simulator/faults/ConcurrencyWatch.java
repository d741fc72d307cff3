package org.strategylab.simulator.faults;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;

/**
 * Counts the requests on matching paths that are under way at once, so a test can observe a
 * client's concurrency at the site ({@link FaultInjector#watchConcurrency}): a request counts from
 * the moment it arrives (before any injected latency) until its response ends or its connection closes.
 */
public final class ConcurrencyWatch {

    private final Pattern path;
    private final AtomicInteger current = new AtomicInteger();
    private final AtomicInteger peak = new AtomicInteger();
    private final AtomicLong requests = new AtomicLong();

    ConcurrencyWatch(String pathRegex) {
        this.path = Pattern.compile(pathRegex);
    }

    boolean matches(String requestPath) {
        return path.matcher(requestPath).find();
    }

    void enter() {
        requests.incrementAndGet();
        peak.accumulateAndGet(current.incrementAndGet(), Math::max);
    }

    void leave() {
        current.decrementAndGet();
    }

    /** The most matching requests that were under way at once. */
    public int peak() {
        return peak.get();
    }

    /** Matching requests under way now. */
    public int current() {
        return current.get();
    }

    /** Matching requests seen. */
    public long requests() {
        return requests.get();
    }
}
