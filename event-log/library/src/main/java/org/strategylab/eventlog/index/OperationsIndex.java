package org.strategylab.eventlog.index;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The operations index in PostgreSQL ({@code event_log.operations}, migrated by the
 * {@code event-log} Flyway datasource): ownership, log position, status, leases and cancel
 * requests. Every write that a race could double (claims, renewals, ending) is one conditional
 * {@code UPDATE}, so two instances never both win.
 */
@ApplicationScoped
public class OperationsIndex {

    private static final String COLUMNS = "id, owner_id, type, target_id, topic, topic_partition, first_offset, "
            + "topic_epoch, status, cancel_requested, lease_holder, lease_expires_at, created_at, ended_at, claimed_at";

    @Inject
    Pool pool;

    /**
     * Adds a new active operation. With a lease holder it is claimed at once for {@code lease};
     * without one it is queued: it holds no lease and waits until a worker takes it (the reaper
     * ends it only once no worker for its topic has been seen for the claim timeout).
     */
    public Uni<Void> insert(OperationRecord operation, Duration lease) {
        return pool.preparedQuery("INSERT INTO event_log.operations (id, owner_id, type, target_id, topic, "
                        + "topic_partition, first_offset, topic_epoch, status, lease_holder, lease_expires_at, claimed_at) "
                        + "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'active', $9, "
                        + "CASE WHEN $9::text IS NULL THEN NULL ELSE now() + $10 * interval '1 millisecond' END, "
                        + "CASE WHEN $9::text IS NULL THEN NULL ELSE now() END)")
                .execute(Tuple.tuple()
                        .addUUID(operation.id())
                        .addString(operation.ownerId())
                        .addString(operation.type())
                        .addString(operation.targetId())
                        .addString(operation.topic())
                        .addInteger(operation.partition())
                        .addLong(operation.firstOffset())
                        .addLong(operation.epoch())
                        .addString(operation.leaseHolder())
                        .addLong(lease.toMillis()))
                .replaceWithVoid();
    }

    /** The operation, whoever owns it (for workers and the reaper). */
    public Uni<Optional<OperationRecord>> find(UUID id) {
        return pool.preparedQuery("SELECT " + COLUMNS + " FROM event_log.operations WHERE id = $1")
                .execute(Tuple.of(id))
                .map(OperationsIndex::first);
    }

    /** The operation if this owner started it; empty for a missing or someone else's one alike. */
    public Uni<Optional<OperationRecord>> findOwned(UUID id, String ownerId) {
        return pool.preparedQuery("SELECT " + COLUMNS + " FROM event_log.operations WHERE id = $1 AND owner_id = $2")
                .execute(Tuple.of(id, ownerId))
                .map(OperationsIndex::first);
    }

    /** The owner's active operations, newest first, optionally of one type and one target. */
    public Uni<List<OperationRecord>> listActive(String ownerId, String type, String targetId, int limit, int offset) {
        return pool.preparedQuery("SELECT " + COLUMNS + " FROM event_log.operations WHERE owner_id = $1 "
                        + "AND status = 'active' AND ($2::text IS NULL OR type = $2) "
                        + "AND ($3::text IS NULL OR target_id = $3) ORDER BY created_at DESC, id LIMIT $4 OFFSET $5")
                .execute(Tuple.of(ownerId, type, targetId, limit, offset))
                .map(OperationsIndex::all);
    }

    /** How many active operations {@link #listActive} would list without paging. */
    public Uni<Long> countActive(String ownerId, String type, String targetId) {
        return pool.preparedQuery("SELECT count(*) FROM event_log.operations WHERE owner_id = $1 "
                        + "AND status = 'active' AND ($2::text IS NULL OR type = $2) AND ($3::text IS NULL OR target_id = $3)")
                .execute(Tuple.of(ownerId, type, targetId))
                .map(rows -> rows.iterator().next().getLong(0));
    }

    /**
     * Records a cancel request on an active operation the owner started.
     *
     * @return true when the operation was active and is now flagged
     */
    public Uni<Boolean> requestCancel(UUID id, String ownerId) {
        return pool.preparedQuery("UPDATE event_log.operations SET cancel_requested = TRUE "
                        + "WHERE id = $1 AND owner_id = $2 AND status = 'active' RETURNING id")
                .execute(Tuple.of(id, ownerId))
                .map(rows -> rows.rowCount() > 0);
    }

    /** An operation just taken, and whether anyone had held it before (if not, it has no events yet). */
    public record Taken(OperationRecord operation, boolean heldBefore) {
    }

    /**
     * Takes the lease of an active operation that is queued (no holder) or already this holder's,
     * and answers the row as taken, in one statement (the hand-off of a command to its worker is on
     * every run's path). An operation another worker held stays with it even once its lease has
     * expired: only the reaper takes that over ({@link #claimAbandoned}), so a command delivered
     * again after its worker died does not start a run the reaper neither counts nor announces.
     *
     * @return empty when the operation ended or another worker holds or held it
     */
    public Uni<Optional<Taken>> take(UUID id, String holder, Duration lease) {
        // the sub-select reads the row as it was before this UPDATE (the statement's snapshot): an
        // active operation nobody ever held has no lease holder, and only a holder writes events
        return pool.preparedQuery("UPDATE event_log.operations o SET lease_holder = $2, "
                        + "lease_expires_at = now() + $3 * interval '1 millisecond', claimed_at = coalesce(o.claimed_at, now()) "
                        + "WHERE o.id = $1 AND o.status = 'active' "
                        + "AND (o.lease_holder IS NULL OR o.lease_holder = $2) "
                        + "RETURNING " + qualified("o") + ", (SELECT p.lease_holder IS NOT NULL OR p.attempts > 1 "
                        + "FROM event_log.operations p WHERE p.id = $1) AS held_before")
                .execute(Tuple.of(id, holder, lease.toMillis()))
                .map(rows -> {
                    var iterator = rows.iterator();
                    if (!iterator.hasNext()) {
                        return Optional.<Taken>empty();
                    }
                    Row row = iterator.next();
                    return Optional.of(new Taken(map(row), Boolean.TRUE.equals(row.getBoolean("held_before"))));
                });
    }

    /**
     * The command that started an operation, kept so that the operation can be run again if its
     * worker dies ({@link #requeue}).
     *
     * @param topic    the commands topic it came from
     * @param payload  the command as it was on the topic (commands carry no credential)
     * @param attempts the runs of the operation begun so far
     */
    public record StoredCommand(String topic, String payload, int attempts) {
    }

    /** Keeps the command that started an operation (see {@link StoredCommand}). */
    public Uni<Void> rememberCommand(UUID id, String topic, String payload) {
        return pool.preparedQuery("UPDATE event_log.operations SET command = $2, command_topic = $3 WHERE id = $1")
                .execute(Tuple.of(id, payload, topic))
                .replaceWithVoid();
    }

    /** The command kept for an operation, if any. */
    public Uni<Optional<StoredCommand>> storedCommand(UUID id) {
        return pool.preparedQuery("SELECT command_topic, command, attempts FROM event_log.operations "
                        + "WHERE id = $1 AND command IS NOT NULL")
                .execute(Tuple.of(id))
                .map(rows -> {
                    var iterator = rows.iterator();
                    if (!iterator.hasNext()) {
                        return Optional.<StoredCommand>empty();
                    }
                    Row row = iterator.next();
                    return Optional.of(new StoredCommand(row.getString(0), row.getString(1), row.getInteger(2)));
                });
    }

    /**
     * A queued operation taken straight from the index, with the command kept for it.
     *
     * @param operation  the operation, now held by the taker
     * @param payload    its command as it was written to the commands topic
     * @param heldBefore whether it was run before (put back after its worker died): its log goes on from there
     */
    public record TakenQueued(OperationRecord operation, String payload, boolean heldBefore) {
    }

    /**
     * Takes for this holder the queued operation of {@code topic} that has waited at least
     * {@code waited} and whose command was kept: of the owners with such operations, the one with the
     * fewest running in the topic (across every instance), that owner's oldest. Rows another instance
     * is taking right now are skipped, not waited for; the instance its command went to then finds it
     * taken when it reads the command, and skips it.
     *
     * @return empty when no queued operation qualifies
     */
    public Uni<Optional<TakenQueued>> takeQueued(String holder, String topic, Duration waited, Duration lease) {
        return pool.preparedQuery("WITH running AS (SELECT owner_id, count(*) AS n FROM event_log.operations "
                        + "WHERE topic = $2 AND status = 'active' AND lease_holder IS NOT NULL GROUP BY owner_id) "
                        + "UPDATE event_log.operations o SET lease_holder = $1, "
                        + "lease_expires_at = now() + $4 * interval '1 millisecond', claimed_at = now() "
                        + "WHERE o.id = (SELECT q.id FROM event_log.operations q LEFT JOIN running r ON r.owner_id = q.owner_id "
                        + "WHERE q.topic = $2 AND q.status = 'active' AND q.lease_holder IS NULL AND q.claimed_at IS NULL "
                        + "AND q.command IS NOT NULL AND q.created_at < now() - $3 * interval '1 millisecond' "
                        + "ORDER BY coalesce(r.n, 0), q.created_at LIMIT 1 FOR UPDATE OF q SKIP LOCKED) "
                        + "AND o.lease_holder IS NULL AND o.status = 'active' "
                        + "RETURNING " + qualified("o") + ", o.command, o.attempts")
                .execute(Tuple.of(holder, topic, waited.toMillis(), lease.toMillis()))
                .map(rows -> {
                    var iterator = rows.iterator();
                    if (!iterator.hasNext()) {
                        return Optional.<TakenQueued>empty();
                    }
                    Row row = iterator.next();
                    return Optional.of(new TakenQueued(map(row), row.getString("command"), row.getInteger("attempts") > 1));
                });
    }

    /**
     * Puts an operation this holder took over (its worker died) back in the queue for its next
     * attempt: no holder, not claimed, one attempt more. Its command is then sent again.
     *
     * @return false when the holder no longer has it
     */
    public Uni<Boolean> requeue(UUID id, String holder) {
        return pool.preparedQuery("UPDATE event_log.operations SET lease_holder = NULL, lease_expires_at = NULL, "
                        + "claimed_at = NULL, attempts = attempts + 1 "
                        + "WHERE id = $1 AND lease_holder = $2 AND status = 'active' RETURNING id")
                .execute(Tuple.of(id, holder))
                .map(rows -> rows.rowCount() > 0);
    }

    /** A renewed lease and whether its operation was asked to stop. */
    public record Renewal(UUID id, boolean cancelRequested) {
    }

    /**
     * Extends the leases this holder still has on the given operations; one statement per
     * heartbeat, however many operations the instance runs.
     *
     * @return the operations still held (one missing from the answer was lost or ended)
     */
    public Uni<List<Renewal>> renew(String holder, List<UUID> ids, Duration lease) {
        if (ids.isEmpty()) {
            return Uni.createFrom().item(List.of());
        }
        return pool.preparedQuery("UPDATE event_log.operations SET lease_expires_at = now() + $3 * interval '1 millisecond' "
                        + "WHERE lease_holder = $1 AND status = 'active' AND id = ANY($2) RETURNING id, cancel_requested")
                .execute(Tuple.of(holder, ids.toArray(UUID[]::new), lease.toMillis()))
                .map(rows -> {
                    List<Renewal> renewals = new ArrayList<>();
                    for (Row row : rows) {
                        renewals.add(new Renewal(row.getUUID("id"), row.getBoolean("cancel_requested")));
                    }
                    return renewals;
                });
    }

    /**
     * Marks an operation ended, once its terminal event is in the log.
     *
     * @return true when this holder still held it (false: the reaper ended it already)
     */
    public Uni<Boolean> finish(UUID id, String holder, OperationStatus status) {
        return pool.preparedQuery("UPDATE event_log.operations SET status = $3, ended_at = now(), "
                        + "lease_holder = NULL, lease_expires_at = NULL WHERE id = $1 AND status = 'active' AND lease_holder = $2 "
                        + "RETURNING id")
                .execute(Tuple.of(id, holder, status.wire()))
                .map(rows -> rows.rowCount() > 0);
    }

    /**
     * About how many operations of the same topic (the same service's queue) a worker will take
     * before this one; 0 for one that is not queued. Workers hand free slots out user by user
     * ({@code CommandWorkers}), so it is the owner's own operations queued before it ({@code k - 1}
     * of them) plus, for every other user with queued work, as many of theirs as would come first in
     * turn (at most {@code k}): a user's first run is not told it waits behind another user's fifty.
     * An estimate: each instance takes the commands of its own partitions, and who has least running
     * decides ties.
     */
    public Uni<Long> queuedAhead(OperationRecord operation) {
        if (!operation.queued()) {
            return Uni.createFrom().item(0L);
        }
        return pool.preparedQuery("WITH queued AS (SELECT owner_id, created_at FROM event_log.operations "
                        + "WHERE topic = $1 AND status = 'active' AND claimed_at IS NULL AND lease_holder IS NULL), "
                        + "own AS (SELECT count(*) AS n FROM queued WHERE owner_id = $2 AND created_at < $3) "
                        + "SELECT (SELECT n FROM own) + coalesce((SELECT sum(LEAST(c, (SELECT n FROM own) + 1)) FROM "
                        + "(SELECT count(*) AS c FROM queued WHERE owner_id <> $2 GROUP BY owner_id) others), 0)")
                .execute(Tuple.of(operation.topic(), operation.ownerId(), operation.createdAt()))
                .map(rows -> rows.iterator().next().getLong(0));
    }

    /**
     * Takes over operations that can no longer end by themselves, oldest first; rows another reaper
     * is taking right now are skipped, not waited for. Two kinds: a claimed operation whose lease
     * expired (its worker died), and a queued one that has waited longer than {@code claimTimeout}
     * while no worker for its topic has been seen for that long either. A queued operation is never
     * ended merely for waiting: while a worker lives, it will take it. Which kind a row was is told
     * by its {@link OperationRecord#claimedAt()} (null: never claimed).
     */
    public Uni<List<OperationRecord>> claimAbandoned(String holder, int limit, Duration lease, Duration claimTimeout) {
        return pool.preparedQuery("UPDATE event_log.operations SET lease_holder = $1, "
                        + "lease_expires_at = now() + $3 * interval '1 millisecond' WHERE id IN ("
                        + "SELECT o.id FROM event_log.operations o WHERE o.status = 'active' AND (o.lease_expires_at < now() "
                        + "OR (o.claimed_at IS NULL AND o.lease_holder IS NULL AND o.created_at < now() - $4 * interval '1 millisecond' "
                        + "AND NOT EXISTS (SELECT 1 FROM event_log.workers w WHERE w.topic = o.topic "
                        + "AND w.last_seen_at > now() - $4 * interval '1 millisecond'))) "
                        + "ORDER BY coalesce(o.lease_expires_at, o.created_at) LIMIT $2 FOR UPDATE SKIP LOCKED) RETURNING " + COLUMNS)
                .execute(Tuple.of(holder, limit, lease.toMillis(), claimTimeout.toMillis()))
                .map(OperationsIndex::all);
    }

    /**
     * Records that this instance is alive and takes the operations whose events go to these topics
     * (one statement per heartbeat): a queued operation of such a topic waits for it.
     */
    public Uni<Void> workersSeen(String instance, List<String> topics) {
        if (topics.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        return pool.preparedQuery("INSERT INTO event_log.workers (topic, instance_id, last_seen_at) "
                        + "SELECT t, $2, now() FROM unnest($1::text[]) AS t "
                        + "ON CONFLICT (topic, instance_id) DO UPDATE SET last_seen_at = now()")
                .execute(Tuple.of(topics.toArray(String[]::new), instance))
                .replaceWithVoid();
    }

    /** Forgets workers not seen for this long (instances that stopped or died). */
    public Uni<Void> forgetWorkers(Duration unseenFor) {
        return pool.preparedQuery("DELETE FROM event_log.workers WHERE last_seen_at < now() - $1 * interval '1 millisecond'")
                .execute(Tuple.of(unseenFor.toMillis()))
                .replaceWithVoid();
    }

    private static String qualified(String alias) {
        return alias + "." + COLUMNS.replace(", ", ", " + alias + ".");
    }

    private static Optional<OperationRecord> first(RowSet<Row> rows) {
        var iterator = rows.iterator();
        return iterator.hasNext() ? Optional.of(map(iterator.next())) : Optional.empty();
    }

    private static List<OperationRecord> all(RowSet<Row> rows) {
        List<OperationRecord> records = new ArrayList<>(rows.rowCount());
        for (Row row : rows) {
            records.add(map(row));
        }
        return records;
    }

    private static OperationRecord map(Row row) {
        return new OperationRecord(
                row.getUUID("id"),
                row.getString("owner_id"),
                row.getString("type"),
                row.getString("target_id"),
                row.getString("topic"),
                row.getInteger("topic_partition"),
                row.getLong("first_offset"),
                row.getLong("topic_epoch"),
                OperationStatus.fromWire(row.getString("status")),
                row.getBoolean("cancel_requested"),
                row.getString("lease_holder"),
                row.getOffsetDateTime("lease_expires_at"),
                row.getOffsetDateTime("created_at"),
                row.getOffsetDateTime("ended_at"),
                row.getOffsetDateTime("claimed_at"));
    }
}
