package org.strategylab.upstream.api;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A value of a vocabulary parameter, found by a text query.
 *
 * @param term    the value to send
 * @param display the label to show
 * @param leaf    whether it is a leaf of a tree vocabulary (always true for flat ones); only leaves
 *                count toward a tree parameter's selection limits
 * @param score   with a text query: how well it matches (higher first); absent without one
 * @param match   with a text query: why it matched; absent without one
 */
public record VocabularyHit(String term, String display, boolean leaf,
                            @JsonInclude(JsonInclude.Include.NON_NULL) Double score,
                            @JsonInclude(JsonInclude.Include.NON_NULL) MatchReason match) {
}
