package org.strategylab.experiment.api;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;
import java.util.List;
import org.strategylab.experiment.api.constraints.AtMostSetting;
import org.strategylab.experiment.api.constraints.Setting;

/** The body that creates a control set; the lists default to empty, {@code recordType} to {@code transcript}. */
public record ControlSetRequest(@NotBlank @Size(max = 255) String name,
                                @NotBlank String siteId,
                                @Size(max = 100) String recordType,
                                @AtMostSetting(Setting.CONTROL_IDS) List<String> positiveIds,
                                @AtMostSetting(Setting.CONTROL_IDS) List<String> negativeIds,
                                @Size(max = 255) String source,
                                @AtMostSetting(Setting.CONTROL_SET_TAGS) List<String> tags,
                                @Size(max = 10_000) String provenanceNotes,
                                Boolean isPublic) {
}
