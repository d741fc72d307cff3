package org.strategylab.chat.tools.graph;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.strategylab.chat.client.UpstreamSite;
import org.strategylab.chat.graph.GraphStep;
import org.strategylab.chat.graph.StrategyGraph;
import org.strategylab.chat.tools.StepCounter;
import org.strategylab.chat.tools.ToolContext;
import org.strategylab.chat.tools.ToolRefusal;
import org.strategylab.chat.tools.ToolResults;
import org.strategylab.edge.peer.PeerFailure;
import org.strategylab.edge.problem.FieldError;

/** What the graph tools share: checking steps with the site, counting, committing, and how a step reads to the model. */
@ApplicationScoped
public class GraphEdits {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String CONTEXT_VALUES = "/contextValues/";

    @Inject
    UpstreamSite upstream;

    @Inject
    StepCounter counter;

    /** A search as the site describes it: its label, and whether it takes an input step (a transform). */
    public record SearchShape(String displayName, boolean takesInput) {
    }

    /** The search's label and kind; refuses a search the site does not have. */
    public SearchShape shape(ToolContext context, String recordType, String searchName) {
        JsonNode specs;
        try {
            specs = upstream.json(upstream.paramSpecs(context.token(), context.siteId(), recordType, searchName, Map.of()));
        } catch (PeerFailure failure) {
            if (failure.status() == 404) {
                throw new ToolRefusal("the site has no search '" + searchName + "' for record type " + recordType
                        + "; find one with search_for_searches", List.of(new FieldError("/searchName",
                        "the site has no search '" + searchName + "' for record type " + recordType)));
            }
            throw failure;
        }
        boolean takesInput = false;
        for (JsonNode spec : specs.path("parameters")) {
            takesInput |= "input-step".equals(spec.path("type").asText());
        }
        return new SearchShape(specs.path("displayName").asText(searchName), takesInput);
    }

    /** Checks parameter values with the site; a refusal names each bad parameter. Input-step parameters are the graph's. */
    public void validate(ToolContext context, String recordType, String searchName, Map<String, Object> parameters,
                         boolean takesInput) {
        try {
            upstream.validate(context.token(), context.siteId(), recordType, searchName, parameters);
        } catch (PeerFailure failure) {
            if (!failure.inputRefused()) {
                throw failure;
            }
            boolean onlyInputs = takesInput && !failure.errors().isEmpty() && failure.errors().stream()
                    .allMatch(e -> e.message().toLowerCase(java.util.Locale.ROOT).contains("step"));
            if (!onlyInputs) {
                throw new ToolRefusal("the site refused these parameter values: " + failure.explanation()
                        + ". Check them with get_search_parameters or get_dependent_vocab.", parameterErrors(failure));
            }
        }
    }

    /**
     * The site's refusal of parameter values as errors of the tool's {@code parameters} argument: the
     * site names each value under {@code /contextValues/<name>}, which becomes {@code /parameters/<name>}.
     */
    private static List<FieldError> parameterErrors(PeerFailure failure) {
        List<FieldError> errors = new ArrayList<>();
        for (FieldError error : failure.errors()) {
            String pointer = error.pointer();
            String name = pointer.startsWith(CONTEXT_VALUES) ? pointer.substring(CONTEXT_VALUES.length()) : "";
            errors.add(new FieldError(name.isEmpty() ? "/parameters" : "/parameters/" + name, error.message()));
        }
        if (errors.isEmpty()) {
            errors.add(new FieldError("/parameters", failure.getMessage()));
        }
        return errors;
    }

    /**
     * Applies a change, counts the part of the graph holding the step on the site, and commits the
     * change with those counts to the graph as it is then (another tool may have changed it
     * meanwhile); answers the step as the model sees it.
     */
    public ObjectNode countAndCommit(ToolContext context, UnaryOperator<StrategyGraph> change, String stepId,
                                     String action) {
        StrategyGraph counted = counter.countPartOf(change.apply(context.graph().current()), stepId, context);
        StrategyGraph committed = context.graph().apply(graph -> withCounts(change.apply(graph), counted), stepId, action);
        GraphStep step = committed.step(stepId).orElseThrow();
        ObjectNode result = ToolResults.object().put("action", action);
        result.set("step", describe(step));
        result.set("graph", overview(committed));
        return result;
    }

    /** The graph with the counts (and the site's refusals) of every step the counted graph has. */
    private static StrategyGraph withCounts(StrategyGraph graph, StrategyGraph counted) {
        return graph.replaceAll(step -> counted.step(step.id())
                .map(c -> step.withCounts(c.resultCount(), c.transcriptCount(), c.validationError())).orElse(step));
    }

    /** A step as the model reads it. */
    public static ObjectNode describe(GraphStep step) {
        ObjectNode row = ToolResults.object().put("stepId", step.id()).put("kind", step.kind().wireName());
        if (step.displayName() != null) {
            row.put("displayName", step.displayName());
        }
        if (step.searchName() != null) {
            row.put("searchName", step.searchName());
        }
        if (step.parameters() != null && !step.parameters().isEmpty()) {
            row.set("parameters", MAPPER.valueToTree(step.parameters()));
        }
        if (step.filters() != null) {
            row.set("filters", MAPPER.valueToTree(step.filters()));
        }
        if (step.operator() != null) {
            row.put("operator", step.operator().name());
        }
        if (step.primaryInputStepId() != null) {
            row.put("primaryInputStepId", step.primaryInputStepId());
        }
        if (step.secondaryInputStepId() != null) {
            row.put("secondaryInputStepId", step.secondaryInputStepId());
        }
        if (step.resultCount() != null) {
            row.put("resultCount", step.resultCount()); // genes
        }
        if (step.transcriptCount() != null && !step.transcriptCount().equals(step.resultCount())) {
            row.put("transcriptCount", step.transcriptCount()); // beside the genes, where they differ
        }
        if (step.validationError() != null) {
            row.put("validationError", step.validationError());
        }
        return row;
    }

    /** The graph's shape in a line or two: its steps and roots. */
    public static ObjectNode overview(StrategyGraph graph) {
        ObjectNode overview = ToolResults.object().put("stepCount", graph.steps().size());
        ArrayNode roots = overview.putArray("rootStepIds");
        graph.roots().forEach(root -> roots.add(root.id()));
        graph.root().ifPresent(root -> {
            if (root.resultCount() != null) {
                overview.put("resultCount", root.resultCount());
            }
        });
        return overview;
    }

    /** Refuses a step id the graph does not have. */
    public static GraphStep existing(StrategyGraph graph, String stepId) {
        return graph.step(stepId).orElseThrow(() -> new ToolRefusal("there is no step " + stepId
                + "; list_current_steps shows the steps"));
    }

    /**
     * The step a tool's {@code stepId} argument names, or else the strategy's root; refuses a graph
     * without steps, or of several parts when no step is named.
     */
    public static GraphStep namedOrRoot(StrategyGraph graph, JsonNode arguments) {
        String stepId = org.strategylab.chat.tools.ToolArguments.optionalText(arguments, "stepId");
        if (stepId != null) {
            return existing(graph, stepId);
        }
        return graph.root().orElseThrow(() -> new ToolRefusal(graph.steps().isEmpty() ? "the strategy has no steps yet"
                : "the strategy has several parts; name the step (stepId)"));
    }

    /** Refuses a step that already feeds another one (a strategy is a tree). */
    public static void requireUnused(StrategyGraph graph, String stepId) {
        graph.consumersOf(stepId).stream().findFirst().ifPresent(consumer -> {
            throw new ToolRefusal("step " + stepId + " is already an input of " + consumer.id()
                    + "; use the top step of that part (" + consumer.id() + ") instead");
        });
    }
}
