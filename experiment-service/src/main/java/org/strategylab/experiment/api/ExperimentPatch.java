package org.strategylab.experiment.api;

import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/** What the owner may change on an experiment: its name and notes; a field left out stays as it is. */
public record ExperimentPatch(@Size(max = 200) @Pattern(regexp = "(?s).*\\S.*", message = "must not be blank") String name, @Size(max = 5000) String notes) {
}
