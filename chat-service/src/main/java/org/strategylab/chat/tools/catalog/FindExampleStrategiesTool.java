package org.strategylab.chat.tools.catalog;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import org.strategylab.chat.client.UpstreamSite;
import org.strategylab.chat.tools.AgentTool;
import org.strategylab.chat.tools.ToolArguments;
import org.strategylab.chat.tools.ToolContext;
import org.strategylab.chat.tools.ToolRefusal;
import org.strategylab.chat.tools.ToolResults;

/**
 * {@code find_example_strategies}: the site's public strategies closest in meaning to the user's request
 * (upstream-gateway ranks them as it ranks the catalogue), each with its step tree, so the model can
 * learn a plan from what researchers built. Their names and descriptions are their authors' text: quoted.
 */
@ApplicationScoped
public class FindExampleStrategiesTool implements AgentTool {

    /** The most examples one call returns. */
    static final int MAX_LIMIT = 10;

    @Inject
    UpstreamSite upstream;

    @Override
    public String name() {
        return "find_example_strategies";
    }

    @Override
    public String description() {
        return "Find the site's public strategies (shared by researchers) closest in meaning to a request, each with"
                + " its steps: searches with their parameters, boolean operators, and result sizes. Use them as example"
                + " plans to learn which searches and operators answer such a question; build your own strategy with"
                + " the usual tools, and check every search and value against the catalogue.";
    }

    @Override
    public String group() {
        return "catalog";
    }

    @Override
    public boolean quotesOutsideText() {
        return true; // strategy names and descriptions written by the site's users
    }

    @Override
    public JsonObjectSchema arguments() {
        return JsonObjectSchema.builder()
                .addStringProperty("query", "what the user wants to find, in their words (e.g. 'exported proteins')")
                .addStringProperty("recordType", "only strategies of this record type (genes are 'transcript'); default: any")
                .addIntegerProperty("limit", "how many examples, 1–" + MAX_LIMIT + " (default 3)")
                .required("query").build();
    }

    @Override
    public JsonNode run(JsonNode arguments, ToolContext context) {
        String query = ToolArguments.text(arguments, "query");
        String recordType = ToolArguments.optionalText(arguments, "recordType");
        int limit = ToolArguments.integer(arguments, "limit", 3, 1, MAX_LIMIT);
        if (recordType != null) {
            List<String> known = new ArrayList<>();
            upstream.recordTypes(context.siteId()).path("items").forEach(type -> known.add(type.path("name").asText()));
            if (!known.isEmpty() && !known.contains(recordType)) {
                throw new ToolRefusal("argument 'recordType': the site has no record type '" + recordType + "' (it has "
                        + String.join(", ", known) + "; get_record_types describes them)");
            }
        }
        JsonNode page = upstream.publicStrategies(context.siteId(), query, recordType, limit);
        ObjectNode result = ToolResults.object().put("siteId", context.siteId()).put("query", query)
                .put("publicStrategies", page.path("total").asInt());
        ArrayNode examples = result.putArray("examples");
        for (JsonNode strategy : page.path("items")) {
            ObjectNode example = examples.addObject();
            ToolResults.copyText(strategy, example, "name", 200);
            ToolResults.copyText(strategy, example, "description", 600);
            ToolResults.copyText(strategy, example, "author", 120);
            ToolResults.copyText(strategy, example, "recordType", 60);
            if (strategy.path("estimatedSize").canConvertToLong()) {
                example.put("resultGenes", strategy.path("estimatedSize").asLong());
            }
            if (strategy.path("score").isNumber()) {
                example.put("relevance", Math.round(strategy.path("score").asDouble() * 1000) / 1000.0);
            }
            if (strategy.path("rootStep").isObject()) {
                example.set("steps", step(strategy.path("rootStep")));
            }
        }
        if (examples.isEmpty()) {
            result.put("note", "the site has no public strategy matching this request");
        }
        return result;
    }

    /** One step of an example as the model needs it: its search or operator, parameters, size and inputs. */
    private static ObjectNode step(JsonNode node) {
        ObjectNode step = ToolResults.object();
        if (node.hasNonNull("operator")) {
            step.put("operator", node.path("operator").asText());
        } else {
            step.put("searchName", node.path("searchName").asText());
            ToolResults.copyText(node, step, "displayName", 120);
        }
        ToolResults.copyText(node, step, "customName", 120);
        if (node.path("parameters").isObject() && !node.path("parameters").isEmpty()) {
            ObjectNode parameters = step.putObject("parameters");
            node.path("parameters").fields().forEachRemaining(p -> parameters.set(p.getKey(), p.getValue().isTextual()
                    ? ToolResults.JSON.textNode(ToolResults.shorten(p.getValue().asText(), 200)) : p.getValue()));
        }
        if (node.path("estimatedSize").canConvertToLong()) {
            step.put("resultGenes", node.path("estimatedSize").asLong());
        }
        if (node.path("primaryInput").isObject()) {
            step.set(node.hasNonNull("operator") ? "left" : "input", step(node.path("primaryInput")));
        }
        if (node.path("secondaryInput").isObject()) {
            step.set("right", step(node.path("secondaryInput")));
        }
        return step;
    }
}
