package org.strategylab.edge.persistence;

import io.smallrye.common.vertx.VertxContext;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.function.Supplier;
import io.quarkus.vertx.core.runtime.context.VertxContextSafetyToggle;

/**
 * Runs a unit of database work on a fresh, safe Vert.x duplicated context. Hibernate Reactive binds
 * its session to the current context; a run's steps continue on whatever thread answered the last
 * upstream or Kafka call, so each unit of work gets a context of its own instead of sharing (or
 * lacking) one.
 */
@ApplicationScoped
public class IsolatedContext {

    @Inject
    Vertx vertx;

    public <T> Uni<T> run(Supplier<Uni<T>> work) {
        return Uni.createFrom().emitter(emitter -> {
            Context context = VertxContext.createNewDuplicatedContext(vertx.getOrCreateContext());
            VertxContextSafetyToggle.setContextSafe(context, true);
            context.runOnContext(ignored -> {
                Uni<T> unit;
                try {
                    unit = work.get();
                } catch (RuntimeException e) {
                    emitter.fail(e);
                    return;
                }
                unit.subscribe().with(emitter::complete, emitter::fail);
            });
        });
    }
}
