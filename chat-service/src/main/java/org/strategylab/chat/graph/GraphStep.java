package org.strategylab.chat.graph;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;

/**
 * A step of a strategy graph (api-contract.md §6.6 Step). Its kind follows from its fields: a
 * combine has an operator and two inputs, a transform a search and one input, a search neither.
 *
 * @param id                   the step's id in the graph ({@code step-1}, …), stable across edits
 * @param kind                 search, combine or transform
 * @param displayName          the name shown to users
 * @param searchName           the WDK search of a search or transform
 * @param recordType           the record type of its result
 * @param parameters           its parameter values (JSON values as the catalogue's forms take them)
 * @param operator             the boolean operator of a combine
 * @param primaryInputStepId   the input of a transform, the left input of a combine
 * @param secondaryInputStepId the right input of a combine
 * @param resultCount          its result count when last counted on the site, in genes (counts are
 *                             genes: the site's display count, never its transcript rows)
 * @param upstreamStepId       the site's step id once the graph was pushed there
 * @param validationError      why the site refuses it, when it does
 * @param transcriptCount      its transcript rows beside {@code resultCount}, when the site stated them
 *                             (transcript record type); absent otherwise
 * @param filters              the step filters of a search or transform, in order (the site applies them to its
 *                             result); absent when there are none
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record GraphStep(String id, StepKind kind, String displayName, String searchName, String recordType,
                        Map<String, Object> parameters, CombineOperator operator, String primaryInputStepId,
                        String secondaryInputStepId, Long resultCount, Long upstreamStepId, String validationError,
                        Long transcriptCount, List<StepFilter> filters) {

    /** A step without filters. */
    public GraphStep(String id, StepKind kind, String displayName, String searchName, String recordType,
                     Map<String, Object> parameters, CombineOperator operator, String primaryInputStepId,
                     String secondaryInputStepId, Long resultCount, Long upstreamStepId, String validationError,
                     Long transcriptCount) {
        this(id, kind, displayName, searchName, recordType, parameters, operator, primaryInputStepId,
                secondaryInputStepId, resultCount, upstreamStepId, validationError, transcriptCount, null);
    }

    /** A step without a transcript count. */
    public GraphStep(String id, StepKind kind, String displayName, String searchName, String recordType,
                     Map<String, Object> parameters, CombineOperator operator, String primaryInputStepId,
                     String secondaryInputStepId, Long resultCount, Long upstreamStepId, String validationError) {
        this(id, kind, displayName, searchName, recordType, parameters, operator, primaryInputStepId,
                secondaryInputStepId, resultCount, upstreamStepId, validationError, null);
    }

    @JsonCreator
    public GraphStep {
        parameters = parameters == null ? null : Map.copyOf(parameters);
        filters = filters == null || filters.isEmpty() ? null : List.copyOf(filters);
    }

    /** Its filters; empty when it has none. */
    public List<StepFilter> filterList() {
        return filters == null ? List.of() : filters;
    }

    /** A new search step. */
    public static GraphStep search(String id, String searchName, String recordType, Map<String, Object> parameters,
                                   String displayName) {
        return new GraphStep(id, StepKind.SEARCH, displayName, searchName, recordType, parameters, null, null, null,
                null, null, null);
    }

    /** A new combine step. */
    public static GraphStep combine(String id, CombineOperator operator, String left, String right, String recordType,
                                    String displayName) {
        return new GraphStep(id, StepKind.COMBINE, displayName, null, recordType, null, operator, left, right, null,
                null, null);
    }

    /** A new transform step. */
    public static GraphStep transform(String id, String searchName, String recordType, Map<String, Object> parameters,
                                      String input, String displayName) {
        return new GraphStep(id, StepKind.TRANSFORM, displayName, searchName, recordType, parameters, null, input, null,
                null, null, null);
    }

    /** The ids of the steps this one reads. */
    public java.util.List<String> inputs() {
        java.util.List<String> inputs = new java.util.ArrayList<>(2);
        if (primaryInputStepId != null) {
            inputs.add(primaryInputStepId);
        }
        if (secondaryInputStepId != null) {
            inputs.add(secondaryInputStepId);
        }
        return inputs;
    }

    public GraphStep withCount(Long count, String error) {
        return withCounts(count, null, error);
    }

    /** The step counted: genes, and the transcript rows beside them when the site stated them. */
    public GraphStep withCounts(Long count, Long transcripts, String error) {
        return new GraphStep(id, kind, displayName, searchName, recordType, parameters, operator, primaryInputStepId,
                secondaryInputStepId, count, upstreamStepId, error, transcripts, filters);
    }

    public GraphStep withUpstreamStepId(Long stepId) {
        return new GraphStep(id, kind, displayName, searchName, recordType, parameters, operator, primaryInputStepId,
                secondaryInputStepId, resultCount, stepId, validationError, transcriptCount, filters);
    }

    public GraphStep withParameters(Map<String, Object> newParameters) {
        return new GraphStep(id, kind, displayName, searchName, recordType, newParameters, operator, primaryInputStepId,
                secondaryInputStepId, null, null, null, null, filters);
    }

    public GraphStep withDisplayName(String name) {
        return new GraphStep(id, kind, name, searchName, recordType, parameters, operator, primaryInputStepId,
                secondaryInputStepId, resultCount, upstreamStepId, validationError, transcriptCount, filters);
    }

    /** The step with other filters (none when empty): not counted yet, and no longer the site's step. */
    public GraphStep withFilters(List<StepFilter> newFilters) {
        return new GraphStep(id, kind, displayName, searchName, recordType, parameters, operator, primaryInputStepId,
                secondaryInputStepId, null, null, null, null, newFilters);
    }

    public GraphStep withOperator(CombineOperator newOperator) {
        return new GraphStep(id, kind, displayName, searchName, recordType, parameters, newOperator, primaryInputStepId,
                secondaryInputStepId, null, null, null);
    }
}
