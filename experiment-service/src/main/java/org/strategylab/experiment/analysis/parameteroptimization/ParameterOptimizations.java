package org.strategylab.experiment.analysis.parameteroptimization;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import org.strategylab.edge.problem.FieldError;
import org.strategylab.edge.problem.ProblemException;
import org.strategylab.evaluation.ValidationException;
import org.strategylab.evaluation.optimization.ParameterOptimizer;
import org.strategylab.experiment.api.ExperimentSettings;
import org.strategylab.experiment.api.ParameterOptimizationRequest;
import org.strategylab.experiment.messaging.ExperimentCommand;
import org.strategylab.experiment.run.StepTrees;
import org.strategylab.experiment.run.UpstreamEvaluation;
import org.strategylab.experiment.experiments.AnalysisOperations;
import org.strategylab.experiment.experiments.ExperimentService;
import org.strategylab.experiment.run.ExperimentViews;
import org.strategylab.experiment.rest.OperationAccepted;
import org.strategylab.experiment.experiments.TunableParameters;

/**
 * Starts a parameter optimisation of an experiment's search (spec §2.4 {@code OptimizationSpec}) as
 * an operation of kind {@code experiment}. The request's own fields (the specs on their own, budget
 * 5–200, objective, method) are its constraints (400); here, before anything starts (422 naming the
 * field): each spec against the site's declared parameter types ({@link TunableParameters}; a numeric
 * spec of a whole-numbered parameter becomes an integer one) and that the search (or the named step
 * of a strategy) has the parameter — evaluation-core's own checks.
 */
@ApplicationScoped
public class ParameterOptimizations {

    @Inject
    ExperimentService experiments;

    @Inject
    AnalysisOperations launcher;

    @Inject
    TunableParameters tunable;

    public Uni<OperationAccepted> start(String callerId, String token, String id, ParameterOptimizationRequest request) {
        return experiments.owned(callerId, id).chain(row -> {
            ExperimentSettings settings = ExperimentViews.settings(row);
            if (settings.geneIdMode()) {
                throw ProblemException.conflict("NO_STRATEGY", "A gene-ID experiment has no search to optimise");
            }
            // the site's declared types first: a search with nothing numeric is named as such, integers kept whole
            return tunable.typedSpecs(token, settings, request.targetStep(), request.specs()).chain(specs -> {
                ParameterOptimizationRequest typed = new ParameterOptimizationRequest(specs, request.objective(),
                        request.budget(), request.method(), request.targetStep());
                check(settings, typed, false);
                return launcher.start(callerId, ExperimentService.KIND, row.id.toString(),
                        operationId -> new ExperimentCommand.ParameterOptimization(operationId,
                                List.of(row.id.toString()), callerId, token, typed));
            });
        });
    }

    /** The optimiser's request for an experiment: its search (or strategy) as the base tree. */
    public static ParameterOptimizer.Request optimizerRequest(ExperimentSettings settings,
                                                              ParameterOptimizationRequest request, int parallelism) {
        return new ParameterOptimizer.Request(StepTrees.fromJson(UpstreamEvaluation.tree(settings)), request.targetStep(),
                request.specs(), request.objective(), request.budget(), request.method(), null, parallelism, null);
    }

    /**
     * evaluation-core's checks of the request against the experiment, nothing evaluated.
     *
     * @param inExperiment name the experiment body's fields ({@code /optimizationSpecs/0/min}) rather than this request's
     */
    public static void check(ExperimentSettings settings, ParameterOptimizationRequest request, boolean inExperiment) {
        try {
            ParameterOptimizer.check(optimizerRequest(settings, request, 1));
        } catch (ValidationException e) {
            String pointer = "/" + e.field().replaceAll("\\[(\\d+)]", "/$1").replace('.', '/');
            if (inExperiment) {
                pointer = switch (pointer.split("/")[1]) {
                    case "specs" -> "/optimizationSpecs" + pointer.substring("/specs".length());
                    case "objective" -> "/optimizationObjective";
                    case "budget" -> "/optimizationBudget";
                    case "targetStepId" -> "/optimizationTargetStep";
                    default -> pointer;
                };
            } else if (pointer.equals("/targetStepId")) {
                pointer = "/targetStep";
            }
            throw invalid(pointer, e.getMessage().substring(e.field().length() + 2));
        }
    }

    private static ProblemException invalid(String pointer, String message) {
        return ProblemException.invalid("The optimisation request is not valid", List.of(new FieldError(pointer, message)));
    }
}
