package org.strategylab.chat.tools.graph;

import com.fasterxml.jackson.databind.JsonNode;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import org.strategylab.chat.graph.GraphStep;
import org.strategylab.chat.graph.StepFilter;
import org.strategylab.chat.tools.AgentTool;
import org.strategylab.chat.tools.ToolArguments;
import org.strategylab.chat.tools.ToolContext;
import org.strategylab.chat.tools.ToolRefusal;

/** {@code remove_step_filter}: takes a filter off a step; the part holding the step is counted again. */
@ApplicationScoped
public class RemoveStepFilterTool implements AgentTool {

    @Inject
    GraphEdits edits;

    @Override
    public String name() {
        return "remove_step_filter";
    }

    @Override
    public String description() {
        return "Take a filter off a step (by its name; may be left out when the step has one filter). The answer has"
                + " the step's new count.";
    }

    @Override
    public String group() {
        return "graph";
    }

    @Override
    public JsonObjectSchema arguments() {
        return JsonObjectSchema.builder()
                .addStringProperty("stepId", "the filtered step")
                .addStringProperty("name", "the filter to remove (default: the step's only filter)")
                .required("stepId").build();
    }

    @Override
    public JsonNode run(JsonNode arguments, ToolContext context) {
        String stepId = ToolArguments.text(arguments, "stepId");
        String asked = ToolArguments.optionalText(arguments, "name");
        GraphStep step = GraphEdits.existing(context.graph().current(), stepId);
        List<String> set = step.filterList().stream().map(StepFilter::name).toList();
        if (set.isEmpty()) {
            throw new ToolRefusal("step " + stepId + " has no filters");
        }
        if (asked == null && set.size() > 1) {
            throw new ToolRefusal("argument 'name': step " + stepId + " has several filters (" + String.join(", ", set)
                    + "); name the one to remove");
        }
        String name = asked == null ? set.get(0) : asked.strip();
        if (!set.contains(name)) {
            throw new ToolRefusal("argument 'name': step " + stepId + " has no filter '" + name + "' (it has "
                    + String.join(", ", set) + ")");
        }
        List<StepFilter> rest = step.filterList().stream().filter(f -> !f.name().equals(name)).toList();
        return edits.countAndCommit(context, graph -> {
            GraphEdits.existing(graph, stepId);
            return graph.replace(stepId, s -> s.withFilters(rest));
        }, stepId, "unfiltered");
    }
}
