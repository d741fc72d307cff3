package org.strategylab.experiment.run;

import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import org.strategylab.evaluation.metrics.GeneIdClassifier;
import org.strategylab.evaluation.metrics.GeneIdEvaluation;
import org.strategylab.evaluation.model.GeneInfo;
import org.strategylab.experiment.api.ExperimentResults;

/**
 * Classification against the controls, the first phase of every run. Gene-ID mode (rule 4.5.1)
 * intersects the given IDs with the controls in process, without an upstream call; search and tree
 * modes run upstream ({@link UpstreamEvaluation}).
 */
@ApplicationScoped
public class EvaluationPhase implements RunPhase {

    @Inject
    UpstreamEvaluation upstream;

    @Override
    public int order() {
        return 100;
    }

    @Override
    public String phase() {
        return "evaluating";
    }

    @Override
    public Uni<RunState> run(RunContext context, RunState state) {
        Uni<RunState> evaluated = context.settings().geneIdMode() ? geneIds(context) : upstream.evaluate(context, state);
        return evaluated.call(next -> context.progress().emit(phase(), "classified against the controls",
                Map.of("metrics", next.results().metrics())));
    }

    /** Set intersection in process; the given order is the ranking (rule 4.5.11). */
    private static Uni<RunState> geneIds(RunContext context) {
        return Uni.createFrom().item(() -> {
            List<String> ids = context.targetGeneIds();
            GeneIdEvaluation evaluation = GeneIdClassifier.evaluate(ids, context.controls());
            ExperimentResults results = new ExperimentResults(evaluation.metrics(),
                    infos(evaluation.truePositiveIds()), infos(evaluation.falseNegativeIds()),
                    infos(evaluation.falsePositiveIds()), infos(evaluation.trueNegativeIds()), null, null,
                    (long) evaluation.metrics().totalResults(), null);
            return new RunState(results, null, null, ids, ids);
        }).runSubscriptionOn(Infrastructure.getDefaultWorkerPool());
    }

    private static List<GeneInfo> infos(List<String> ids) {
        return ids.stream().map(GeneInfo::of).toList();
    }
}
