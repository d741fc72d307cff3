package org.strategylab.chat.service;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.strategylab.chat.graph.CombineOperator;
import org.strategylab.chat.graph.GraphSnapshot;
import org.strategylab.chat.graph.GraphStep;
import org.strategylab.chat.graph.StepKind;
import org.strategylab.chat.graph.StrategyGraph;
import org.strategylab.chat.persistence.GraphDocuments;
import org.strategylab.chat.persistence.StrategyEntity;
import org.strategylab.chat.persistence.StrategyRepository;
import org.strategylab.chat.tools.AgentTool;
import org.strategylab.chat.tools.ToolContext;
import org.strategylab.chat.tools.ToolRefusal;
import org.strategylab.chat.tools.TurnGraph;
import org.strategylab.chat.tools.TurnScope;
import org.strategylab.chat.tools.graph.CombineStepsTool;
import org.strategylab.chat.tools.graph.CreateStepTool;
import org.strategylab.chat.tools.graph.DeleteStepTool;
import org.strategylab.chat.tools.graph.TransformStepTool;
import org.strategylab.chat.tools.graph.UndoLastChangeTool;
import org.strategylab.chat.tools.graph.UpdateStepTool;
import org.strategylab.edge.peer.CallFailures;
import org.strategylab.edge.peer.PeerFailure;
import org.strategylab.edge.problem.FieldError;
import org.strategylab.edge.problem.ProblemException;

/**
 * A person's edit of a conversation's graph, without a chat turn ({@code POST
 * /api/v1/strategies/{id}/graph/edits}). Each edit runs the agent's own graph tool on the stored
 * graph ({@code create_step}, {@code update_step}, {@code combine_steps}, {@code transform_step},
 * {@code delete_step}, {@code undo_last_change}), so its values are checked by the site before the
 * change is committed, the changed part is counted after, and the result is the conversation's graph
 * value with the version it replaced kept for undo: the agent sees it on the next turn. Redo brings
 * back what the last undo replaced (until the next change). The conversation is held like a starting
 * turn while the edit runs, so a turn and an edit never change the graph together.
 */
@ApplicationScoped
public class GraphEditService {

    private static final Duration WAIT = Duration.ofSeconds(30);

    /** The edits, as {@code op} names them. */
    public static final List<String> OPS = List.of("add_search", "update_parameters", "combine", "add_transform",
            "delete", "undo", "redo");

    @Inject
    StrategyRepository strategies;

    @Inject
    GraphDocuments graphs;

    @Inject
    ConversationHold hold;

    @Inject
    CreateStepTool createStep;

    @Inject
    UpdateStepTool updateStep;

    @Inject
    CombineStepsTool combineSteps;

    @Inject
    TransformStepTool transformStep;

    @Inject
    DeleteStepTool deleteStep;

    @Inject
    UndoLastChangeTool undoLastChange;

    /** Applies one edit to the caller's conversation; answers its graph as {@code GET /strategies/{id}} shows it. */
    public GraphSnapshot edit(String ownerId, String token, UUID strategyId, JsonNode body) {
        StrategyEntity row = strategies.findOwned(strategyId, ownerId).await().atMost(WAIT)
                .filter(found -> found.experimentId == null)
                .orElseThrow(() -> ProblemException.notFound("STRATEGY_NOT_FOUND", "no strategy " + strategyId));
        String op = op(body);
        return hold.holdWhile(strategyId, ownerId, ChatService.KIND, strategyId.toString(), () -> {
            StrategyEntity current = strategies.findOwned(strategyId, ownerId).await().atMost(WAIT)
                    .orElseThrow(() -> ProblemException.notFound("STRATEGY_NOT_FOUND", "no strategy " + strategyId));
            TurnGraph graph = new TurnGraph(current.name, graphs.read(current),
                    new StoredGraph(strategies, graphs, strategyId, ownerId));
            ToolContext context = new ToolContext(ownerId, token, row.siteId, strategyId, graph, TurnScope.NONE);
            StrategyGraph after = apply(op, body, context);
            return GraphSnapshot.of(strategyId.toString(), current.name, after);
        });
    }

    private StrategyGraph apply(String op, JsonNode body, ToolContext context) {
        StrategyGraph graph = context.graph().current();
        ObjectNode arguments = JsonNodeFactory.instance.objectNode();
        AgentTool tool;
        String defaultPointer;
        switch (op) {
            case "add_search" -> {
                copySearch(body, arguments);
                tool = createStep;
                defaultPointer = "/searchName";
            }
            case "update_parameters" -> {
                GraphStep step = existing(graph, body, "stepId");
                if (step.kind() == StepKind.COMBINE) {
                    throw invalid("/stepId", "step " + step.id() + " combines two steps and has no parameters");
                }
                arguments.put("stepId", step.id());
                arguments.set("parameters", parameters(body, true));
                tool = updateStep;
                defaultPointer = "/parameters";
            }
            case "combine" -> {
                GraphStep left = unused(graph, body, "leftStepId");
                GraphStep right = unused(graph, body, "rightStepId");
                if (left.id().equals(right.id())) {
                    throw invalid("/rightStepId", "a step cannot be combined with itself");
                }
                String operator = text(body, "operator");
                if (CombineOperator.parse(operator).isEmpty()) {
                    throw invalid("/operator", "must be one of " + Arrays.toString(CombineOperator.values()));
                }
                arguments.put("leftStepId", left.id()).put("rightStepId", right.id()).put("operator", operator);
                optionalText(body, "displayName", arguments);
                tool = combineSteps;
                defaultPointer = "/rightStepId";
            }
            case "add_transform" -> {
                GraphStep input = unused(graph, body, "inputStepId");
                copySearch(body, arguments);
                arguments.put("inputStepId", input.id());
                tool = transformStep;
                defaultPointer = "/searchName";
            }
            case "delete" -> {
                GraphStep step = unused(graph, body, "stepId");
                arguments.put("stepId", step.id());
                tool = deleteStep;
                defaultPointer = "/stepId";
            }
            case "undo" -> {
                tool = undoLastChange;
                defaultPointer = "/op";
            }
            default -> { // redo: not an agent tool; the same stored history
                return context.graph().redo().orElseThrow(() -> invalid("/op",
                        "there is no undone change to redo (a change since an undo clears what can be redone)"));
            }
        }
        try {
            tool.run(arguments, context);
        } catch (ToolRefusal refusal) {
            List<FieldError> errors = refusal.errors().isEmpty()
                    ? List.of(new FieldError(defaultPointer, forPeople(refusal.getMessage()))) : refusal.errors();
            throw ProblemException.invalid("The edit was refused", errors);
        } catch (PeerFailure failure) {
            if (failure.inputRefused()) {
                throw invalid(defaultPointer, "the site refused the edit: " + failure.explanation());
            }
            throw new ProblemException(502, "UPSTREAM_ERROR", "Bad Gateway", "the edit was not made: "
                    + CallFailures.personsText(failure, "the site failed"), List.of());
        }
        return context.graph().current();
    }

    /** A refusal written for the model, with the tools it names said as this endpoint's ops. */
    private static String forPeople(String message) {
        return message.replace("transform_step", "add_transform").replace("create_step", "add_search")
                .replace("list_current_steps", "the strategy's graph");
    }

    /** The edit's {@code op}: a 422 naming {@code /op} when it is missing or unknown. */
    private static String op(JsonNode body) {
        if (body == null || !body.isObject()) {
            throw invalid("/op", "the edit must be a JSON object with an op, one of " + OPS);
        }
        JsonNode op = body.path("op");
        if (!op.isTextual() || !OPS.contains(op.asText())) {
            throw invalid("/op", "must be one of " + OPS);
        }
        return op.asText();
    }

    /** {@code searchName}, {@code parameters}, and the optional {@code recordType} and {@code displayName}. */
    private static void copySearch(JsonNode body, ObjectNode arguments) {
        arguments.put("searchName", text(body, "searchName"));
        arguments.set("parameters", parameters(body, false));
        optionalText(body, "recordType", arguments);
        optionalText(body, "displayName", arguments);
    }

    private static JsonNode parameters(JsonNode body, boolean required) {
        JsonNode parameters = body.path("parameters");
        if (parameters.isMissingNode() || parameters.isNull()) {
            if (required) {
                throw invalid("/parameters", "give the parameters to change, name to new value");
            }
            return JsonNodeFactory.instance.objectNode();
        }
        if (!parameters.isObject()) {
            throw invalid("/parameters", "must be an object of parameter names to values");
        }
        if (required && parameters.isEmpty()) {
            throw invalid("/parameters", "give at least one parameter to change");
        }
        List<FieldError> errors = new ArrayList<>();
        for (Map.Entry<String, JsonNode> entry : (Iterable<Map.Entry<String, JsonNode>>) parameters::fields) {
            JsonNode value = entry.getValue();
            boolean scalar = value.isTextual() || value.isNumber() || value.isBoolean();
            boolean list = value.isArray() && java.util.stream.StreamSupport.stream(value.spliterator(), false)
                    .allMatch(item -> item.isTextual() || item.isNumber());
            if (!scalar && !list) {
                errors.add(new FieldError("/parameters/" + entry.getKey(), "must be a string, a number or a list of them"));
            }
        }
        if (!errors.isEmpty()) {
            throw ProblemException.invalid("The edit is invalid", errors);
        }
        return parameters;
    }

    private static String text(JsonNode body, String field) {
        JsonNode value = body.path(field);
        if (!value.isTextual() || value.asText().isBlank()) {
            throw invalid("/" + field, "required: a non-empty string");
        }
        return value.asText().trim();
    }

    private static void optionalText(JsonNode body, String field, ObjectNode arguments) {
        JsonNode value = body.path(field);
        if (value.isMissingNode() || value.isNull()) {
            return;
        }
        if (!value.isTextual() || value.asText().isBlank() || value.asText().length() > 255) {
            throw invalid("/" + field, "must be a non-empty string of at most 255 characters");
        }
        arguments.put(field, value.asText().trim());
    }

    private static GraphStep existing(StrategyGraph graph, JsonNode body, String field) {
        String stepId = text(body, field);
        return graph.step(stepId).orElseThrow(() -> invalid("/" + field, "the strategy has no step " + stepId));
    }

    /** A step no other step reads (a strategy is a tree). */
    private static GraphStep unused(StrategyGraph graph, JsonNode body, String field) {
        GraphStep step = existing(graph, body, field);
        graph.consumersOf(step.id()).stream().findFirst().ifPresent(consumer -> {
            throw invalid("/" + field, "step " + step.id() + " is already an input of " + consumer.id());
        });
        return step;
    }

    private static ProblemException invalid(String pointer, String message) {
        return ProblemException.invalid("The edit is invalid", List.of(new FieldError(pointer, message)));
    }
}
