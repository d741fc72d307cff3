package org.strategylab.upstream.api;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A search of a site's catalogue.
 *
 * @param name             the WDK url segment ({@code GenesByGoTerm}), used in paths and as {@code searchName}
 * @param displayName      the name shown to users ({@code GO Term})
 * @param shortDisplayName a shorter name
 * @param description      what it finds
 * @param recordType       the record type it returns ({@code transcript})
 * @param kind             {@code search} (a leaf), {@code transform} (takes one input step) or
 *                         {@code combine} (the boolean search that joins two steps)
 * @param score            with a text query: how well it matches (higher first; its scale depends on
 *                         the mode); absent without one
 * @param match            with a text query: why it matched; absent without one
 */
public record SearchSummary(String name, String displayName, String shortDisplayName, String description,
                            String recordType, String kind,
                            @JsonInclude(JsonInclude.Include.NON_NULL) Double score,
                            @JsonInclude(JsonInclude.Include.NON_NULL) MatchReason match) {

    /** The search without a query's score. */
    public SearchSummary(String name, String displayName, String shortDisplayName, String description,
                         String recordType, String kind) {
        this(name, displayName, shortDisplayName, description, recordType, kind, null, null);
    }

    /** The same search with a query's score and reason. */
    public SearchSummary scored(double newScore, MatchReason reason) {
        return new SearchSummary(name, displayName, shortDisplayName, description, recordType, kind, newScore, reason);
    }
}
