package org.strategylab.chat.tools.research;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.model.chat.request.json.JsonArraySchema;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonStringSchema;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.UUID;
import org.strategylab.chat.persistence.PlanningArtifact;
import org.strategylab.chat.persistence.PlanningArtifactEntity;
import org.strategylab.chat.persistence.PlanningArtifactRepository;
import org.strategylab.chat.tools.AgentTool;
import org.strategylab.chat.tools.ToolArguments;
import org.strategylab.chat.tools.ToolContext;
import org.strategylab.chat.tools.ToolRefusal;
import org.strategylab.chat.tools.ToolResults;

/**
 * {@code save_planning_artifact}: a plan written down with the conversation (a title, a Markdown
 * summary, its assumptions and parameters), shown to the user as a {@code planning_artifact} event
 * and listed by {@code GET /api/v1/strategies/{id}/artifacts}.
 */
@ApplicationScoped
public class SavePlanningArtifactTool implements AgentTool {

    static final int MAX_TITLE = 200;
    static final int MAX_SUMMARY = 20_000;
    static final int MAX_ASSUMPTIONS = 50;
    private static final Duration WAIT = Duration.ofSeconds(30);

    @Inject
    PlanningArtifactRepository artifacts;

    @Inject
    ObjectMapper mapper;

    @Override
    public String name() {
        return "save_planning_artifact";
    }

    @Override
    public String description() {
        return "Save a plan with the conversation for the user to keep: a short title, a Markdown summary (what the "
                + "strategy should find and how), the assumptions it rests on, and its key parameters (name → value). "
                + "Use it when a plan is agreed or worth keeping; the user sees it as a planning card.";
    }

    @Override
    public String group() {
        return "research";
    }

    @Override
    public JsonObjectSchema arguments() {
        return JsonObjectSchema.builder()
                .addStringProperty("title", "a short title (at most " + MAX_TITLE + " characters)")
                .addStringProperty("summaryMarkdown", "the plan, in Markdown")
                .addProperty("assumptions", JsonArraySchema.builder().items(new JsonStringSchema())
                        .description("what the plan assumes, one sentence each").build())
                .addProperty("parameters", JsonObjectSchema.builder()
                        .description("the plan's key parameters, name → value").build())
                .required("title", "summaryMarkdown").build();
    }

    @Override
    public JsonNode run(JsonNode arguments, ToolContext context) {
        String title = ToolArguments.text(arguments, "title");
        if (title.length() > MAX_TITLE) {
            throw new ToolRefusal("argument 'title' is longer than " + MAX_TITLE + " characters");
        }
        String summary = ToolArguments.text(arguments, "summaryMarkdown");
        if (summary.length() > MAX_SUMMARY) {
            throw new ToolRefusal("argument 'summaryMarkdown' is longer than " + MAX_SUMMARY + " characters");
        }
        PlanningArtifactEntity entity = new PlanningArtifactEntity();
        entity.id = UUID.randomUUID();
        entity.strategyId = context.strategyId();
        entity.title = title;
        entity.summary = summary;
        ObjectNode assumptions = ToolResults.object();
        assumptions.set("items", assumptions(arguments.path("assumptions")));
        entity.assumptions = assumptions;
        entity.parameters = parameters(arguments.path("parameters"));
        PlanningArtifact saved = PlanningArtifact.of(artifacts.insert(entity).await().atMost(WAIT));
        ObjectNode event = ToolResults.object();
        event.set("planningArtifact", mapper.valueToTree(saved));
        context.scope().emit("planning_artifact", event);
        return ToolResults.object().put("saved", true).put("id", saved.id().toString()).put("title", saved.title());
    }

    private static ArrayNode assumptions(JsonNode given) {
        ArrayNode items = ToolResults.array();
        if (given.isMissingNode() || given.isNull()) {
            return items;
        }
        if (!given.isArray() || given.size() > MAX_ASSUMPTIONS) {
            throw new ToolRefusal("argument 'assumptions' must be a list of at most " + MAX_ASSUMPTIONS + " strings");
        }
        for (JsonNode item : given) {
            if (!item.isTextual()) {
                throw new ToolRefusal("argument 'assumptions' must hold strings only");
            }
            if (!item.asText().isBlank()) {
                items.add(item.asText().trim());
            }
        }
        return items;
    }

    private static JsonNode parameters(JsonNode given) {
        if (given.isMissingNode() || given.isNull()) {
            return ToolResults.object();
        }
        if (!given.isObject()) {
            throw new ToolRefusal("argument 'parameters' must be an object (name → value)");
        }
        return given;
    }
}
