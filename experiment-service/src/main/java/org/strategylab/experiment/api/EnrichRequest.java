package org.strategylab.experiment.api;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.List;
import java.util.Map;
import org.strategylab.experiment.api.constraints.Choices;
import org.strategylab.experiment.api.constraints.NoRepeats;

/**
 * {@code POST /experiments/{id}/enrich} ({@code api-contract.md} §4.4).
 *
 * @param enrichmentTypes the analyses to run: {@code go_function}, {@code go_component}, {@code go_process},
 *                        {@code pathway}, {@code word}
 * @param parameters      optional plugin form values per analysis type (e.g. {@code {"pathway": {"pValueCutoff": 0.1}}});
 *                        the plugin's form defaults fill the rest
 */
public record EnrichRequest(@NotNull @Size(min = 1, max = 5) @NoRepeats List<@NotNull @Pattern(regexp = Choices.ENRICHMENT_TYPES,
                                    message = Choices.ENRICHMENT_TYPES_REFUSAL) String> enrichmentTypes,
                            Map<String, Map<String, Object>> parameters) {
}
