package org.strategylab.experiment.api;

import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.List;
import org.strategylab.experiment.api.constraints.AtMostSetting;
import org.strategylab.experiment.api.constraints.Setting;

/** A change to a control set: every field is optional, and only the fields given change. */
public record ControlSetPatch(@Size(min = 1, max = 255) @Pattern(regexp = "(?s).*\\S.*", message = "must not be blank") String name,
                              @AtMostSetting(Setting.CONTROL_IDS) List<String> positiveIds,
                              @AtMostSetting(Setting.CONTROL_IDS) List<String> negativeIds,
                              @Size(max = 255) String source,
                              @AtMostSetting(Setting.CONTROL_SET_TAGS) List<String> tags,
                              @Size(max = 10_000) String provenanceNotes,
                              Boolean isPublic) {
}
