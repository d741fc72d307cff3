package org.strategylab.chat.service;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.strategylab.chat.api.GeneSetRequest;
import org.strategylab.chat.api.SavedGeneSet;
import org.strategylab.chat.graph.GraphStep;
import org.strategylab.chat.graph.StrategyGraph;
import org.strategylab.chat.persistence.GraphDocuments;
import org.strategylab.chat.persistence.StrategyEntity;
import org.strategylab.chat.persistence.StrategyRepository;
import org.strategylab.chat.tools.ToolContext;
import org.strategylab.chat.tools.ToolRefusal;
import org.strategylab.chat.tools.TurnGraph;
import org.strategylab.chat.tools.TurnScope;
import org.strategylab.chat.tools.export.StepGeneSetExport;
import org.strategylab.edge.peer.CallFailures;
import org.strategylab.edge.peer.PeerFailure;
import org.strategylab.edge.problem.FieldError;
import org.strategylab.edge.problem.ProblemException;

/**
 * A person saves the genes of their conversation's strategy (its result, or a step they choose) as a
 * gene set, without a chat turn ({@code POST /api/v1/strategies/{id}/gene-set}): the same export as
 * the agent's {@code export_gene_set} ({@link StepGeneSetExport}), on the stored graph, as the caller.
 * The graph is only read, so a turn running meanwhile is not held up.
 */
@ApplicationScoped
public class StrategyGeneSets {

    private static final Duration WAIT = Duration.ofSeconds(30);
    /** The export reads the graph and never changes it. */
    private static final TurnGraph.Store READ_ONLY = next -> {
        throw new IllegalStateException("saving a gene set does not change the graph");
    };

    @Inject
    StrategyRepository strategies;

    @Inject
    GraphDocuments graphs;

    @Inject
    StepGeneSetExport export;

    /**
     * The gene set saved.
     *
     * @throws ProblemException 404 for a conversation that is not the caller's; 422 naming {@code /name} or
     *                          {@code /stepId}; 409 {@code STRATEGY_EMPTY} for a strategy without steps; 502 when
     *                          the site or experiment-service fails
     */
    public SavedGeneSet save(String ownerId, String token, UUID strategyId, GeneSetRequest request) {
        String name = request == null ? null : request.name();
        String problem = StepGeneSetExport.nameProblem(name);
        if (problem != null) {
            throw invalid("/name", problem);
        }
        StrategyEntity row = strategies.findOwned(strategyId, ownerId).await().atMost(WAIT)
                .orElseThrow(() -> ProblemException.notFound("STRATEGY_NOT_FOUND", "no strategy " + strategyId));
        StrategyGraph graph = graphs.read(row);
        if (graph.steps().isEmpty()) {
            throw ProblemException.conflict("STRATEGY_EMPTY",
                    "the strategy has no steps yet, so it has no genes to save; build or add a step first");
        }
        GraphStep step = step(graph, request.stepId());
        ToolContext context = new ToolContext(ownerId, token, row.siteId, strategyId,
                new TurnGraph(row.name, graph, READ_ONLY), TurnScope.NONE);
        try {
            return export.save(context, graph, step, name);
        } catch (ToolRefusal refusal) {
            throw invalid("/stepId", refusal.getMessage());
        } catch (PeerFailure failure) {
            if (failure.inputRefused()) {
                throw invalid("/stepId", "the site refused the step: " + failure.explanation());
            }
            throw new ProblemException(502, "UPSTREAM_ERROR", "Bad Gateway", "the gene set was not saved: "
                    + CallFailures.personsText(failure, "a service it needs failed"), List.of());
        }
    }

    /** The step named, or the strategy's result when none is. */
    private static GraphStep step(StrategyGraph graph, String stepId) {
        if (stepId != null) {
            return graph.step(stepId).orElseThrow(() -> invalid("/stepId", "the strategy has no step " + stepId));
        }
        return graph.root().orElseThrow(() -> invalid("/stepId",
                "the strategy has several parts and no single result; choose the step whose genes to save"));
    }

    private static ProblemException invalid(String pointer, String message) {
        return ProblemException.invalid("The gene set cannot be saved", List.of(new FieldError(pointer, message)));
    }
}
