package org.strategylab.chat.tools.graph;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Arrays;
import java.util.List;
import org.strategylab.chat.graph.CombineOperator;
import org.strategylab.chat.graph.GraphStep;
import org.strategylab.chat.graph.StrategyGraph;
import org.strategylab.chat.tools.AgentTool;
import org.strategylab.chat.tools.StepCounter;
import org.strategylab.chat.tools.ToolArguments;
import org.strategylab.chat.tools.ToolContext;
import org.strategylab.chat.tools.ToolRefusal;
import org.strategylab.chat.tools.ToolResults;

/**
 * {@code explain_operator}: what each boolean operator (or one) would give on two steps of the
 * strategy, each combination counted on the site through {@link StepCounter} (one call each, nothing
 * left in the user's account). The graph does not change: the combine is made on a copy that is
 * counted and dropped.
 */
@ApplicationScoped
public class ExplainOperatorTool implements AgentTool {

    /** The id of the counted combine on the copy; not of the form {@code step-<n>}, so never a real step's. */
    static final String TRIAL_STEP = "operator-trial";

    @Inject
    StepCounter counter;

    @Override
    public String name() {
        return "explain_operator";
    }

    @Override
    public String description() {
        return "Explain what combining two steps would give with each boolean operator (INTERSECT, UNION, MINUS,"
                + " RMINUS, LONLY, RONLY), or with one, each counted on the site now (genes). The strategy does not"
                + " change; use combine_steps to make the combination.";
    }

    @Override
    public String group() {
        return "graph";
    }

    @Override
    public JsonObjectSchema arguments() {
        return JsonObjectSchema.builder()
                .addStringProperty("leftStepId", "the left (first) step")
                .addStringProperty("rightStepId", "the right (second) step")
                .addEnumProperty("operator", Arrays.stream(CombineOperator.values()).map(Enum::name).toList(),
                        "one operator to explain (default: all six)")
                .required("leftStepId", "rightStepId").build();
    }

    @Override
    public JsonNode run(JsonNode arguments, ToolContext context) {
        String left = ToolArguments.text(arguments, "leftStepId");
        String right = ToolArguments.text(arguments, "rightStepId");
        List<CombineOperator> operators = operators(arguments);
        StrategyGraph graph = context.graph().current();
        GraphStep leftStep = GraphEdits.existing(graph, left);
        GraphStep rightStep = GraphEdits.existing(graph, right);
        if (left.equals(right)) {
            throw new ToolRefusal("arguments 'leftStepId' and 'rightStepId' name the same step; name two different steps");
        }
        if (leftStep.recordType() != null && rightStep.recordType() != null
                && !leftStep.recordType().equals(rightStep.recordType())) {
            throw new ToolRefusal("steps " + left + " and " + right + " return different record types ("
                    + leftStep.recordType() + ", " + rightStep.recordType() + "); only steps of one record type combine");
        }
        ObjectNode result = ToolResults.object().put("leftStepId", left).put("rightStepId", right);
        ArrayNode rows = result.putArray("operators");
        Long leftCount = null;
        Long rightCount = null;
        for (CombineOperator operator : operators) {
            StrategyGraph trial = counter.count(graph.add(GraphStep.combine(TRIAL_STEP, operator, left, right,
                    graph.recordType(), null)), TRIAL_STEP, context);
            GraphStep combined = trial.step(TRIAL_STEP).orElseThrow();
            ObjectNode row = rows.addObject().put("operator", operator.name()).put("meaning", meaning(operator, left, right));
            if (combined.resultCount() != null) {
                row.put("resultCount", combined.resultCount());
            } else {
                row.put("error", combined.validationError() == null ? "the site gave no count"
                        : combined.validationError());
            }
            leftCount = trial.step(left).map(GraphStep::resultCount).orElse(leftCount);
            rightCount = trial.step(right).map(GraphStep::resultCount).orElse(rightCount);
        }
        if (leftCount != null) {
            result.put("leftCount", leftCount);
        }
        if (rightCount != null) {
            result.put("rightCount", rightCount);
        }
        result.put("note", "counts are genes, counted on the site now; the strategy was not changed");
        return result;
    }

    private static List<CombineOperator> operators(JsonNode arguments) {
        JsonNode given = arguments.path("operator");
        if (given.isMissingNode() || given.isNull()) {
            return List.of(CombineOperator.values());
        }
        String name = given.isTextual() ? given.asText() : given.toString();
        return List.of(CombineOperator.parse(name).orElseThrow(() -> new ToolRefusal("argument 'operator' must be one of "
                + Arrays.toString(CombineOperator.values()) + ", not '" + name + "'")));
    }

    /** What the operator keeps, in the steps' own names. */
    static String meaning(CombineOperator operator, String left, String right) {
        return switch (operator) {
            case INTERSECT -> "genes in both " + left + " and " + right;
            case UNION -> "genes in " + left + " or " + right + " (or both)";
            case MINUS -> "genes of " + left + " that are not in " + right;
            case RMINUS -> "genes of " + right + " that are not in " + left;
            case LONLY -> "the genes of " + left + " (" + right + " ignored)";
            case RONLY -> "the genes of " + right + " (" + left + " ignored)";
        };
    }
}
