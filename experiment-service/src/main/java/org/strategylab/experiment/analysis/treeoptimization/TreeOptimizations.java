package org.strategylab.experiment.analysis.treeoptimization;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import org.strategylab.edge.problem.FieldError;
import org.strategylab.edge.problem.ProblemException;
import org.strategylab.evaluation.ValidationException;
import org.strategylab.evaluation.optimization.TreeKnobOptimizer;
import org.strategylab.experiment.api.ExperimentSettings;
import org.strategylab.experiment.api.TreeOptimizationRequest;
import org.strategylab.experiment.messaging.ExperimentCommand;
import org.strategylab.experiment.run.StepTrees;
import org.strategylab.experiment.run.UpstreamEvaluation;
import org.strategylab.experiment.experiments.AnalysisOperations;
import org.strategylab.experiment.experiments.ExperimentService;
import org.strategylab.experiment.run.ExperimentViews;
import org.strategylab.experiment.rest.OperationAccepted;
import org.strategylab.experiment.experiments.TunableParameters;

/**
 * Starts a tree-knob optimisation (spec §2.4, DECISIONS 16) of a search or tree experiment as an
 * operation of kind {@code experiment}. The request's own fields (budget 5–200, objective, each knob's
 * range) are its constraints (400); here, before anything starts (422 naming the field): at least one
 * knob, each knob's parameter against the site's declared types ({@link TunableParameters}: numeric,
 * whole-numbered or not), each knob against the experiment's tree — evaluation-core's own checks, run
 * on the tree with an evaluator that never reaches the site.
 */
@ApplicationScoped
public class TreeOptimizations {

    @Inject
    ExperimentService experiments;

    @Inject
    AnalysisOperations launcher;

    @Inject
    TunableParameters tunable;

    public Uni<OperationAccepted> start(String callerId, String token, String id, TreeOptimizationRequest request) {
        if ((request.thresholdKnobs() == null || request.thresholdKnobs().isEmpty())
                && (request.operatorKnobs() == null || request.operatorKnobs().isEmpty())) {
            throw invalid("/thresholdKnobs", "give at least one threshold or operator knob");
        }
        return experiments.owned(callerId, id).chain(row -> {
            ExperimentSettings settings = ExperimentViews.settings(row);
            if (settings.geneIdMode()) {
                throw ProblemException.conflict("NO_STRATEGY", "A gene-ID experiment has no search or strategy to optimise");
            }
            // the site's declared types first: a search with nothing numeric is named as such, an integer knob marked
            return tunable.typedKnobs(token, settings, request.thresholdKnobs()).chain(knobs -> {
                TreeOptimizationRequest typed = new TreeOptimizationRequest(knobs, request.operatorKnobs(),
                        request.objective(), request.budget(), request.maxListSize());
                check(settings, typed, false);
                return launcher.start(callerId, ExperimentService.KIND, row.id.toString(),
                        operationId -> new ExperimentCommand.TreeOptimization(operationId,
                                List.of(row.id.toString()), callerId, token, typed));
            });
        });
    }

    /**
     * evaluation-core's checks of the knobs and objective, on one trial that never reaches the site.
     *
     * @param inExperiment name the experiment body's fields ({@code /treeOptimizationObjective}) rather than this request's
     */
    public static void check(ExperimentSettings settings, TreeOptimizationRequest request, boolean inExperiment) {
        try {
            new TreeKnobOptimizer(tree -> {
                throw new IllegalStateException("only checking");
            }, settings.controls().sets()).optimise(
                    new TreeKnobOptimizer.Request(StepTrees.fromJson(UpstreamEvaluation.tree(settings)),
                            request.thresholdKnobs(), request.operatorKnobs(), request.objective(), 1,
                            request.maxListSize(), null));
        } catch (ValidationException e) {
            // evaluation-core names fields like thresholdKnobs[0].stepId
            String pointer = "/" + e.field().replaceAll("\\[(\\d+)]", "/$1").replace('.', '/');
            if (inExperiment && (pointer.equals("/objective") || pointer.equals("/budget"))) {
                pointer = pointer.equals("/objective") ? "/treeOptimizationObjective" : "/treeOptimizationBudget";
            }
            throw invalid(pointer, e.getMessage().substring(e.field().length() + 2));
        }
    }

    private static ProblemException invalid(String pointer, String message) {
        return ProblemException.invalid("The optimisation request is not valid", List.of(new FieldError(pointer, message)));
    }
}
