package org.strategylab.experiment.api.constraints;

import java.util.Collection;
import java.util.function.ToIntFunction;
import org.strategylab.evaluation.ids.IdNormaliser;
import org.strategylab.experiment.config.ExperimentConfig;

/**
 * A limit of a request that is a setting ({@link ExperimentConfig}), so that {@link AtMostSetting}
 * names the key a caller or an operator would change.
 */
public enum Setting {

    /** {@code targetGeneIds} of a gene-ID experiment. */
    TARGET_GENES("strategylab.experiments.runs.max-target-genes", "IDs", config -> config.runs().maxTargetGenes()),
    /** One control list: of an experiment, a batch or benchmark member, a control set, a resolution. */
    CONTROL_IDS("strategylab.experiments.control-sets.max-ids", "IDs", config -> config.controlSets().maxIds()),
    /** The tags of a control set, counted as they are kept (trimmed, blanks and repeats dropped). */
    CONTROL_SET_TAGS("strategylab.experiments.control-sets.max-tags", "tags", config -> config.controlSets().maxTags()),
    /** The organisms of a batch or the control sets of a benchmark. */
    GROUP_MEMBERS("strategylab.experiments.runs.max-group-members", "members",
            config -> config.runs().maxGroupMembers()),
    /** {@code bootstrapIterations} of an experiment. */
    BOOTSTRAP_ITERATIONS("strategylab.experiments.runs.max-bootstrap-iterations", "iterations",
            config -> config.runs().maxBootstrapIterations()),
    /** {@code budget} of a strategy discovery, in site calls. */
    DISCOVERY_BUDGET("strategylab.experiments.discovery.max-budget", "site calls",
            config -> config.discovery().maxBudget());

    private final String key;
    private final String unit;
    private final ToIntFunction<ExperimentConfig> limit;

    Setting(String key, String unit, ToIntFunction<ExperimentConfig> limit) {
        this.key = key;
        this.unit = unit;
        this.limit = limit;
    }

    /** The configuration key, named in the refusal so the caller knows which limit it met. */
    public String key() {
        return key;
    }

    /** The limit as configured. */
    public int limit(ExperimentConfig config) {
        return limit.applyAsInt(config);
    }

    /** How many a list holds as this limit counts them. */
    int count(Collection<?> values) {
        if (this == CONTROL_SET_TAGS) {
            return IdNormaliser.clean(values.stream().map(value -> value == null ? null : value.toString()).toList())
                    .size();
        }
        return values.size();
    }

    /** The refusal of a number over the limit. */
    String tooLarge(int limit) {
        return "at most " + limit + " " + unit + " (" + key + ")";
    }

    /** The refusal of a list over the limit. */
    String tooMany(int count, int limit) {
        return "has " + count + " " + unit + "; at most " + limit + " are allowed (" + key + ")";
    }
}
