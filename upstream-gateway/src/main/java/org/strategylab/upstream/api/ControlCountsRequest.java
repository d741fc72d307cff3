package org.strategylab.upstream.api;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import java.util.List;

/**
 * Spec rule 4.5.5: materialise a step tree as a temporary strategy, intersect each control set
 * with its root, read the counts, delete everything.
 *
 * @param recordType        the record type of the tree (default {@code transcript})
 * @param tree              the step tree
 * @param controlSets       the control sets
 * @param controlsSearch    the search that turns a dataset into a step (default {@code GeneByLocusTag})
 * @param controlsParameter its dataset parameter (default: the search's input-dataset parameter)
 */
public record ControlCountsRequest(String recordType, @NotNull @Valid StepTreeSpec tree,
                                   @NotEmpty List<@Valid ControlSetSpec> controlSets, String controlsSearch,
                                   String controlsParameter) {
}
