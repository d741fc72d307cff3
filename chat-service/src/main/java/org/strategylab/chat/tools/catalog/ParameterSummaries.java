package org.strategylab.chat.tools.catalog;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import org.strategylab.chat.tools.ToolResults;

/**
 * A search's parameters as the model needs them to fill a step: names, types, limits, defaults and
 * a sample of each vocabulary. Large vocabularies are cut (the model searches them with
 * {@code get_dependent_vocab}); the full forms are for the workbench, not for a prompt.
 */
final class ParameterSummaries {

    static final int VOCABULARY_SAMPLE = 40;

    private ParameterSummaries() {
    }

    static ObjectNode summary(JsonNode spec) {
        ObjectNode row = ToolResults.object();
        row.put("name", spec.path("name").asText());
        ToolResults.copyText(spec, row, "displayName", 120);
        row.put("type", spec.path("type").asText());
        ToolResults.copyText(spec, row, "help", 200);
        if (spec.path("allowEmptyValue").asBoolean(false)) {
            row.put("optional", true);
        }
        if (spec.path("multiPick").asBoolean(false)) {
            row.put("multiPick", true);
        }
        for (String field : List.of("min", "max", "minSelectedCount", "maxSelectedCount")) {
            if (spec.path(field).isNumber()) {
                row.set(field, spec.get(field));
            }
        }
        ToolResults.copyText(spec, row, "initialDisplayValue", 200);
        if (spec.path("displayType").isTextual()) {
            row.put("displayType", spec.path("displayType").asText());
        }
        JsonNode vocabulary = spec.path("vocabulary");
        if (vocabulary.isArray()) {
            List<JsonNode> leaves = new ArrayList<>();
            leaves(vocabulary, leaves);
            ArrayNode sample = row.putArray("vocabulary");
            leaves.stream().limit(VOCABULARY_SAMPLE).forEach(term -> sample.addObject()
                    .put("value", term.path("term").asText()).put("display", ToolResults.shorten(term.path("display").asText(), 100)));
            if (leaves.size() > VOCABULARY_SAMPLE) {
                row.put("vocabularySize", leaves.size());
                row.put("vocabularyNote", "only the first " + VOCABULARY_SAMPLE
                        + " values are shown; use get_dependent_vocab with a query to find others");
            }
        }
        if (spec.path("dependentParams").isArray() && !spec.path("dependentParams").isEmpty()) {
            row.set("dependentParams", spec.get("dependentParams"));
        }
        return row;
    }

    private static void leaves(JsonNode terms, List<JsonNode> into) {
        for (JsonNode term : terms) {
            JsonNode children = term.path("children");
            if (children.isArray() && !children.isEmpty()) {
                leaves(children, into);
            } else {
                into.add(term);
            }
        }
    }
}
