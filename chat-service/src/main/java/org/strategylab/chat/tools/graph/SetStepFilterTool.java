package org.strategylab.chat.tools.graph;

import com.fasterxml.jackson.databind.JsonNode;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import org.strategylab.chat.client.UpstreamSite;
import org.strategylab.chat.graph.GraphStep;
import org.strategylab.chat.graph.StepFilter;
import org.strategylab.chat.graph.StrategyGraph;
import org.strategylab.chat.tools.AgentTool;
import org.strategylab.chat.tools.StepTrees;
import org.strategylab.chat.tools.ToolArguments;
import org.strategylab.chat.tools.ToolContext;
import org.strategylab.chat.tools.ToolRefusal;
import org.strategylab.edge.peer.PeerFailure;

/**
 * {@code set_step_filter}: puts a filter the step's search offers on the step (or gives the one it has
 * a new value). The site checks the filtered step first (a refused value changes nothing); then the
 * part of the graph holding the step is counted and the change committed, as every graph edit is.
 */
@ApplicationScoped
public class SetStepFilterTool implements AgentTool {

    @Inject
    StepFilterOffers offers;

    @Inject
    UpstreamSite upstream;

    @Inject
    GraphEdits edits;

    @Override
    public String name() {
        return "set_step_filter";
    }

    @Override
    public String description() {
        return "Filter a search or transform step's results with a filter its search offers (see list_step_filters),"
                + " e.g. name organism_filter_array, value {\"values\":[\"Plasmodium falciparum 3D7\"]}. A filter the step"
                + " has already gets the new value. The site checks the value; the answer has the step's new count.";
    }

    @Override
    public String group() {
        return "graph";
    }

    @Override
    public JsonObjectSchema arguments() {
        return JsonObjectSchema.builder()
                .addStringProperty("stepId", "the step to filter")
                .addStringProperty("name", "the filter's name, as list_step_filters gives it")
                .addProperty("value", JsonObjectSchema.builder()
                        .description("the filter's value, as its description says (e.g. {\"values\":[\"…\"]})")
                        .additionalProperties(true).build())
                .required("stepId", "name", "value").build();
    }

    @Override
    public JsonNode run(JsonNode arguments, ToolContext context) {
        String stepId = ToolArguments.text(arguments, "stepId");
        String name = ToolArguments.text(arguments, "name").strip();
        JsonNode value = arguments.get("value");
        if (value == null || value.isNull() || value.isMissingNode()) {
            throw new ToolRefusal("argument 'value' is required: the filter's value, as list_step_filters describes it");
        }
        GraphStep step = GraphEdits.existing(context.graph().current(), stepId);
        offers.named(context, step, name);
        List<StepFilter> filters = new ArrayList<>();
        boolean replaced = false;
        for (StepFilter filter : step.filterList()) {
            if (filter.name().equals(name)) {
                filters.add(new StepFilter(name, value, null));
                replaced = true;
            } else {
                filters.add(filter);
            }
        }
        if (!replaced) {
            filters.add(new StepFilter(name, value, null));
        }
        checkOnSite(context, stepId, filters);
        return edits.countAndCommit(context, graph -> {
            GraphEdits.existing(graph, stepId);
            return graph.replace(stepId, s -> s.withFilters(filters));
        }, stepId, "filtered");
    }

    /** The site's verdict on the step with these filters (its own part, inputs included); a refusal changes nothing. */
    private void checkOnSite(ToolContext context, String stepId, List<StepFilter> filters) {
        StrategyGraph trial = context.graph().current().replace(stepId, s -> s.withFilters(filters));
        try {
            upstream.stepCounts(context.token(), context.siteId(), trial.recordType(), StepTrees.tree(trial, stepId));
        } catch (PeerFailure failure) {
            if (!failure.inputRefused()) {
                throw failure;
            }
            throw new ToolRefusal("the site refused the filter: " + failure.explanation()
                    + ". The step is unchanged; list_step_filters describes each filter's value.");
        }
    }
}
