package org.strategylab.experiment.messaging;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.List;
import org.strategylab.experiment.api.DiscoveryRequest;
import org.strategylab.experiment.api.ParameterOptimizationRequest;
import org.strategylab.experiment.api.TreeOptimizationRequest;

/**
 * A command on {@code experiment.commands} (key: the experiment, batch, benchmark or seed id): work a
 * worker of any replica takes, one record per kind of work. It names its user ({@code ownerId}) and
 * holds no credential: the {@code token} component is never written to the topic ({@link JsonIgnore});
 * the worker that takes the operation fills it with an on-behalf-of assertion for the user and this
 * operation ({@link #actingWith}), which every upstream call of the run then carries. So no secret
 * stays on the topic for its retention, and a run outlives the caller's own token.
 *
 * <p>On the wire a command is one JSON object whose {@code type} names its record ({@code run},
 * {@code batch}, {@code benchmark}, {@code seed}, {@code cross-validate}, {@code threshold-sweep},
 * {@code step-analysis}, {@code tree-optimization}, {@code parameter-optimization}, {@code strategy-discovery}),
 * followed by the
 * record's fields under the names they always had. Commands written when this was one record with
 * every field (the others null) still read: the fields a kind does not have are ignored. They are
 * also kept in the operations index and sent again after a restart, so that shape must keep reading.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.PROPERTY, property = "type")
@JsonSubTypes({
        @JsonSubTypes.Type(value = ExperimentCommand.Run.class, name = ExperimentCommand.RUN),
        @JsonSubTypes.Type(value = ExperimentCommand.Batch.class, name = ExperimentCommand.BATCH),
        @JsonSubTypes.Type(value = ExperimentCommand.Benchmark.class, name = ExperimentCommand.BENCHMARK),
        @JsonSubTypes.Type(value = ExperimentCommand.Seed.class, name = ExperimentCommand.SEED),
        @JsonSubTypes.Type(value = ExperimentCommand.CrossValidate.class, name = ExperimentCommand.CROSS_VALIDATE),
        @JsonSubTypes.Type(value = ExperimentCommand.ThresholdSweep.class, name = ExperimentCommand.THRESHOLD_SWEEP),
        @JsonSubTypes.Type(value = ExperimentCommand.StepAnalysis.class, name = ExperimentCommand.STEP_ANALYSIS),
        @JsonSubTypes.Type(value = ExperimentCommand.TreeOptimization.class, name = ExperimentCommand.TREE_OPTIMIZATION),
        @JsonSubTypes.Type(value = ExperimentCommand.ParameterOptimization.class, name = ExperimentCommand.PARAMETER_OPTIMIZATION),
        @JsonSubTypes.Type(value = ExperimentCommand.Discovery.class, name = ExperimentCommand.STRATEGY_DISCOVERY)
})
public sealed interface ExperimentCommand {

    String RUN = "run";
    String BATCH = "batch";
    String BENCHMARK = "benchmark";
    String SEED = "seed";
    /** Cross-validation of an experiment that has run. */
    String CROSS_VALIDATE = "cross-validate";
    /** A threshold sweep of an experiment's parameter. */
    String THRESHOLD_SWEEP = "threshold-sweep";
    /** Step analysis of an experiment's strategy (rule 4.5.14). */
    String STEP_ANALYSIS = "step-analysis";
    /** Tree-knob optimisation of an experiment's strategy (spec §2.4). */
    String TREE_OPTIMIZATION = "tree-optimization";
    /** Parameter optimisation of an experiment's search (spec §2.4 OptimizationSpec). */
    String PARAMETER_OPTIMIZATION = "parameter-optimization";
    /** A strategy discovery from control genes (issue 36): names no experiment, its id is its operation's. */
    String STRATEGY_DISCOVERY = "strategy-discovery";

    /** The kind of work, as {@code type} says on the wire (written by the type information, not as a field). */
    @JsonIgnore
    String type();

    /** The registered operation the worker claims. */
    String operationId();

    /** The experiments it runs (one for a run and an analysis; the members of a batch or benchmark; none for a seed). */
    List<String> experimentIds();

    /** The user the work is for. */
    String ownerId();

    /** The credential the run acts with: null on the wire, the worker's assertion once taken. */
    @JsonIgnore
    String token();

    /** This command acting with the given credential (the worker's on-behalf-of assertion); never serialised. */
    ExperimentCommand actingWith(String credential);

    /** The key that keeps a command's retries on one partition: its experiment, else its group, else its operation. */
    default String key() {
        return experimentIds().isEmpty() ? operationId() : experimentIds().get(0);
    }

    private static List<String> copy(List<String> ids) {
        return ids == null ? List.of() : List.copyOf(ids);
    }

    /** One experiment's run. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record Run(String operationId, List<String> experimentIds, String ownerId, @JsonIgnore String token)
            implements ExperimentCommand {
        @JsonCreator
        public Run {
            experimentIds = copy(experimentIds);
        }

        @Override
        public String type() {
            return RUN;
        }

        @Override
        public Run actingWith(String credential) {
            return new Run(operationId, experimentIds, ownerId, credential);
        }
    }

    /** A batch or a benchmark: runs one after another under one group id. */
    sealed interface Group extends ExperimentCommand permits Batch, Benchmark {

        /** The batch or benchmark id. */
        String groupId();

        @Override
        default String key() {
            return groupId() != null ? groupId() : operationId();
        }
    }

    /** The runs of a batch (one search per organism), one after another. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record Batch(String operationId, List<String> experimentIds, String groupId, String ownerId,
                 @JsonIgnore String token) implements Group {
        @JsonCreator
        public Batch {
            experimentIds = copy(experimentIds);
        }

        @Override
        public String type() {
            return BATCH;
        }

        @Override
        public Batch actingWith(String credential) {
            return new Batch(operationId, experimentIds, groupId, ownerId, credential);
        }
    }

    /** The runs of a benchmark (one search against several control sets), one after another. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record Benchmark(String operationId, List<String> experimentIds, String groupId, String ownerId,
                     @JsonIgnore String token) implements Group {
        @JsonCreator
        public Benchmark {
            experimentIds = copy(experimentIds);
        }

        @Override
        public String type() {
            return BENCHMARK;
        }

        @Override
        public Benchmark actingWith(String credential) {
            return new Benchmark(operationId, experimentIds, groupId, ownerId, credential);
        }
    }

    /**
     * Seeding a site with demo content.
     *
     * @param siteId the site, written as {@code groupId} as it always was
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record Seed(String operationId, List<String> experimentIds, @JsonProperty("groupId") String siteId, String ownerId,
                @JsonIgnore String token) implements ExperimentCommand {
        @JsonCreator
        public Seed {
            experimentIds = copy(experimentIds);
        }

        /** A seed of a site, naming no experiment. */
        public Seed(String operationId, String siteId, String ownerId, String token) {
            this(operationId, List.of(), siteId, ownerId, token);
        }

        @Override
        public String type() {
            return SEED;
        }

        @Override
        public Seed actingWith(String credential) {
            return new Seed(operationId, experimentIds, siteId, ownerId, credential);
        }

        @Override
        public String key() {
            return siteId != null ? siteId : operationId;
        }
    }

    /** @param kFolds the folds (null: the default) */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record CrossValidate(String operationId, List<String> experimentIds, String ownerId, @JsonIgnore String token,
                         Integer kFolds) implements ExperimentCommand {
        @JsonCreator
        public CrossValidate {
            experimentIds = copy(experimentIds);
        }

        @Override
        public String type() {
            return CROSS_VALIDATE;
        }

        @Override
        public CrossValidate actingWith(String credential) {
            return new CrossValidate(operationId, experimentIds, ownerId, credential, kFolds);
        }
    }

    /** @param sweep what it sweeps */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record ThresholdSweep(String operationId, List<String> experimentIds, String ownerId, @JsonIgnore String token,
                          SweepPlan sweep) implements ExperimentCommand {
        @JsonCreator
        public ThresholdSweep {
            experimentIds = copy(experimentIds);
        }

        @Override
        public String type() {
            return THRESHOLD_SWEEP;
        }

        @Override
        public ThresholdSweep actingWith(String credential) {
            return new ThresholdSweep(operationId, experimentIds, ownerId, credential, sweep);
        }
    }

    /** @param phases the phases it runs (null: all) */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record StepAnalysis(String operationId, List<String> experimentIds, String ownerId, @JsonIgnore String token,
                        List<String> phases) implements ExperimentCommand {
        @JsonCreator
        public StepAnalysis {
            experimentIds = copy(experimentIds);
        }

        @Override
        public String type() {
            return STEP_ANALYSIS;
        }

        @Override
        public StepAnalysis actingWith(String credential) {
            return new StepAnalysis(operationId, experimentIds, ownerId, credential, phases);
        }
    }

    /** @param optimization what it tunes */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record TreeOptimization(String operationId, List<String> experimentIds, String ownerId, @JsonIgnore String token,
                            TreeOptimizationRequest optimization) implements ExperimentCommand {
        @JsonCreator
        public TreeOptimization {
            experimentIds = copy(experimentIds);
        }

        @Override
        public String type() {
            return TREE_OPTIMIZATION;
        }

        @Override
        public TreeOptimization actingWith(String credential) {
            return new TreeOptimization(operationId, experimentIds, ownerId, credential, optimization);
        }
    }

    /** @param parameterOptimization what it tunes */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record ParameterOptimization(String operationId, List<String> experimentIds, String ownerId,
                                 @JsonIgnore String token, ParameterOptimizationRequest parameterOptimization)
            implements ExperimentCommand {
        @JsonCreator
        public ParameterOptimization {
            experimentIds = copy(experimentIds);
        }

        @Override
        public String type() {
            return PARAMETER_OPTIMIZATION;
        }

        @Override
        public ParameterOptimization actingWith(String credential) {
            return new ParameterOptimization(operationId, experimentIds, ownerId, credential, parameterOptimization);
        }
    }

    /**
     * A strategy discovery; its id is its operation's, so it names no experiment.
     *
     * @param discovery what it discovers from: the request with its controls already resolved against the site
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record Discovery(String operationId, List<String> experimentIds, String ownerId, @JsonIgnore String token,
                     DiscoveryRequest discovery) implements ExperimentCommand {
        @JsonCreator
        public Discovery {
            experimentIds = copy(experimentIds);
        }

        /** A discovery, naming no experiment. */
        public Discovery(String operationId, String ownerId, String token, DiscoveryRequest discovery) {
            this(operationId, List.of(), ownerId, token, discovery);
        }

        @Override
        public String type() {
            return STRATEGY_DISCOVERY;
        }

        @Override
        public Discovery actingWith(String credential) {
            return new Discovery(operationId, experimentIds, ownerId, credential, discovery);
        }
    }
}
