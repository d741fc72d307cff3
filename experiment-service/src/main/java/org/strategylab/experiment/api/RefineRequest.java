package org.strategylab.experiment.api;

import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import java.util.Map;
import org.strategylab.experiment.api.constraints.Choices;

/**
 * A refinement of an experiment's result on its upstream strategy ({@code api-contract.md} §4.5):
 * {@code combine} adds a search combined with the current result by {@code operator};
 * {@code transform} applies the transform search {@code transformName} to it. The refined result
 * becomes the experiment's next version; the current one is kept unchanged.
 *
 * @param version the version the caller sees and means to refine (1 or more): when given and the
 *                experiment is at another version now, nothing changes and the answer is a 409
 */
public record RefineRequest(@NotBlank @Pattern(regexp = "combine|transform", message = "must be combine or transform") String action,
                            String searchName, Map<String, Object> parameters,
                            @Pattern(regexp = "(?i)" + Choices.OPERATORS, message = Choices.OPERATORS_REFUSAL) String operator,
                            String transformName,
                            @Min(value = 1, message = "must be 1 or more") Integer version) {
}
