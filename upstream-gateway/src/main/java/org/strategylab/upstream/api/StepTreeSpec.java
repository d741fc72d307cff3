package org.strategylab.upstream.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import jakarta.validation.Valid;
import java.util.List;
import java.util.Map;

/**
 * A step tree to build on a site: the shape of a strategy. The kind of each node follows from its
 * fields (as in api-contract.md §6): {@code operator} with both inputs is a combine (the boolean
 * search, {@code primaryInput} = left operand, {@code secondaryInput} = right); {@code searchName}
 * with a {@code primaryInput} is a transform (e.g. {@code GenesByOrthologs}); {@code searchName}
 * alone is a search; {@code stepId} uses a step that already exists (wired to the given inputs).
 *
 * @param stepId         an existing step of the caller on this site
 * @param searchName     the search of a new step
 * @param parameters     its parameter values (JSON; see {@link ContextValues}); input steps are never given here
 * @param operator       {@code INTERSECT}, {@code UNION}, {@code MINUS}, {@code RMINUS}, {@code LONLY} or {@code RONLY}
 * @param customName     the new step's name
 * @param weight         the new step's WDK weight
 * @param primaryInput   the primary (left) input
 * @param secondaryInput the secondary (right) input of a combine
 * @param filters        step filters of a new search or transform step ({@link StepFilter}: one the search
 *                       offers, see the {@code filters} of its param-specs); a filtered search is counted as a
 *                       step, never as a lone search
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record StepTreeSpec(
        Long stepId,
        String searchName,
        Map<String, Object> parameters,
        String operator,
        String customName,
        Integer weight,
        @Valid StepTreeSpec primaryInput,
        @Valid StepTreeSpec secondaryInput,
        List<@Valid StepFilter> filters) {

    /** A node without filters. */
    public StepTreeSpec(Long stepId, String searchName, Map<String, Object> parameters, String operator,
                        String customName, Integer weight, StepTreeSpec primaryInput, StepTreeSpec secondaryInput) {
        this(stepId, searchName, parameters, operator, customName, weight, primaryInput, secondaryInput, null);
    }

    /** Whether the node names step filters. */
    public boolean filtered() {
        return filters != null && !filters.isEmpty();
    }

    /** A search node. */
    public static StepTreeSpec search(String searchName, Map<String, Object> parameters) {
        return new StepTreeSpec(null, searchName, parameters, null, null, null, null, null);
    }

    /** A combine node. */
    public static StepTreeSpec combine(String operator, StepTreeSpec left, StepTreeSpec right) {
        return new StepTreeSpec(null, null, null, operator, null, null, left, right);
    }

    /** A transform node. */
    public static StepTreeSpec transform(String searchName, Map<String, Object> parameters, StepTreeSpec input) {
        return new StepTreeSpec(null, searchName, parameters, null, null, null, input, null);
    }

    /** A node using an existing step. */
    public static StepTreeSpec existing(long stepId) {
        return new StepTreeSpec(stepId, null, null, null, null, null, null, null);
    }
}
