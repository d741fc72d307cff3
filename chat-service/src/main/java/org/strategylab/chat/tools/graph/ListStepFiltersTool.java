package org.strategylab.chat.tools.graph;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.strategylab.chat.graph.GraphStep;
import org.strategylab.chat.tools.AgentTool;
import org.strategylab.chat.tools.ToolArguments;
import org.strategylab.chat.tools.ToolContext;
import org.strategylab.chat.tools.ToolResults;
import org.strategylab.upstream.api.SearchFilter;

/** {@code list_step_filters}: the filters the site offers for a step's search, and those the step keeps. */
@ApplicationScoped
public class ListStepFiltersTool implements AgentTool {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    @Inject
    StepFilterOffers offers;

    @Override
    public String name() {
        return "list_step_filters";
    }

    @Override
    public String description() {
        return "List the filters the site offers for a search or transform step's results (by organism, by matched"
                + " transcripts, …), with what each keeps and the shape of its value, and the filters the step has now."
                + " Set one with set_step_filter, take one off with remove_step_filter.";
    }

    @Override
    public String group() {
        return "graph";
    }

    @Override
    public boolean quotesOutsideText() {
        return true; // the catalogue's descriptions of the filters
    }

    @Override
    public JsonObjectSchema arguments() {
        return JsonObjectSchema.builder().addStringProperty("stepId", "the step (a search or transform)")
                .required("stepId").build();
    }

    @Override
    public JsonNode run(JsonNode arguments, ToolContext context) {
        String stepId = ToolArguments.text(arguments, "stepId");
        GraphStep step = GraphEdits.existing(context.graph().current(), stepId);
        ObjectNode result = ToolResults.object().put("stepId", step.id()).put("searchName", step.searchName());
        ArrayNode offered = result.putArray("offered");
        for (SearchFilter filter : offers.offered(context, step)) {
            ObjectNode row = offered.addObject().put("name", filter.name());
            if (filter.displayName() != null) {
                row.put("displayName", ToolResults.shorten(filter.displayName(), 120));
            }
            if (filter.description() != null) {
                row.put("description", ToolResults.shorten(filter.description(), 300));
            }
        }
        result.set("set", MAPPER.valueToTree(step.filterList()));
        if (offered.isEmpty()) {
            result.put("note", "the site offers no step filters for the search " + step.searchName());
        }
        return result;
    }
}
