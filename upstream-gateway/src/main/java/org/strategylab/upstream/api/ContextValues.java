package org.strategylab.upstream.api;

import java.util.Map;

/**
 * Parameter values of a search, as JSON values: strings, numbers, booleans, arrays (multi-pick) or
 * {@code {min, max}} objects (ranges). {@code null} means "not given".
 *
 * @param contextValues values by parameter name
 */
public record ContextValues(Map<String, Object> contextValues) {
}
