package org.strategylab.gateway.stream;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The records a tail has read most recently, per partition, within a byte budget: enough that a
 * stream opened on a new operation (whose first events the tail read moments before the stream's
 * POST was answered) catches up from memory instead of with a read from the broker. Every record
 * the tail reads from the partition's {@link #floor} on is here; older ones have been let go.
 * Written by the tail's thread, read by streams; each partition is guarded by its own lock.
 */
final class RecentRecords {

    /** One record as read: its offset, key (the operation id) and value (the event envelope). */
    record Held(long offset, String key, byte[] value) {
    }

    private final Partition[] partitions;
    private final long budgetBytes;

    /**
     * @param partitionCount the topic's partitions
     * @param budgetBytes    the most value bytes kept per partition (0: keep nothing)
     */
    RecentRecords(int partitionCount, long budgetBytes) {
        this.partitions = new Partition[partitionCount];
        for (int i = 0; i < partitionCount; i++) {
            partitions[i] = new Partition();
        }
        this.budgetBytes = budgetBytes;
    }

    /** The tail starts (or goes on) reading the partition at {@code offset}: nothing older is held. */
    void startAt(int partition, long offset) {
        Partition p = partitions[partition];
        synchronized (p) {
            if (p.records.isEmpty() || p.nextOffset != offset) {
                p.records.clear();
                p.bytes = 0;
                p.floor = offset;
            }
            p.nextOffset = offset;
        }
    }

    /** A record the tail has just read, in offset order. */
    void add(int partition, long offset, String key, byte[] value) {
        if (partition >= partitions.length) {
            return;
        }
        Partition p = partitions[partition];
        synchronized (p) {
            p.nextOffset = offset + 1;
            if (value == null || value.length > budgetBytes) {
                // too large to hold at all: nothing before it can be answered from here either
                p.records.clear();
                p.bytes = 0;
                p.floor = offset + 1;
                return;
            }
            p.records.addLast(new Held(offset, key, value));
            p.bytes += value.length;
            while (p.bytes > budgetBytes) {
                Held dropped = p.records.removeFirst();
                p.bytes -= dropped.value().length;
                p.floor = dropped.offset() + 1;
            }
        }
    }

    /** The tail's consumer is at {@code offset} with every record below it read (offsets without records skipped). */
    void advance(int partition, long offset) {
        if (partition >= partitions.length) {
            return;
        }
        Partition p = partitions[partition];
        synchronized (p) {
            if (offset > p.nextOffset) {
                p.nextOffset = offset;
            }
        }
    }

    /**
     * The records of one key in [from, until), if every record of the partition in that range is
     * held (the range starts at or above the floor and ends at or below what the tail has read);
     * empty when the broker must be asked.
     */
    Optional<List<Held>> between(int partition, long from, long until, String key) {
        if (partition >= partitions.length) {
            return Optional.empty();
        }
        Partition p = partitions[partition];
        synchronized (p) {
            if (from < p.floor || until > p.nextOffset) {
                return Optional.empty();
            }
            List<Held> found = new ArrayList<>();
            for (Held held : p.records) {
                if (held.offset() >= until) {
                    break;
                }
                if (held.offset() >= from && key.equals(held.key())) {
                    found.add(held);
                }
            }
            return Optional.of(found);
        }
    }

    /** How many partitions it keeps records of. */
    int partitions() {
        return partitions.length;
    }

    /** The lowest offset of the partition answered from memory. */
    long floor(int partition) {
        Partition p = partitions[partition];
        synchronized (p) {
            return p.floor;
        }
    }

    private static final class Partition {
        private final ArrayDeque<Held> records = new ArrayDeque<>();
        private long bytes;
        /** Every record from this offset up to {@link #nextOffset} is held. */
        private long floor = Long.MAX_VALUE;
        private long nextOffset = Long.MIN_VALUE;
    }
}
