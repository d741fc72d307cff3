package org.strategylab.experiment.api;

import java.time.OffsetDateTime;
import java.util.List;

/**
 * A reusable set of positive and negative control genes (spec 2.6, api-contract 6.4).
 *
 * @param userId the owner; everyone else sees it only when {@code isPublic}
 */
public record ControlSet(String id, String name, String siteId, String recordType, List<String> positiveIds,
                         List<String> negativeIds, String source, List<String> tags, String provenanceNotes,
                         boolean isPublic, String userId, OffsetDateTime createdAt, OffsetDateTime updatedAt) {
}
