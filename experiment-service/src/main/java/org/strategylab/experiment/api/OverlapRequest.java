package org.strategylab.experiment.api;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.strategylab.experiment.api.constraints.NoRepeats;

/**
 * {@code POST /experiments/overlap}: two or more of the caller's experiments, and what their gene
 * sets are ({@code basis}, default the spec's {@code predicted-positives}).
 */
public record OverlapRequest(@NotNull @Size(min = 2, max = 50) @NoRepeats List<@NotNull String> experimentIds,
        @Schema(description = "What an experiment's genes are: predicted-positives (default; its true and false positives, "
                + "the controls its result contains, spec §2.6) or result (every gene of its result)",
                enumeration = {"predicted-positives", "result"})
        @Pattern(regexp = "predicted-positives|result", message = "must be predicted-positives or result") String basis) {

    /** The basis asked for, the spec's by default. */
    public OverlapBasis basisOrDefault() {
        return basis == null ? OverlapBasis.PREDICTED_POSITIVES : OverlapBasis.of(basis);
    }
}
