package org.strategylab.evaluation.ids;

/**
 * An open-addressing map from string to int for the control index: keys and values in flat arrays,
 * so a lookup touches the table, the key and nothing else (no map nodes, no boxed integers).
 * Built once, then read-only and safe to share between threads.
 */
final class StringIndex {
    static final int ABSENT = Integer.MIN_VALUE;
    private String[] keys;
    private int[] values;
    private int mask;
    private int size;

    StringIndex(int expected) {
        int cap = Integer.highestOneBit(Math.max(8, expected * 2 - 1)) << 1;
        keys = new String[cap];
        values = new int[cap];
        mask = cap - 1;
    }

    /** Stores the value unless the key is present; returns the existing value or {@link #ABSENT}. */
    int putIfAbsent(String key, int value) {
        int i = slot(key);
        if (keys[i] != null) {
            return values[i];
        }
        keys[i] = key;
        values[i] = value;
        if (++size * 2 > keys.length) {
            grow();
        }
        return ABSENT;
    }

    /** The value of the key, or {@link #ABSENT}. */
    int get(String key) {
        int i = slot(key);
        return keys[i] == null ? ABSENT : values[i];
    }

    private int slot(String key) {
        int h = key.hashCode();
        int i = (h ^ (h >>> 16)) & mask;
        String k;
        while ((k = keys[i]) != null && k != key && !k.equals(key)) {
            i = (i + 1) & mask;
        }
        return i;
    }

    private void grow() {
        String[] oldKeys = keys;
        int[] oldValues = values;
        keys = new String[oldKeys.length * 2];
        values = new int[keys.length];
        mask = keys.length - 1;
        size = 0;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldKeys[i] != null) {
                putIfAbsent(oldKeys[i], oldValues[i]);
            }
        }
    }
}
