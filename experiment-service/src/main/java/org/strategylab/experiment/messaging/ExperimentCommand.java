package org.strategylab.experiment.messaging;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.util.List;

/**
 * A command on {@code experiment.commands} (key: the experiment, batch, benchmark or seed id): work a
 * worker of any replica takes. It names its user ({@code ownerId}) and holds no credential: the
 * {@code token} component is never written to the topic ({@link JsonIgnore}); the worker that takes
 * the operation fills it with an on-behalf-of assertion for the user and this operation
 * ({@link #actingWith}), which every upstream call of the run then carries. So no secret stays on
 * the topic for its retention, and a run outlives the caller's own token.
 *
 * @param type          {@code run} (one experiment), {@code batch}, {@code benchmark}, {@code seed}, {@code cross-validate}, {@code threshold-sweep}, {@code step-analysis}, {@code tree-optimization} or {@code parameter-optimization}
 * @param operationId   the registered operation the worker claims
 * @param experimentIds the experiments it runs (one for {@code run}; the members of a batch or benchmark)
 * @param groupId       the batch or benchmark id; the site for {@code seed}
 * @param kFolds        the folds of a {@code cross-validate} command
 * @param sweep         what a {@code threshold-sweep} command sweeps
 * @param phases        the phases a {@code step-analysis} command runs (null: all)
 * @param optimization  what a {@code tree-optimization} command tunes
 * @param parameterOptimization what a {@code parameter-optimization} command tunes
 */
public record ExperimentCommand(String type, String operationId, List<String> experimentIds, String groupId,
                                String ownerId, @JsonIgnore String token, Integer kFolds, SweepPlan sweep, List<String> phases,
                                org.strategylab.experiment.api.TreeOptimizationRequest optimization,
                                org.strategylab.experiment.api.ParameterOptimizationRequest parameterOptimization) {

    public static final String RUN = "run";
    public static final String BATCH = "batch";
    public static final String BENCHMARK = "benchmark";
    public static final String SEED = "seed";
    /** Cross-validation of an experiment that has run. */
    public static final String CROSS_VALIDATE = "cross-validate";
    /** A threshold sweep of an experiment's parameter. */
    public static final String THRESHOLD_SWEEP = "threshold-sweep";
    /** Step analysis of an experiment's strategy (rule 4.5.14). */
    public static final String STEP_ANALYSIS = "step-analysis";
    /** Tree-knob optimisation of an experiment's strategy (spec §2.4). */
    public static final String TREE_OPTIMIZATION = "tree-optimization";
    /** Parameter optimisation of an experiment's search (spec §2.4 OptimizationSpec). */
    public static final String PARAMETER_OPTIMIZATION = "parameter-optimization";

    /** A command of any type but a sweep. */
    public ExperimentCommand(String type, String operationId, List<String> experimentIds, String groupId,
                             String ownerId, String token, Integer kFolds) {
        this(type, operationId, experimentIds, groupId, ownerId, token, kFolds, null, null, null, null);
    }

    /** A command of an analysis other than parameter optimisation. */
    public ExperimentCommand(String type, String operationId, List<String> experimentIds, String groupId,
                             String ownerId, String token, Integer kFolds, SweepPlan sweep, List<String> phases,
                             org.strategylab.experiment.api.TreeOptimizationRequest optimization) {
        this(type, operationId, experimentIds, groupId, ownerId, token, kFolds, sweep, phases, optimization, null);
    }

    @com.fasterxml.jackson.annotation.JsonCreator
    public ExperimentCommand {
        experimentIds = experimentIds == null ? List.of() : List.copyOf(experimentIds);
    }

    /** This command acting with the given credential (the worker's on-behalf-of assertion); never serialised. */
    public ExperimentCommand actingWith(String credential) {
        return new ExperimentCommand(type, operationId, experimentIds, groupId, ownerId, credential, kFolds, sweep, phases,
                optimization, parameterOptimization);
    }

    /** The key that keeps a command's retries on one partition. */
    public String key() {
        if (!experimentIds.isEmpty() && (RUN.equals(type) || CROSS_VALIDATE.equals(type)
                || THRESHOLD_SWEEP.equals(type) || STEP_ANALYSIS.equals(type)
                || TREE_OPTIMIZATION.equals(type) || PARAMETER_OPTIMIZATION.equals(type))) {
            return experimentIds.get(0);
        }
        return groupId != null ? groupId : operationId;
    }
}
