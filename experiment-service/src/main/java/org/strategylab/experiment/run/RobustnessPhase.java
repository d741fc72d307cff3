package org.strategylab.experiment.run;

import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.enterprise.context.ApplicationScoped;
import org.strategylab.evaluation.bootstrap.BootstrapRequest;
import org.strategylab.evaluation.bootstrap.RobustnessBootstrap;
import org.strategylab.experiment.api.ExperimentSettings;

/**
 * Robustness (rule 4.5.12) when the experiment asks for it ({@code enableRobustness}): the
 * bootstrap over the control lists, with rank-metric intervals when there is an ordered result.
 */
@ApplicationScoped
public class RobustnessPhase implements RunPhase {

    @Override
    public int order() {
        return 300;
    }

    @Override
    public String phase() {
        return "evaluating";
    }

    @Override
    public boolean appliesTo(ExperimentSettings settings) {
        return settings.robustness().enableRobustness();
    }

    @Override
    public Uni<RunState> run(RunContext context, RunState state) {
        ExperimentSettings settings = context.settings();
        BootstrapRequest request = new BootstrapRequest(state.orderedIds(), state.resultIds(),
                context.controls().positives(), context.controls().negatives(),
                settings.robustness().bootstrapIterations(), settings.robustness().bootstrapSeed(), null, !state.orderedIds().isEmpty(), null);
        return context.progress().emit(phase(), "bootstrap robustness", null)
                .chain(() -> Uni.createFrom().item(() -> state.withResults(state.results()
                                .withRobustness(RobustnessBootstrap.run(request))))
                        .runSubscriptionOn(Infrastructure.getDefaultWorkerPool()));
    }
}
