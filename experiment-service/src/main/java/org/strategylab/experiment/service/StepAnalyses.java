package org.strategylab.experiment.service;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.strategylab.edge.problem.FieldError;
import org.strategylab.edge.problem.ProblemException;
import org.strategylab.eventlog.operation.Operations;
import org.strategylab.experiment.api.ExperimentSettings;
import org.strategylab.experiment.api.OperationStarted;
import org.strategylab.experiment.api.StepAnalysisRequest;
import org.strategylab.experiment.messaging.CommandPublisher;
import org.strategylab.experiment.messaging.ExperimentCommand;
import org.strategylab.experiment.service.run.StepAnalysisRun;

/**
 * Starts a step analysis (rule 4.5.14) of a search or tree experiment as an operation of kind
 * {@code experiment}: the phases are checked first (422 naming {@code /phases/<i>}); a gene-ID
 * experiment has no strategy to analyse (409 {@code NO_STRATEGY}).
 */
@ApplicationScoped
public class StepAnalyses {

    @Inject
    ExperimentService experiments;

    @Inject
    Operations operations;

    @Inject
    CommandPublisher commands;

    public Uni<OperationStarted> start(String callerId, String token, String id, StepAnalysisRequest request) {
        List<String> phases = request == null || request.phases() == null ? List.of() : request.phases();
        List<FieldError> errors = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < phases.size(); i++) {
            if (!StepAnalysisRun.PHASES.containsKey(phases.get(i))) {
                errors.add(new FieldError("/phases/" + i, "must be one of " + String.join(", ", StepAnalysisRun.PHASES.keySet())));
            } else if (!seen.add(phases.get(i))) {
                errors.add(new FieldError("/phases/" + i, "repeats '" + phases.get(i) + "'"));
            }
        }
        if (!errors.isEmpty()) {
            throw ProblemException.invalid("The step analysis request has " + errors.size() + " invalid field(s)", errors);
        }
        // the phases run in their own order, whatever order they were named in
        List<String> ordered = StepAnalysisRun.PHASES.keySet().stream().filter(seen::contains).toList();
        return experiments.owned(callerId, id).chain(row -> {
            if (ExperimentViews.settings(row).geneIdMode()) {
                throw ProblemException.conflict("NO_STRATEGY", "A gene-ID experiment has no search or strategy to analyse");
            }
            return operations.register(callerId, ExperimentService.KIND, id, ExperimentService.EVENTS_TOPIC)
                    .chain(operation -> commands.publish(new ExperimentCommand(ExperimentCommand.STEP_ANALYSIS,
                                    operation.id().toString(), List.of(row.id.toString()), null, callerId, token, null,
                                    null, ordered.isEmpty() ? null : ordered))
                            .map(sent -> OperationStarted.single(operation.id().toString(), row.id.toString())));
        });
    }
}
