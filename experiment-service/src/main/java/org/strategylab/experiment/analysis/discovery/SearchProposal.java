package org.strategylab.experiment.analysis.discovery;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import org.strategylab.evaluation.json.EvaluationJson;

/**
 * A search with its parameter values that discovery will count against the controls.
 *
 * @param searchName the site's search
 * @param parameters the values it sets (the others take the site's defaults)
 * @param label      how a person reads it
 * @param source     why it is tried
 * @param tunable    its numeric parameters the site gives a range for (what the tuning phase may move)
 */
record SearchProposal(String searchName, Map<String, Object> parameters, String label, String source,
                      java.util.List<org.strategylab.evaluation.model.OptimizationSpec> tunable) {

    SearchProposal {
        parameters = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
        tunable = tunable == null ? java.util.List.of() : java.util.List.copyOf(tunable);
    }

    SearchProposal(String searchName, Map<String, Object> parameters, String label, String source) {
        this(searchName, parameters, label, source, java.util.List.of());
    }

    /** The same search and values, whatever their order: two proposals with one key are one candidate. */
    String key() {
        return searchName + " " + EvaluationJson.mapper().valueToTree(new TreeMap<>(parameters));
    }

    /** The search as a leaf of a step tree ({@code {searchName, parameters}}), as experiments take it. */
    JsonNode leaf() {
        ObjectNode node = EvaluationJson.mapper().createObjectNode().put("searchName", searchName);
        node.set("parameters", EvaluationJson.mapper().valueToTree(parameters));
        return node;
    }
}
