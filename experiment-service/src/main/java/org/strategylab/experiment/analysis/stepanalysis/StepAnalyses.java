package org.strategylab.experiment.analysis.stepanalysis;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import org.strategylab.edge.problem.ProblemException;
import org.strategylab.experiment.api.StepAnalysisRequest;
import org.strategylab.experiment.messaging.ExperimentCommand;
import org.strategylab.experiment.experiments.AnalysisOperations;
import org.strategylab.experiment.experiments.ExperimentService;
import org.strategylab.experiment.run.ExperimentViews;
import org.strategylab.experiment.rest.OperationAccepted;

/**
 * Starts a step analysis (rule 4.5.14) of a search or tree experiment as an operation of kind
 * {@code experiment}: unknown or repeated phases are refused by the request's constraints (400
 * naming {@code /phases/<i>}); a gene-ID experiment has no strategy to analyse (409 {@code NO_STRATEGY}).
 */
@ApplicationScoped
public class StepAnalyses {

    @Inject
    ExperimentService experiments;

    @Inject
    AnalysisOperations launcher;

    public Uni<OperationAccepted> start(String callerId, String token, String id, StepAnalysisRequest request) {
        List<String> phases = request == null || request.phases() == null ? List.of() : request.phases();
        List<String> ordered = ordered(phases);
        return experiments.owned(callerId, id).chain(row -> {
            if (ExperimentViews.settings(row).geneIdMode()) {
                throw ProblemException.conflict("NO_STRATEGY", "A gene-ID experiment has no search or strategy to analyse");
            }
            return launcher.start(callerId, ExperimentService.KIND, row.id.toString(),
                    operationId -> new ExperimentCommand.StepAnalysis(operationId,
                            List.of(row.id.toString()), callerId, token, ordered.isEmpty() ? null : ordered));
        });
    }

    /** The phases in the order they run, whatever order they were named in. */
    public static List<String> ordered(List<String> phases) {
        return StepAnalysisWork.PHASES.keySet().stream().filter(phases::contains).toList();
    }
}
