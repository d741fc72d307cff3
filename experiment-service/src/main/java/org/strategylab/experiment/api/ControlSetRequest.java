package org.strategylab.experiment.api;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;
import java.util.List;

/** The body that creates a control set; the lists default to empty, {@code recordType} to {@code transcript}. */
public record ControlSetRequest(@NotBlank @Size(max = 255) String name,
                                @NotBlank String siteId,
                                @Size(max = 100) String recordType,
                                List<String> positiveIds,
                                List<String> negativeIds,
                                @Size(max = 255) String source,
                                List<String> tags,
                                @Size(max = 10_000) String provenanceNotes,
                                Boolean isPublic) {
}
