package org.strategylab.eventlog.operation;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.ToIntFunction;

/**
 * Work waiting for a slot, kept per owner and handed out owner by owner instead of in arrival
 * order: the next item is the oldest of the owner with the least work running now, ties going to the
 * owner served longest ago (an owner never served first). So one user's burst of fifty queued runs
 * delays another user's first run by at most one run's time, and each owner's own work still starts
 * in the order it came. Not thread-safe: its user holds a lock around it. Used for the commands
 * waiting for a run slot ({@link CommandWorkers}) and by experiment-service's intake for requests
 * waiting for their turn to be read.
 *
 * @param <T> what waits
 */
public final class FairQueue<T> {

    private final Map<String, Deque<T>> byOwner = new LinkedHashMap<>();
    private final Map<String, Long> lastServed = new HashMap<>();
    private long served;
    private int size;

    /** Puts an item at the back of its owner's line. */
    public void add(String owner, T item) {
        byOwner.computeIfAbsent(owner, o -> new ArrayDeque<>()).addLast(item);
        size++;
    }

    /**
     * Takes the next item: the oldest of the owner with the fewest items running ({@code running}),
     * then the owner served longest ago. Null when nothing waits.
     */
    public T poll(ToIntFunction<String> running) {
        return poll(running, owner -> true);
    }

    /**
     * Takes the next item of an owner that may be served now ({@code eligible}, e.g. under its
     * share): the oldest of such an owner with the fewest items running, then the one served longest
     * ago. Null when no such owner has an item waiting.
     */
    public T poll(ToIntFunction<String> running, java.util.function.Predicate<String> eligible) {
        String chosen = null;
        int chosenRunning = Integer.MAX_VALUE;
        long chosenServed = Long.MAX_VALUE;
        for (String owner : byOwner.keySet()) {
            if (!eligible.test(owner)) {
                continue;
            }
            int now = running.applyAsInt(owner);
            long last = lastServed.getOrDefault(owner, -1L);
            if (now < chosenRunning || (now == chosenRunning && last < chosenServed)) {
                chosen = owner;
                chosenRunning = now;
                chosenServed = last;
            }
        }
        if (chosen == null) {
            return null;
        }
        Deque<T> line = byOwner.get(chosen);
        T item = line.pollFirst();
        if (line.isEmpty()) {
            byOwner.remove(chosen);
        }
        lastServed.put(chosen, served++);
        size--;
        if (byOwner.isEmpty()) {
            // nobody waits: who was served when no longer matters, and the map would only grow
            lastServed.clear();
        }
        return item;
    }

    /** Takes an item out of its owner's line before its turn (it gave up waiting); false when it is not there. */
    public boolean remove(String owner, T item) {
        Deque<T> line = byOwner.get(owner);
        if (line == null || !line.remove(item)) {
            return false;
        }
        if (line.isEmpty()) {
            byOwner.remove(owner);
        }
        size--;
        return true;
    }

    /** How many items wait. */
    public int size() {
        return size;
    }

    /** Whether nothing waits. */
    public boolean isEmpty() {
        return size == 0;
    }
}
