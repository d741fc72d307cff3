package org.strategylab.experiment.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;

/**
 * What an experiment evaluates: given gene IDs, one search of the site, or a step tree. Part of
 * {@link ExperimentSettings}, written flat into its JSON.
 *
 * @param mode            {@code gene-ids}, {@code single} (one upstream search) or {@code multi-step} (a step tree)
 * @param searchName      the search (single mode)
 * @param parameters      its parameter values (single mode)
 * @param stepTree        the tree in upstream-gateway's step-tree shape (tree mode)
 * @param targetGeneCount how many gene IDs a gene-ID mode experiment was given
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SearchTarget(String mode, String searchName, Map<String, Object> parameters, JsonNode stepTree,
                           Integer targetGeneCount) {

    /** Gene-ID mode: the given IDs are the result (rule 4.5.1). */
    public static final String GENE_IDS = "gene-ids";
    /** Search re-execution: one upstream search (rule 4.5.2). */
    public static final String SINGLE = "single";
    /** Tree mode: a step tree materialised upstream (rule 4.5.5). */
    public static final String MULTI_STEP = "multi-step";

    /** The same target as a tree experiment over {@code tree}. */
    public SearchTarget withTree(JsonNode tree) {
        return new SearchTarget(MULTI_STEP, searchName, parameters, tree, targetGeneCount);
    }
}
