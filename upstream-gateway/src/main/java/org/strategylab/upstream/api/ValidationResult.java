package org.strategylab.upstream.api;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Map;

/**
 * The answer for parameter values the site accepts (values it rejects are a 422 problem naming
 * each parameter).
 *
 * @param isValid                 always {@code true} here
 * @param normalizedContextValues the values as they will be sent to the site (WDK's string forms)
 */
public record ValidationResult(@JsonProperty("isValid") boolean isValid, Map<String, String> normalizedContextValues) {
}
