package org.strategylab.upstream.api;

import java.util.List;

/**
 * A record type of a site.
 *
 * @param name              the WDK url segment ({@code transcript}), used in paths
 * @param displayName       the name shown to users ({@code Gene})
 * @param description       what its records are
 * @param primaryKeyColumns the primary-key columns, in the order WDK needs them
 * @param searchCount       how many searches return it
 */
public record RecordTypeSummary(String name, String displayName, String description, List<String> primaryKeyColumns,
                                int searchCount) {
}
