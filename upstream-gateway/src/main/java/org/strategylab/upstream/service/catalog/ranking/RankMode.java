package org.strategylab.upstream.service.catalog.ranking;

import java.util.List;
import java.util.Locale;
import org.strategylab.edge.problem.FieldError;
import org.strategylab.edge.problem.ProblemException;

/** How a text query ranks catalogue entries ({@code mode=} of the catalogue endpoints). */
public enum RankMode {

    /** Every word of the query must appear (label, name, description); label matches first. */
    LEXICAL,
    /** By meaning: cosine similarity of sentence embeddings. */
    SEMANTIC,
    /** Both: reciprocal-rank fusion of a BM25 ranking of the words and the semantic ranking. */
    HYBRID;

    /**
     * The mode a {@code mode} query parameter names; absent means {@link #HYBRID}.
     *
     * @throws ProblemException 400 naming {@code mode} for anything else
     */
    public static RankMode of(String value) {
        if (value == null || value.isBlank()) {
            return HYBRID;
        }
        try {
            return valueOf(value.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new ProblemException(400, "VALIDATION_ERROR", "Bad Request", "Invalid query parameter",
                    List.of(new FieldError("mode", "must be lexical, semantic or hybrid, not '" + value + "'")));
        }
    }
}
