package org.strategylab.simulator.catalog;

import java.util.List;
import java.util.Map;

/**
 * The result of validating a search's param values: the values as stored (defaults filled in) and
 * errors by param name plus general ones, the parts of WDK's validation bundle.
 */
public record ParamValidation(Map<String, String> values, Map<String, List<String>> byKey, List<String> general) {

    public boolean isValid() {
        return byKey.isEmpty() && general.isEmpty();
    }
}
