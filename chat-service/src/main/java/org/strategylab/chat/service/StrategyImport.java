package org.strategylab.chat.service;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.strategylab.chat.api.ImportRequest;
import org.strategylab.chat.api.Page;
import org.strategylab.chat.api.StrategyView;
import org.strategylab.chat.client.UpstreamSite;
import org.strategylab.chat.graph.ImportedGraph;
import org.strategylab.chat.graph.StrategyGraph;
import org.strategylab.chat.persistence.GraphDocuments;
import org.strategylab.chat.persistence.StrategyEntity;
import org.strategylab.chat.persistence.StrategyRepository;
import org.strategylab.edge.peer.PeerFailure;
import org.strategylab.edge.problem.FieldError;
import org.strategylab.edge.problem.ProblemException;
import org.strategylab.upstream.api.StrategySummary;
import org.strategylab.upstream.api.StrategyTree;

/**
 * Brings a strategy the researcher has on a VEuPathDB site into a new conversation: its step tree
 * read from the site becomes the conversation's graph, parameters and all, each step linked to its
 * step on the site, and the conversation linked to the strategy, so a push later replaces that
 * strategy's steps.
 */
@ApplicationScoped
public class StrategyImport {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final int NAME_CHARS = 200;

    @Inject
    UpstreamSite upstream;

    @Inject
    StrategyRepository strategies;

    @Inject
    GraphDocuments graphs;

    @Inject
    StrategyService views;

    /**
     * The caller's strategies on the site, a page of them.
     *
     * @throws ProblemException 422 naming {@code siteId} for an unknown site, 502 when the site fails
     */
    public Page<StrategySummary> onSite(String token, String siteId, int limit, int offset) {
        knownSite(siteId);
        try {
            org.strategylab.upstream.api.Page<StrategySummary> page = upstream.strategies(token, siteId, limit, offset);
            return new Page<>(page.items(), page.total(), limit, offset);
        } catch (PeerFailure failure) {
            throw new ProblemException(502, "UPSTREAM_ERROR", "Bad Gateway",
                    "your strategies could not be read from the site: " + failure.explanation(), List.of());
        }
    }

    private void knownSite(String siteId) {
        if (!upstream.siteExists(siteId)) {
            throw ProblemException.invalid("Unknown site", List.of(new FieldError("/siteId", "no site '" + siteId + "'")));
        }
    }

    /**
     * Imports the strategy.
     *
     * @param ownerId the caller
     * @param token   the caller's token, for the site
     * @param request which strategy
     * @return the new conversation
     * @throws ProblemException 404 naming the strategy when it is not the caller's on that site,
     *                          422 naming {@code siteId} for an unknown site, 502 when the site fails
     */
    public StrategyView importStrategy(String ownerId, String token, ImportRequest request) {
        knownSite(request.siteId());
        StrategyTree tree;
        try {
            tree = upstream.strategyTree(token, request.siteId(), request.strategyId());
        } catch (PeerFailure failure) {
            if (failure.status() == 404) {
                throw ProblemException.notFound("STRATEGY_NOT_FOUND",
                        "you have no strategy " + request.strategyId() + " on " + request.siteId());
            }
            throw new ProblemException(502, "UPSTREAM_ERROR", "Bad Gateway",
                    "the strategy could not be read from the site: " + failure.explanation(), List.of());
        }
        StrategyGraph graph;
        try {
            graph = ImportedGraph.of(tree);
        } catch (IllegalArgumentException e) {
            throw ProblemException.invalid("The strategy cannot be imported", List.of(new FieldError("/strategyId",
                    "it combines steps with an operator StrategyLab does not know")));
        }
        StrategyEntity entity = new StrategyEntity();
        entity.id = UUID.randomUUID();
        entity.ownerId = ownerId;
        entity.siteId = request.siteId();
        String name = tree.name() == null || tree.name().isBlank() ? "Strategy " + tree.strategyId() : tree.name().strip();
        entity.name = name.length() <= NAME_CHARS ? name : name.substring(0, NAME_CHARS - 1) + "…";
        entity.upstreamStrategyId = tree.strategyId();
        entity.upstreamUrl = tree.webUrl();
        entity.saved = tree.isSaved();
        graphs.write(entity, graph);
        GraphDocuments.markOnSite(entity, graph);
        strategies.insert(entity).await().atMost(WAIT);
        return views.get(ownerId, entity.id);
    }
}
