package org.strategylab.evaluation.ids;

/**
 * A minimal open-addressing set of strings for de-duplicating ID lists on hot paths: no node
 * allocation per element (unlike {@link java.util.HashSet}), linear probing, and the String's
 * cached hash code. Not a general collection: add and size only.
 */
public final class OpenStringSet {
    private String[] table;
    private int size;
    private int mask;

    /** A set sized for about {@code expected} elements (it grows as needed). */
    public OpenStringSet(int expected) {
        int cap = Integer.highestOneBit(Math.max(8, expected * 2 - 1)) << 1;
        table = new String[cap];
        mask = cap - 1;
    }

    /** Adds {@code s}; false if it was already present. */
    public boolean add(String s) {
        int h = s.hashCode();
        int i = (h ^ (h >>> 16)) & mask;
        String e;
        while ((e = table[i]) != null) {
            if (e == s || e.equals(s)) {
                return false;
            }
            i = (i + 1) & mask;
        }
        table[i] = s;
        if (++size * 2 > table.length) {
            grow();
        }
        return true;
    }

    /** The number of distinct strings added. */
    public int size() {
        return size;
    }

    private void grow() {
        String[] old = table;
        table = new String[old.length * 2];
        mask = table.length - 1;
        for (String s : old) {
            if (s != null) {
                int h = s.hashCode();
                int i = (h ^ (h >>> 16)) & mask;
                while (table[i] != null) {
                    i = (i + 1) & mask;
                }
                table[i] = s;
            }
        }
    }
}
