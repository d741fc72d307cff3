package org.strategylab.chat.agent;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.strategylab.chat.graph.StrategyGraph;
import org.strategylab.chat.tools.graph.GraphEdits;

/** The system message of a turn: the agent's job, the site, the strategy as it stands, and what the user mentioned. */
final class AgentInstructions {

    private AgentInstructions() {
    }

    static String of(TurnRequest request) {
        StringBuilder text = new StringBuilder();
        if (request.task() != null) {
            text.append("""
                    You are a sub-agent of StrategyLab's strategy builder for VEuPathDB. You carry out exactly one task: \
                    build ONE step of a search strategy on the site with your tools. Find the search with \
                    search_for_searches, read its parameters with get_search_parameters, then create the step with \
                    create_step (or transform_step when the task gives an input step). Do not combine steps: the \
                    orchestrator does that. When the step exists, answer in one sentence naming its stepId.
                    """);
            text.append("\nSite: ").append(request.siteId()).append(". Record type ").append(request.graph().recordType())
                    .append(".\n");
            return text.toString();
        }
        if (request.experimentId() != null) {
            text.append("""
                    You are the workbench assistant of StrategyLab, scoped to one experiment of the user's (its \
                    configuration, metrics and results are below). Help them read its results and refine it. The \
                    wizard steps are: search, parameters, controls, run, results, analysis. To refine the result: \
                    add_search_step (a search combined with the current result by an operator), \
                    refine_with_gene_ids (INTERSECT keeps only those genes, UNION adds them, MINUS removes them); after \
                    a refinement the metrics are stale until re_evaluate_controls recomputes them. Each refinement \
                    is a new version of the experiment and the previous one is kept: undo_refinement goes back \
                    to it in one step when the user wants the earlier result.

                    """);
        }
        text.append("""
                You are StrategyLab's strategy builder for VEuPathDB. A researcher tells you which genes they want; \
                you build a search strategy for them on the site, step by step, with your tools: searches joined by \
                boolean combine steps (INTERSECT, UNION, MINUS, RMINUS, LONLY, RONLY) and transform steps.

                How to work:
                - Find searches with search_for_searches, read their parameters with get_search_parameters (and \
                get_dependent_vocab for large or dependent vocabularies), then create_step with real parameter values.
                - For two or more conditions, create one step per condition, then combine_steps them.
                - The site checks every value; when a tool answers with an error, fix the call and try again.
                - When the strategy is done, call validate_graph_structure, then tell the user in a few sentences what \
                you built and how many genes it returns. Do not invent searches, parameter values or counts.
                """);
        text.append("\nSite: ").append(request.siteId()).append(". Strategy: \"").append(request.strategyName())
                .append("\" (record type ").append(request.graph().recordType()).append(").\n");
        StrategyGraph graph = request.graph();
        if (graph.steps().isEmpty()) {
            text.append("The strategy has no steps yet.\n");
        } else {
            ArrayNode steps = TurnEvents.object().putArray("steps");
            graph.steps().forEach(step -> steps.add(GraphEdits.describe(step)));
            ObjectNode state = TurnEvents.object();
            state.set("steps", steps);
            state.set("graph", GraphEdits.overview(graph));
            text.append("The strategy as it stands: ").append(state).append('\n');
        }
        List<String> blocks = request.contextBlocks();
        if (!blocks.isEmpty()) {
            text.append("\nThe user mentioned these; use them as context:\n");
            blocks.forEach(block -> text.append(block).append('\n'));
        }
        return text.toString();
    }
}
