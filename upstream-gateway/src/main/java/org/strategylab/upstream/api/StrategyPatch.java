package org.strategylab.upstream.api;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Size;

/**
 * Changes to a strategy; absent fields stay as they are.
 *
 * @param name       a new name
 * @param isSaved    the saved flag
 * @param tree       a new step tree (steps left out are detached)
 * @param recordType the new tree's record type (default {@code transcript})
 */
public record StrategyPatch(@Size(min = 1, max = 200) String name, Boolean isSaved, @Valid StepTreeSpec tree,
                            String recordType) {
}
