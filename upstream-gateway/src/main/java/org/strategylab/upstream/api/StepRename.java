package org.strategylab.upstream.api;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

/**
 * A step's new name.
 *
 * @param customName the name
 */
public record StepRename(@NotBlank @Size(max = 200) String customName) {
}
