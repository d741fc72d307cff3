package org.strategylab.chat.persistence;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.panache.common.Parameters;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;
import org.strategylab.edge.persistence.IsolatedContext;

/**
 * Strategies (conversations) in PostgreSQL through Hibernate Reactive Panache. Reads and writes take
 * the owner, so someone else's strategy is never read or changed, only not found; the worker, which
 * got the id from a command, reads by id alone. Every unit of work is one transaction on an
 * isolated Vert.x context, so turns running on virtual threads can call it.
 */
@ApplicationScoped
public class StrategyRepository {

    @Inject
    IsolatedContext context;

    public Uni<StrategyEntity> insert(StrategyEntity entity) {
        OffsetDateTime now = OffsetDateTime.now();
        entity.createdAt = now;
        entity.updatedAt = now;
        return context.run(() -> Panache.withTransaction(entity::<StrategyEntity>persist));
    }

    /**
     * A new conversation and its first message in one transaction (one round of statements less than
     * {@link #insert} then {@link MessageRepository#append}, on the path to a turn's first event).
     */
    public Uni<StrategyEntity> insertWithFirstMessage(StrategyEntity entity, MessageEntity first) {
        OffsetDateTime now = OffsetDateTime.now();
        entity.createdAt = now;
        entity.updatedAt = now;
        entity.messageCount = 1;
        first.strategyId = entity.id;
        first.seq = 1;
        first.createdAt = now;
        // inserted at the commit in the order persisted: the conversation before the message that refers to it
        return context.run(() -> Panache.withTransaction(() -> entity.<StrategyEntity>persist()
                .call(saved -> first.persist())));
    }

    /** The strategy, if the caller owns it. */
    public Uni<Optional<StrategyEntity>> findOwned(UUID id, String ownerId) {
        return context.run(() -> Panache.withSession(() -> StrategyEntity.<StrategyEntity>find(
                        "id = :id and ownerId = :owner", Parameters.with("id", id).and("owner", ownerId))
                .firstResult()))
                .map(Optional::ofNullable);
    }

    /** The strategy whoever owns it (the worker, which got the id from a command). */
    public Uni<Optional<StrategyEntity>> find(UUID id) {
        return context.run(() -> Panache.withSession(() -> StrategyEntity.<StrategyEntity>findById(id)))
                .map(Optional::ofNullable);
    }

    /** One page of the owner's strategies, most recently changed first. */
    public Uni<List<StrategyEntity>> list(String ownerId, String siteId, int limit, int offset) {
        return context.run(() -> Panache.withSession(() -> StrategyEntity.<StrategyEntity>find(where(siteId),
                        Sort.by("updatedAt", Sort.Direction.Descending).and("id"), parameters(ownerId, siteId))
                .range(offset, offset + limit - 1).list()));
    }

    /** How many strategies {@link #list} would give without paging. */
    public Uni<Long> count(String ownerId, String siteId) {
        return context.run(() -> Panache.withSession(() -> StrategyEntity.count(where(siteId), parameters(ownerId, siteId))));
    }

    /** Changes the owner's strategy in one transaction; empty when it is not theirs (or gone). */
    public Uni<Optional<StrategyEntity>> update(UUID id, String ownerId, Consumer<StrategyEntity> change) {
        return context.run(() -> Panache.withTransaction(() -> StrategyEntity.<StrategyEntity>find(
                        "id = :id and ownerId = :owner", Parameters.with("id", id).and("owner", ownerId))
                .firstResult()
                .map(entity -> {
                    if (entity != null) {
                        change.accept(entity);
                        entity.updatedAt = OffsetDateTime.now();
                    }
                    return Optional.ofNullable(entity);
                })));
    }

    /** Deletes the owner's strategy (its messages go with it); false when it is not theirs. */
    public Uni<Boolean> delete(UUID id, String ownerId) {
        return context.run(() -> Panache.withTransaction(() -> StrategyEntity.delete(
                "id = :id and ownerId = :owner", Parameters.with("id", id).and("owner", ownerId))))
                .map(deleted -> deleted > 0);
    }

    /**
     * Marks a turn as starting, unless another start did so within {@code window}: the one-turn-at-
     * a-time check reads the operations index, and this keeps two requests from passing it together.
     */
    public Uni<Boolean> markTurnStarting(UUID id, String ownerId, Duration window) {
        OffsetDateTime now = OffsetDateTime.now();
        return context.run(() -> Panache.withTransaction(() -> StrategyEntity.update(
                "turnStartingAt = :now where id = :id and ownerId = :owner"
                        + " and (turnStartingAt is null or turnStartingAt < :stale)",
                Parameters.with("now", now).and("id", id).and("owner", ownerId).and("stale", now.minus(window)))))
                .map(updated -> updated > 0);
    }

    /**
     * Renews a start's mark (to now), so that work longer than the start window keeps the
     * conversation held; a mark already cleared stays cleared. Answers whether there was one.
     */
    public Uni<Boolean> renewTurnStarting(UUID id) {
        return context.run(() -> Panache.withTransaction(() -> StrategyEntity.update(
                "turnStartingAt = ?1 where id = ?2 and turnStartingAt is not null", OffsetDateTime.now(), id)))
                .map(updated -> updated > 0);
    }

    /** Lets the next turn start at once (the started turn is in the operations index by now). */
    public Uni<Void> clearTurnStarting(UUID id) {
        return context.run(() -> Panache.withTransaction(() -> StrategyEntity.update(
                "turnStartingAt = null where id = ?1", id))).replaceWithVoid();
    }

    /** The owner's workbench conversation about an experiment, if there is one. */
    public Uni<Optional<StrategyEntity>> findWorkbench(UUID experimentId, String ownerId) {
        return context.run(() -> Panache.withSession(() -> StrategyEntity.<StrategyEntity>find(
                        "experimentId = :experiment and ownerId = :owner",
                        Parameters.with("experiment", experimentId).and("owner", ownerId)).firstResult()))
                .map(Optional::ofNullable);
    }

    /** The chat's conversations: workbench conversations are reached through their experiment. */
    private static String where(String siteId) {
        return siteId == null ? "ownerId = :owner and experimentId is null"
                : "ownerId = :owner and siteId = :site and experimentId is null";
    }

    private static Parameters parameters(String ownerId, String siteId) {
        Parameters parameters = Parameters.with("owner", ownerId);
        return siteId == null ? parameters : parameters.and("site", siteId);
    }
}
