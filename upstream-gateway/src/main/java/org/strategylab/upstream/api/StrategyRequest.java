package org.strategylab.upstream.api;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/**
 * A strategy to create on a site (for an experiment), from a step tree.
 *
 * @param name        its name (the internal prefix is refused: it would hide the strategy)
 * @param description its description
 * @param recordType  the tree's record type (default {@code transcript})
 * @param tree        the step tree
 * @param isSaved     whether it is saved (default false)
 */
public record StrategyRequest(@NotBlank @Size(max = 200) String name, @Size(max = 4000) String description,
                              String recordType, @NotNull @Valid StepTreeSpec tree, Boolean isSaved) {
}
