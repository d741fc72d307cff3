package org.strategylab.experiment.api;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import java.util.List;

/** One record of an experiment's result, by its primary key ({@code [{name, value}]}, WDK's shape). */
public record RecordRequest(@NotEmpty List<@NotNull @Valid KeyPart> primaryKey, List<String> attributes,
                            List<String> tables) {

    /** One primary-key column. */
    public record KeyPart(@NotBlank String name, @NotNull String value) {
    }
}
