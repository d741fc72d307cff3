package org.strategylab.experiment.analysis.sweep;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import org.strategylab.edge.problem.FieldError;
import org.strategylab.edge.problem.ProblemException;
import org.strategylab.evaluation.ValidationException;
import org.strategylab.evaluation.optimization.SweepValues;
import org.strategylab.experiment.api.ExperimentSettings;
import org.strategylab.experiment.api.ThresholdSweepRequest;
import org.strategylab.experiment.messaging.ExperimentCommand;
import org.strategylab.experiment.messaging.SweepPlan;
import org.strategylab.experiment.experiments.AnalysisOperations;
import org.strategylab.experiment.experiments.ExperimentService;
import org.strategylab.experiment.run.ExperimentViews;
import org.strategylab.experiment.rest.OperationAccepted;

/**
 * Starts a threshold sweep (rules 4.5.6–4.5.8) as a durable operation of kind {@code sweep}: every
 * input is checked first (its fields' own rules by the request's constraints, a 400; the values or
 * range its type needs and the parameter of the experiment here, a 422), the values are generated
 * (evaluation-core's {@link SweepValues}: clean decimal strings), then the operation is registered
 * and its command written; a worker evaluates the points ({@code ThresholdSweepRun}).
 */
@ApplicationScoped
public class ThresholdSweeps {

    /** The operation kind; the event log ends it with {@code sweep_complete}. */
    public static final String KIND = "sweep";

    @Inject
    ExperimentService experiments;

    @Inject
    AnalysisOperations launcher;

    public Uni<OperationAccepted> start(String callerId, String token, String id, ThresholdSweepRequest request) {
        String sweepType = request.sweepType() == null ? "numeric" : request.sweepType();
        List<String> values;
        try {
            // the parameter's name, the sweep type and the steps are the request's constraints (400)
            values = SweepValues.generate(sweepType, request.values(), request.minValue(), request.maxValue(),
                    request.steps());
        } catch (ValidationException e) {
            throw invalid("/" + e.field(), e.getMessage().substring(e.field().length() + 2));
        }
        SweepPlan plan = new SweepPlan(request.parameterName(), sweepType, values);
        return experiments.owned(callerId, id).chain(row -> {
            ExperimentSettings settings = ExperimentViews.settings(row);
            if (!holdsParameter(settings, plan.parameterName())) {
                throw invalid("/parameterName", "'" + plan.parameterName() + "' is not a parameter of this experiment's "
                        + (ExperimentSettings.MULTI_STEP.equals(settings.target().mode()) ? "steps" : "search"));
            }
            return launcher.start(callerId, KIND, row.id.toString(),
                    operationId -> new ExperimentCommand.ThresholdSweep(operationId,
                            List.of(row.id.toString()), callerId, token, plan));
        });
    }

    /** Rule 4.5.6: in the search's parameters, or in any step of the tree. */
    static boolean holdsParameter(ExperimentSettings settings, String name) {
        if (settings.geneIdMode()) {
            return false;
        }
        if (ExperimentSettings.MULTI_STEP.equals(settings.target().mode())) {
            return inTree(settings.target().stepTree(), name);
        }
        return settings.target().parameters() != null && settings.target().parameters().containsKey(name);
    }

    private static boolean inTree(JsonNode node, String name) {
        if (node == null || node.isMissingNode() || node.isNull()) {
            return false;
        }
        return node.path("parameters").has(name) || inTree(node.path("primaryInput"), name)
                || inTree(node.path("secondaryInput"), name);
    }

    private static ProblemException invalid(String pointer, String message) {
        return ProblemException.invalid("The sweep request is not valid", List.of(new FieldError(pointer, message)));
    }
}
