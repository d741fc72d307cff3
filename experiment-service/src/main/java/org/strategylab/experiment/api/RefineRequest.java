package org.strategylab.experiment.api;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import java.util.Map;

/**
 * A refinement of an experiment's result on its upstream strategy ({@code api-contract.md} §4.5):
 * {@code combine} adds a search combined with the current result by {@code operator};
 * {@code transform} applies the transform search {@code transformName} to it.
 */
public record RefineRequest(@NotBlank @Pattern(regexp = "combine|transform", message = "must be combine or transform") String action,
                            String searchName, Map<String, Object> parameters, String operator, String transformName) {
}
