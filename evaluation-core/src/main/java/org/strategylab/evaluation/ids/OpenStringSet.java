package org.strategylab.evaluation.ids;

/**
 * A minimal set of strings for de-duplicating ID lists on hot paths, on the same flat table as the
 * control index ({@link IdInterner}): no node allocation per element (unlike
 * {@link java.util.HashSet}), and a probe compares stored hash codes before it loads a string.
 * Not a general collection: add and size only.
 */
public final class OpenStringSet {
    private final IdInterner members;

    /** A set sized for about {@code expected} elements (it grows as needed). */
    public OpenStringSet(int expected) {
        members = new IdInterner(expected);
    }

    /** Adds {@code s}; false if it was already present. */
    public boolean add(String s) {
        int before = members.size();
        return members.intern(s) == before;
    }

    /** The number of distinct strings added. */
    public int size() {
        return members.size();
    }
}
