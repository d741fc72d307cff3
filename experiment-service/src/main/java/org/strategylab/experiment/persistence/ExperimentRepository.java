package org.strategylab.experiment.persistence;

import org.strategylab.edge.persistence.IsolatedContext;
import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.panache.common.Parameters;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.strategylab.edge.problem.ProblemException;

/**
 * Experiments in PostgreSQL through Hibernate Reactive Panache. Reads and writes take the owner,
 * so someone else's experiment is never read or changed, only not found. Every unit of work runs
 * in its own transaction on an isolated Vert.x context ({@link IsolatedContext}).
 */
@ApplicationScoped
public class ExperimentRepository {

    /** Status values (spec §2.1). */
    public static final String PENDING = "pending";
    public static final String RUNNING = "running";
    public static final String COMPLETED = "completed";
    public static final String ERROR = "error";
    public static final String CANCELLED = "cancelled";

    @Inject
    IsolatedContext context;

    @ConfigProperty(name = "strategylab.schema")
    String schema;

    /** What lists filter by; {@code null} fields do not filter. */
    public record Filter(String siteId, String status, String batchId, String benchmarkId) {
    }

    /** Stores a new experiment and, in the same transaction, its gene-ID input if it has one. */
    public Uni<ExperimentEntity> insert(ExperimentEntity entity) {
        return insertAll(List.of(entity)).replaceWith(entity);
    }

    /** Stores new experiments and the gene-ID input of those that have one, in one transaction. */
    public Uni<List<ExperimentEntity>> insertAll(List<ExperimentEntity> entities) {
        OffsetDateTime now = OffsetDateTime.now();
        List<Object> rows = new ArrayList<>(entities);
        entities.forEach(e -> {
            e.createdAt = now;
            e.updatedAt = now;
            if (e.targetGeneIds != null) {
                ExperimentTargetsEntity targets = new ExperimentTargetsEntity();
                targets.experimentId = e.id;
                targets.geneIds = e.targetGeneIds.toArray(String[]::new);
                rows.add(targets);
            }
        });
        return context.run(() -> Panache.withTransaction(() -> ExperimentEntity.persist(rows)))
                .replaceWith(entities);
    }

    /**
     * A gene-ID experiment's input, in the order it was given; empty for an experiment of another
     * mode (or none). Read as a plain value, not a managed entity: the run holds it for its whole
     * length and nothing writes it back.
     */
    public Uni<List<String>> targets(UUID experimentId) {
        return context.run(() -> Panache.withSession(() -> Panache.getSession().chain(session -> session
                .createSelectionQuery("select t.geneIds from ExperimentTargetsEntity t where t.experimentId = :id",
                        String[].class)
                .setParameter("id", experimentId)
                .getSingleResultOrNull())))
                .map(ids -> ids == null ? List.of() : List.of(ids));
    }

    /** The experiment, if the caller owns it. */
    public Uni<Optional<ExperimentEntity>> findOwned(UUID id, String ownerId) {
        return context.run(() -> Panache.withSession(() -> ExperimentEntity.<ExperimentEntity>find(
                        "id = :id and ownerId = :owner", Parameters.with("id", id).and("owner", ownerId))
                .firstResult()))
                .map(Optional::ofNullable);
    }

    /** The experiment whoever owns it (workers, which got its id from a command). */
    public Uni<Optional<ExperimentEntity>> find(UUID id) {
        return context.run(() -> Panache.withSession(() -> ExperimentEntity.<ExperimentEntity>findById(id)))
                .map(Optional::ofNullable);
    }


    /** One page of the owner's experiments, newest first. */
    public Uni<List<ExperimentEntity>> list(String ownerId, Filter filter, int limit, int offset) {
        return context.run(() -> Panache.withSession(() -> ExperimentEntity.<ExperimentEntity>find(
                        WHERE, Sort.by("createdAt", Sort.Direction.Descending).and("id"), parameters(ownerId, filter))
                .range(offset, offset + limit - 1).list()));
    }

    /** How many experiments {@link #list} would give without paging. */
    public Uni<Long> count(String ownerId, Filter filter) {
        return context.run(() -> Panache.withSession(() -> ExperimentEntity.count(WHERE, parameters(ownerId, filter))));
    }

    private static final String WHERE = "ownerId = :owner"
            + " and (:site is null or siteId = :site)"
            + " and (:status is null or status = :status)"
            + " and (:batch is null or batchId = :batch)"
            + " and (:benchmark is null or benchmarkId = :benchmark)";

    private static Parameters parameters(String ownerId, Filter filter) {
        return Parameters.with("owner", ownerId).and("site", filter.siteId()).and("status", filter.status())
                .and("batch", filter.batchId()).and("benchmark", filter.benchmarkId());
    }

    /**
     * Changes one experiment in a transaction: loads it, applies the change, writes it.
     *
     * @return the changed row, or empty when there is no such experiment (or it is not the owner's,
     *         when an owner is given)
     */
    public Uni<Optional<ExperimentEntity>> update(UUID id, String ownerId, Consumer<ExperimentEntity> change) {
        return context.run(() -> Panache.withTransaction(() -> ExperimentEntity.<ExperimentEntity>findById(id)
                .map(found -> {
                    if (found == null || (ownerId != null && !ownerId.equals(found.ownerId))) {
                        return Optional.<ExperimentEntity>empty();
                    }
                    change.accept(found);
                    found.updatedAt = OffsetDateTime.now();
                    return Optional.of(found);
                })));
    }

    /** What a refine or an undo did: the experiment as it is now, and the version it replaced. */
    public record VersionChange(ExperimentEntity current, ExperimentVersionEntity replaced) {
    }

    /**
     * Makes the next version of the owner's experiment in one transaction: its current state is kept
     * as an earlier version ({@code experiment_versions}), then {@code change} turns the row into the
     * next one (the version number goes up by one).
     *
     * @param basedOn the version the refinement was computed from: if another change made a newer one
     *                meanwhile, nothing is written and the answer is a 409
     * @return the new version, or empty when there is no such experiment of the owner's
     */
    public Uni<Optional<ExperimentEntity>> newVersion(UUID id, String ownerId, int basedOn, Consumer<ExperimentEntity> change) {
        return context.run(() -> Panache.withTransaction(() -> lockedOwned(id, ownerId).chain(found -> {
            if (found == null) {
                return Uni.createFrom().item(Optional.<ExperimentEntity>empty());
            }
            requireVersion(found, basedOn);
            OffsetDateTime now = OffsetDateTime.now();
            ExperimentVersionEntity kept = ExperimentVersionEntity.of(found, now);
            return kept.persist().map(persisted -> {
                change.accept(found);
                found.version = kept.version + 1;
                found.refinedAt = now;
                found.updatedAt = now;
                return Optional.of(found);
            });
        })));
    }

    /**
     * Undoes the owner's latest refinement in one transaction: the latest earlier version goes back
     * into the row, exactly as it was kept, and is no longer an earlier version.
     *
     * @param expected the version the caller means to undo (null: whichever is current)
     * @return the experiment back at its earlier version and the version that was undone (as it was),
     *         or empty when there is no such experiment of the owner's
     */
    public Uni<Optional<VersionChange>> undo(UUID id, String ownerId, Integer expected) {
        return context.run(() -> Panache.withTransaction(() -> lockedOwned(id, ownerId).chain(found -> {
            if (found == null) {
                return Uni.createFrom().item(Optional.<VersionChange>empty());
            }
            if (expected != null) {
                requireVersion(found, expected);
            }
            if (PENDING.equals(found.status) || RUNNING.equals(found.status)) {
                throw ProblemException.conflict("EXPERIMENT_RUNNING", "The experiment is running; undo once it has ended");
            }
            if (found.version <= 1) {
                throw ProblemException.conflict("NOTHING_TO_UNDO", "The experiment is at its first version: no refinement to undo");
            }
            return ExperimentVersionEntity.<ExperimentVersionEntity>findById(new ExperimentVersionEntity.Key(id, found.version - 1))
                    .chain(earlier -> {
                        if (earlier == null) {
                            throw ProblemException.conflict("NOTHING_TO_UNDO", "The version before this one is not kept");
                        }
                        ExperimentVersionEntity undone = ExperimentVersionEntity.of(found, OffsetDateTime.now());
                        earlier.restoreInto(found);
                        found.updatedAt = OffsetDateTime.now();
                        return earlier.delete().replaceWith(Optional.of(new VersionChange(found, undone)));
                    });
        })));
    }

    /** The experiment's earlier versions, oldest first (none before its first refine). */
    public Uni<List<ExperimentVersionEntity>> earlierVersions(UUID id) {
        return context.run(() -> Panache.withSession(() -> ExperimentVersionEntity.<ExperimentVersionEntity>find(
                "experimentId = :id", Sort.by("version"), Parameters.with("id", id)).list()));
    }

    /** One earlier version of the experiment, if it is kept. */
    public Uni<Optional<ExperimentVersionEntity>> earlierVersion(UUID id, int version) {
        return context.run(() -> Panache.withSession(() -> ExperimentVersionEntity.<ExperimentVersionEntity>findById(
                new ExperimentVersionEntity.Key(id, version)))).map(Optional::ofNullable);
    }

    /** The owner's row, locked for the rest of the transaction (a refine and an undo at once take turns). */
    private static Uni<ExperimentEntity> lockedOwned(UUID id, String ownerId) {
        return ExperimentEntity.<ExperimentEntity>findById(id, jakarta.persistence.LockModeType.PESSIMISTIC_WRITE)
                .map(found -> found == null || !ownerId.equals(found.ownerId) ? null : found);
    }

    private static void requireVersion(ExperimentEntity found, int expected) {
        if (found.version != expected) {
            throw ProblemException.conflict("VERSION_CHANGED", "The experiment is at version " + found.version
                    + ", not " + expected + ": it changed meanwhile; read it again");
        }
    }

    /**
     * Marks a {@code pending} experiment {@code running} without reading it; a cancel or a failure
     * written first stays.
     */
    public Uni<Void> markRunning(UUID id) {
        return context.run(() -> Panache.withTransaction(() -> ExperimentEntity.update(
                "status = :running, updatedAt = :now where id = :id and status = :pending",
                Parameters.with("running", RUNNING).and("now", OffsetDateTime.now()).and("id", id).and("pending", PENDING))))
                .replaceWithVoid();
    }

    /**
     * Writes what a run has computed so far (its results and its step at the site) without reading
     * the row: a run writes its state after every phase, and a read would load and snapshot the
     * configuration and the results each time only to replace them.
     */
    public Uni<Void> keepState(UUID id, JsonNode result, Long upstreamStrategyId, Long upstreamStepId) {
        return context.run(() -> Panache.withTransaction(() -> ExperimentEntity.update(
                "result = :result, upstreamStrategyId = :strategy, upstreamStepId = :step, updatedAt = :now where id = :id",
                Parameters.with("result", result).and("strategy", upstreamStrategyId).and("step", upstreamStepId)
                        .and("now", OffsetDateTime.now()).and("id", id))))
                .replaceWithVoid();
    }

    /**
     * Notes the strategy a run has just made on the site (null: none any more), before anything else
     * is computed from it: if the run's worker dies, the run's next attempt finds it here and deletes it
     * instead of leaving it among the account's unsaved strategies.
     */
    public Uni<Void> keepStrategy(UUID id, Long upstreamStrategyId) {
        return context.run(() -> Panache.withTransaction(() -> ExperimentEntity.update(
                "upstreamStrategyId = :strategy, updatedAt = :now where id = :id",
                Parameters.with("strategy", upstreamStrategyId).and("now", OffsetDateTime.now()).and("id", id))))
                .replaceWithVoid();
    }

    /** Deletes the owner's experiment; false when there is none. */
    public Uni<Boolean> delete(UUID id, String ownerId) {
        return context.run(() -> Panache.withTransaction(() -> ExperimentEntity.delete(
                "id = :id and ownerId = :owner", Parameters.with("id", id).and("owner", ownerId))))
                .map(deleted -> deleted > 0);
    }

    /**
     * Closes experiments still {@code pending} or {@code running} whose operation has ended in the
     * operations index (its worker died and the reaper ended it, or nobody claimed it): they end in
     * {@code error}, so nothing stays "running" forever.
     *
     * @return how many were closed
     */
    public Uni<Integer> closeOrphans(String stoppedReason, String notTakenReason) {
        // an operation no worker ever claimed (claimed_at null) was not stopped: no worker took it
        String sql = "UPDATE " + schema + ".experiments e SET status = 'error', error = coalesce(e.error,"
                + " CASE WHEN o.claimed_at IS NULL THEN ?2 ELSE ?1 END), completed_at = now(), updated_at = now()"
                + " FROM event_log.operations o"
                + " WHERE e.operation_id = o.id AND e.status IN ('pending', 'running') AND o.status <> 'active'";
        return context.run(() -> Panache.withTransaction(() -> Panache.getSession()
                .chain(session -> session.createNativeQuery(sql).setParameter(1, stoppedReason)
                        .setParameter(2, notTakenReason).executeUpdate())));
    }
}
