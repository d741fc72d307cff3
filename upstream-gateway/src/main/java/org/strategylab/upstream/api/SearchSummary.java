package org.strategylab.upstream.api;

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
 */
public record SearchSummary(String name, String displayName, String shortDisplayName, String description,
                            String recordType, String kind) {
}
