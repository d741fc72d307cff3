package org.strategylab.experiment.api;

import java.time.OffsetDateTime;
import java.util.List;

/**
 * A reusable set of positive and negative control genes (spec 2.6, api-contract 6.4).
 *
 * @param userId     the owner; everyone else sees it only when {@code isPublic}
 * @param resolution how its lists resolved against the site when they were last saved (null for
 *                   sets saved before sets were resolved, and for a seed's demo set)
 */
public record ControlSet(String id, String name, String siteId, String recordType, List<String> positiveIds,
                         List<String> negativeIds, String source, List<String> tags, String provenanceNotes,
                         boolean isPublic, String userId, OffsetDateTime createdAt, OffsetDateTime updatedAt,
                         ControlSetResolution resolution) {

    /** The same set with another resolution. */
    public ControlSet withResolution(ControlSetResolution resolution) {
        return new ControlSet(id, name, siteId, recordType, positiveIds, negativeIds, source, tags, provenanceNotes,
                isPublic, userId, createdAt, updatedAt, resolution);
    }
}
