package org.strategylab.upstream.api;

import jakarta.validation.constraints.NotEmpty;
import java.util.List;
import java.util.Map;

/**
 * One record to read. Missing primary-key columns are filled from the site ({@code project_id}).
 *
 * @param recordType the record type (default {@code transcript})
 * @param primaryKey key columns by name, e.g. {@code {gene_source_id, source_id}}
 * @param attributes the attributes to return (none when empty)
 * @param tables     the tables to return (none when empty)
 */
public record RecordRequest(String recordType, @NotEmpty Map<String, String> primaryKey, List<String> attributes,
                            List<String> tables) {
}
