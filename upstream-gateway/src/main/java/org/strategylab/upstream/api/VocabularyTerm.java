package org.strategylab.upstream.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * One choice of a vocabulary parameter; tree vocabularies (organisms) nest their terms.
 *
 * @param term     the value to send
 * @param display  the label to show
 * @param children narrower terms of a tree vocabulary (absent for flat ones); only leaves count
 *                 toward a tree parameter's selection limits
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record VocabularyTerm(String term, String display, List<VocabularyTerm> children) {
}
