package org.strategylab.experiment.api;

import jakarta.validation.constraints.Size;
import java.util.List;

/** A change to a control set: every field is optional, and only the fields given change. */
public record ControlSetPatch(@Size(min = 1, max = 255) String name,
                              List<String> positiveIds,
                              List<String> negativeIds,
                              @Size(max = 255) String source,
                              List<String> tags,
                              @Size(max = 10_000) String provenanceNotes,
                              Boolean isPublic) {
}
