package org.strategylab.experiment.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** experiment-service's limits, under {@code strategylab.experiments}. */
@ConfigMapping(prefix = "strategylab.experiments")
public interface ExperimentConfig {

    /** Control sets. */
    ControlSets controlSets();

    /** Limits of control sets. */
    interface ControlSets {

        /** The most IDs one list (positive or negative) of a control set may hold; default 100,000. */
        @WithDefault("100000")
        int maxIds();

        /** The most tags a control set may carry; default 50. */
        @WithDefault("50")
        int maxTags();
    }
}
