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
        OffsetDateTime endedAt) {

    /** Whether the operation still runs (or waits for a worker). */
    public boolean active() {
        return status == OperationStatus.ACTIVE;
    }
}
