package org.strategylab.upstream.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;

/**
 * One record of a result or a single-record read.
 *
 * @param primaryKey  every primary-key column, in WDK's order
 * @param id          the first key column: the gene id for genes and transcripts
 * @param displayName its display name
 * @param attributes  the attributes asked for (strings or null)
 * @param tables      the tables asked for (single-record reads)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ResultRecord(Map<String, String> primaryKey, String id, String displayName, JsonNode attributes,
                           JsonNode tables) {
}
