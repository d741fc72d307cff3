package org.strategylab.upstream.api;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Map;

/**
 * A strategy on a site read back as the tree that builds it again: each step with its search and
 * parameter values as a {@link StepTreeSpec} takes them, so a conversation can import a strategy
 * the researcher made on the site and push it back unchanged.
 *
 * @param strategyId    the upstream id
 * @param name          its name
 * @param recordType    the record type of its result
 * @param isSaved       whether it is saved
 * @param estimatedSize its result size in genes as the site last computed it, if known
 * @param webUrl        where users open it on the site
 * @param rootStep      its root step
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record StrategyTree(long strategyId, String name, String recordType, @JsonProperty("isSaved") boolean isSaved,
                           Long estimatedSize, String webUrl, Node rootStep) {

    /**
     * One step. Its kind follows from its fields, as in a {@link StepTreeSpec}: an {@code operator}
     * with both inputs is a combine, a {@code searchName} with a primary input a transform, a
     * {@code searchName} alone a search.
     *
     * @param stepId         the site's step id
     * @param searchName     the search of a search or transform (null for a combine)
     * @param displayName    the search's label, or the operator of a combine
     * @param customName     the name the researcher gave the step, if any
     * @param parameters     its parameter values (vocabulary terms as lists; input steps left out)
     * @param operator       the boolean operator of a combine
     * @param estimatedSize  its result size in genes as the site last computed it, if known
     * @param primaryInput   the input of a transform, the left input of a combine
     * @param secondaryInput the right input of a combine
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Node(long stepId, String searchName, String displayName, String customName,
                       Map<String, Object> parameters, String operator, Long estimatedSize, Node primaryInput,
                       Node secondaryInput) {
    }
}
