package org.strategylab.upstream.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * Why an entry matched a text query.
 *
 * @param mode         how it was ranked: {@code lexical}, {@code semantic} or {@code hybrid}
 * @param matchedWords the query's words found in its label, name or description (stemmed in hybrid mode)
 * @param similarity   cosine similarity of its embedding to the query's (semantic and hybrid)
 * @param lexicalRank  its place (1 = first) in the ranking by words, when its words matched (hybrid)
 * @param semanticRank its place (1 = first) in the ranking by meaning (hybrid)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record MatchReason(String mode, List<String> matchedWords, Double similarity, Integer lexicalRank,
                          Integer semanticRank) {
}
