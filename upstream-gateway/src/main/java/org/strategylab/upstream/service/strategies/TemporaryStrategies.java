package org.strategylab.upstream.service.strategies;

import org.strategylab.upstream.service.steps.StepTreeBuilder;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.function.Function;
import org.jboss.logging.Logger;
import org.strategylab.upstream.api.StepNode;
import org.strategylab.upstream.api.StepTreeSpec;
import org.strategylab.upstream.client.UpstreamSession;
import org.strategylab.upstream.client.WdkStrategyClient;

/**
 * Runs work inside a helper strategy: the tree is built, wrapped in a strategy named with the
 * internal prefix (hidden from users), handed to the work, and deleted afterwards whatever
 * happened. A step report needs its step to be in a strategy (upstream-wdk.md §3.3), which is why
 * counts and analyses of trees go through one.
 */
@ApplicationScoped
public class TemporaryStrategies {

    private static final Logger LOG = Logger.getLogger(TemporaryStrategies.class);

    /**
     * A helper strategy while the work runs.
     *
     * @param strategyId its id
     * @param root       its tree
     */
    public record Temporary(long strategyId, StepNode root) {
    }

    @Inject
    StepTreeBuilder builder;

    @Inject
    WdkStrategyClient strategies;

    @Inject
    InternalStrategyJanitor janitor;

    /**
     * @param label   what the helper is for (part of its name)
     * @param pointer where the tree is in the caller's request
     */
    public <T> Uni<T> run(UpstreamSession session, String recordType, StepTreeSpec tree, String pointer, String label,
                          Function<Temporary, Uni<T>> work) {
        return janitor.sweepOnce(session)
                .chain(() -> builder.build(session, recordType, tree, pointer))
                .chain(built -> strategies.create(session, janitor.internalName(label), null, false,
                                StepTreeBuilder.json(built.root()))
                        .map(response -> StrategyService.created(response, pointer))
                        .onFailure().call(() -> builder.deleteSteps(session, built.created()))
                        .chain(strategyId -> {
                            janitor.using(session, strategyId);
                            return work.apply(new Temporary(strategyId, built.root()))
                                    .eventually(() -> delete(session, strategyId));
                        }));
    }

    private Uni<Void> delete(UpstreamSession session, long strategyId) {
        return strategies.delete(session, strategyId).replaceWithVoid()
                .onFailure().invoke(e -> LOG.warnf("Helper strategy %d on %s was not deleted (%s); the clean-up will"
                        + " remove it", strategyId, session.site().id(), e.getMessage()))
                .onFailure().recoverWithNull()
                .invoke(() -> janitor.released(session, strategyId));
    }
}
