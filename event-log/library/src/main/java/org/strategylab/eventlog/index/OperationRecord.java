package org.strategylab.eventlog.index;

import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * One row of the operations index: who owns an operation, what it works on, and where its events
 * are in the log.
 *
 * @param id              the operation id (also the record key of its events)
 * @param ownerId         the user who started it; anyone else is told it does not exist
 * @param type            its kind ({@code chat}, {@code experiment}, {@code batch}, …)
 * @param targetId        what it works on (conversation, experiment), or null
 * @param topic           the events topic
 * @param partition       the partition every event of the operation is in (key = id)
 * @param firstOffset     the partition's end offset when it started: no event of it lies before
 * @param epoch           the topic's identity when it started
 * @param status          active until its terminal event is written
 * @param cancelRequested whether someone asked to cancel it
 * @param leaseHolder     the worker instance running it, or null before one claims it
 * @param leaseExpiresAt  when the worker is presumed dead unless it renews
 * @param createdAt       when it started
 * @param endedAt         when it ended, or null
 * @param claimedAt       when a worker first took it, or null while it waits for one (queued)
 */
public record OperationRecord(
        UUID id,
        String ownerId,
        String type,
        String targetId,
        String topic,
        int partition,
        long firstOffset,
        long epoch,
        OperationStatus status,
        boolean cancelRequested,
        String leaseHolder,
        OffsetDateTime leaseExpiresAt,
        OffsetDateTime createdAt,
        OffsetDateTime endedAt,
        OffsetDateTime claimedAt) {

    /** An operation no worker has taken yet (as a request registers it, or a header describes it). */
    public OperationRecord(UUID id, String ownerId, String type, String targetId, String topic, int partition,
                           long firstOffset, long epoch, OperationStatus status, boolean cancelRequested,
                           String leaseHolder, OffsetDateTime leaseExpiresAt, OffsetDateTime createdAt,
                           OffsetDateTime endedAt) {
        this(id, ownerId, type, targetId, topic, partition, firstOffset, epoch, status, cancelRequested, leaseHolder,
                leaseExpiresAt, createdAt, endedAt, null);
    }

    /** Whether the operation still runs (or waits for a worker). */
    public boolean active() {
        return status == OperationStatus.ACTIVE;
    }

    /** Whether it is active and no worker has taken it yet: it waits in its service's queue. */
    public boolean queued() {
        return active() && claimedAt == null;
    }

    /**
     * The status clients are shown: {@code queued} while it waits for a worker, {@code running}
     * once one took it, else the final status ({@code completed}, {@code failed}, {@code cancelled}).
     */
    public String publicStatus() {
        if (!active()) {
            return status.wire();
        }
        return claimedAt == null ? "queued" : "running";
    }
}
