package org.strategylab.chat.tools.validation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.model.chat.request.json.JsonArraySchema;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonStringSchema;
import java.util.List;
import org.strategylab.chat.tools.ToolArguments;
import org.strategylab.chat.tools.ToolRefusal;
import org.strategylab.chat.tools.ToolResults;

/**
 * The controls a validation tool takes: gene IDs the user trusts to be in ({@code positiveControls})
 * and out ({@code negativeControls}) of a good result, or a saved control set; written into an
 * experiment body as experiment-service reads it.
 */
final class ControlArguments {

    private ControlArguments() {
    }

    static JsonObjectSchema.Builder add(JsonObjectSchema.Builder schema) {
        return schema
                .addProperty("positiveControls", JsonArraySchema.builder().items(new JsonStringSchema())
                        .description("gene IDs a good result must hold (known true hits)").build())
                .addProperty("negativeControls", JsonArraySchema.builder().items(new JsonStringSchema())
                        .description("gene IDs a good result must leave out (known non-hits)").build())
                .addStringProperty("controlSetId", "a saved control set to use instead of (or to fill) the lists");
    }

    /** Writes the controls into {@code body}; refuses a call without positives or a set. */
    static void write(JsonNode arguments, ObjectNode body) {
        List<String> positives = ToolArguments.strings(arguments, "positiveControls");
        List<String> negatives = ToolArguments.strings(arguments, "negativeControls");
        String setId = ToolArguments.optionalText(arguments, "controlSetId");
        if (positives.isEmpty() && setId == null) {
            throw new ToolRefusal("give positiveControls (gene IDs a good result holds) or a controlSetId");
        }
        if (!positives.isEmpty()) {
            ArrayNode list = body.putArray("positiveControls");
            positives.forEach(list::add);
        }
        if (!negatives.isEmpty()) {
            ArrayNode list = body.putArray("negativeControls");
            negatives.forEach(list::add);
        }
        if (setId != null) {
            body.put("controlSetId", setId);
        }
    }

    /** At most {@code max} IDs of a list, and how many there were. */
    static ObjectNode sample(JsonNode ids, int max) {
        ObjectNode out = ToolResults.object().put("count", ids.size());
        ArrayNode shown = out.putArray("ids");
        for (int i = 0; i < Math.min(max, ids.size()); i++) {
            shown.add(ids.get(i).asText());
        }
        return out;
    }
}
