package org.strategylab.upstream.api;

import java.util.List;

/**
 * A step analysis a step offers.
 *
 * @param name        the plugin name ({@code go-enrichment})
 * @param displayName its label
 * @param description what it computes
 * @param paramNames  its form's parameters
 */
public record AnalysisType(String name, String displayName, String description, List<String> paramNames) {
}
