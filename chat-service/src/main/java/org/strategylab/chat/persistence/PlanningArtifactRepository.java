package org.strategylab.chat.persistence;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;
import org.strategylab.edge.persistence.IsolatedContext;

/**
 * Planning artifacts in PostgreSQL. Callers check the strategy is the caller's first (the tool acts
 * in the caller's own conversation; the endpoint asks {@link StrategyRepository#findOwned}). Units
 * of work run on an isolated Vert.x context, so tools, which run on their own threads, can call it.
 */
@ApplicationScoped
public class PlanningArtifactRepository {

    @Inject
    IsolatedContext context;

    public Uni<PlanningArtifactEntity> insert(PlanningArtifactEntity entity) {
        // microseconds: what PostgreSQL keeps, so the stored and the emitted time agree
        entity.createdAt = OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MICROS);
        return context.run(() -> Panache.withTransaction(entity::<PlanningArtifactEntity>persist));
    }

    /** A strategy's artifacts, oldest first. */
    public Uni<List<PlanningArtifactEntity>> of(UUID strategyId) {
        return context.run(() -> Panache.withSession(() -> PlanningArtifactEntity.<PlanningArtifactEntity>find(
                "strategyId", Sort.by("createdAt").and("id"), strategyId).list()));
    }
}
