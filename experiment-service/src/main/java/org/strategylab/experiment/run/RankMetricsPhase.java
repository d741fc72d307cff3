package org.strategylab.experiment.run;

import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.enterprise.context.ApplicationScoped;
import org.strategylab.evaluation.rank.RankMetricsCalculator;

/**
 * Rank metrics (rule 4.5.11) of the result's ordered IDs: the persisted step's order (its sort
 * attribute when the experiment names one), or the given order in gene-ID mode.
 */
@ApplicationScoped
public class RankMetricsPhase implements RunPhase {

    @Override
    public int order() {
        return 200;
    }

    /** Rank metrics over the ordered IDs the run holds take milliseconds: no write before them. */
    @Override
    public boolean savesStateBefore() {
        return false;
    }

    @Override
    public String phase() {
        return "evaluating";
    }

    @Override
    public Uni<RunState> run(RunContext context, RunState state) {
        if (state.orderedIds().isEmpty()) {
            return Uni.createFrom().item(state);
        }
        return Uni.createFrom().item(() -> state.withResults(state.results().withRankMetrics(
                        RankMetricsCalculator.compute(state.orderedIds(), context.controls(), RankMetricsCalculator.DEFAULT_K))))
                .runSubscriptionOn(Infrastructure.getDefaultWorkerPool());
    }
}
