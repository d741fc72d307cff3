package org.strategylab.experiment.analysis.crossvalidation;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.strategylab.edge.problem.ProblemException;
import org.strategylab.experiment.experiments.AnalysisOperations;
import org.strategylab.experiment.experiments.ExperimentService;
import org.strategylab.experiment.messaging.ExperimentCommand;
import org.strategylab.experiment.persistence.ExperimentRepository;
import org.strategylab.experiment.rest.OperationAccepted;
import org.strategylab.experiment.run.ExperimentViews;

/** Starts the cross-validation of an experiment that has completed ({@link CrossValidationRun} runs it). */
@ApplicationScoped
public class CrossValidations {

    @Inject
    ExperimentService experiments;

    @Inject
    AnalysisOperations launcher;

    /**
     * Cross-validates an experiment that has completed, as an operation of its own (kind
     * {@code experiment}): per-fold progress, then the experiment with its {@code crossValidation}.
     */
    public Uni<OperationAccepted> start(String callerId, String token, String id, Integer kFolds) {
        return experiments.owned(callerId, id).chain(row -> {
            if (!ExperimentRepository.COMPLETED.equals(row.status) || ExperimentViews.results(row).metrics() == null) {
                throw ProblemException.conflict("EXPERIMENT_NOT_COMPLETED",
                        "Cross-validation needs a completed experiment; this one is " + row.status);
            }
            if (row.metricsStale) {
                throw ProblemException.conflict("METRICS_STALE", "The result was refined: re-evaluate the experiment first");
            }
            return launcher.start(callerId, ExperimentService.KIND, row.id.toString(),
                    operationId -> new ExperimentCommand.CrossValidate(operationId,
                            java.util.List.of(row.id.toString()), callerId, token, kFolds));
        });
    }
}
