package org.strategylab.upstream.api;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import java.util.Map;

/**
 * A parameter that changed, to recompute the vocabularies of the parameters that depend on it.
 *
 * @param changedParam  the parameter and its new value
 * @param contextValues the other current values
 */
public record DependentParamsRequest(@NotNull @Valid ChangedParam changedParam, Map<String, Object> contextValues) {

    /**
     * @param name  the parameter
     * @param value its new value (JSON, as in {@link ContextValues})
     */
    public record ChangedParam(@NotBlank String name, Object value) {
    }
}
