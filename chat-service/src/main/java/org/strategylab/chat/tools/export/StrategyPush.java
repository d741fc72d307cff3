package org.strategylab.chat.tools.export;

import com.fasterxml.jackson.databind.JsonNode;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.strategylab.chat.api.StrategyLink;
import org.strategylab.chat.client.UpstreamSite;
import org.strategylab.chat.graph.GraphStep;
import org.strategylab.chat.graph.StrategyGraph;
import org.strategylab.chat.persistence.GraphDocuments;
import org.strategylab.chat.persistence.StrategyEntity;
import org.strategylab.chat.persistence.StrategyRepository;
import org.strategylab.chat.tools.StepTrees;
import org.strategylab.edge.peer.PeerFailure;

/**
 * Puts a conversation's strategy on its site as a real WDK strategy: created the first time,
 * its step tree replaced afterwards (a new one is created when the user deleted it on the site).
 * The row keeps the link, and each step its site step id and count.
 */
@ApplicationScoped
public class StrategyPush {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @Inject
    UpstreamSite upstream;

    @Inject
    StrategyRepository strategies;

    @Inject
    GraphDocuments graphs;

    /** Why the graph cannot be pushed as it stands, or an empty list. */
    public static List<String> problems(StrategyGraph graph) {
        if (graph.steps().isEmpty()) {
            return List.of("the strategy has no steps yet");
        }
        return graph.structuralProblems();
    }

    /** A pushed strategy: its link, and its graph with the site's step ids and counts (as stored). */
    public record Pushed(StrategyLink link, StrategyGraph graph) {
    }

    /** Pushes the strategy (whose graph has no {@link #problems}); answers the link and the stored graph. */
    public Pushed push(StrategyEntity row, StrategyGraph graph, String token, boolean saved) {
        GraphStep root = graph.root().orElseThrow();
        JsonNode tree = StepTrees.tree(graph, root.id());
        JsonNode existing = null;
        if (row.upstreamStrategyId != null) {
            try {
                existing = upstream.json(upstream.replaceStrategyTree(token, row.siteId, row.upstreamStrategyId,
                        row.name, graph.recordType(), tree));
            } catch (PeerFailure failure) {
                if (failure.status() != 404) {
                    throw failure;
                }
            }
        }
        JsonNode view = existing != null ? existing
                : upstream.json(upstream.createStrategy(token, row.siteId, row.name, graph.recordType(), tree, saved));
        long strategyId = view.path("strategyId").asLong();
        String url = view.path("webUrl").asText(null);
        boolean isSaved = view.path("isSaved").asBoolean(saved);
        Map<String, Long> ids = StepTrees.upstreamIds(graph, root.id(), view.path("stepTree"));
        StrategyGraph linked = graph.replaceAll(step -> {
            Long upstreamId = ids.get(step.id());
            if (upstreamId == null) {
                return step;
            }
            JsonNode size = view.path("steps").path(String.valueOf(upstreamId)).path("estimatedSize");
            GraphStep withId = step.withUpstreamStepId(upstreamId);
            if (!size.canConvertToLong() || size.asLong() < 0) {
                return withId;
            }
            // the site's size is in genes; the transcripts counted beside them stay while the genes agree
            Long transcripts = java.util.Objects.equals(withId.resultCount(), size.asLong()) ? withId.transcriptCount() : null;
            return withId.withCounts(size.asLong(), transcripts, null);
        });
        UUID id = row.id;
        strategies.update(id, row.ownerId, entity -> {
            entity.upstreamStrategyId = strategyId;
            entity.upstreamUrl = url;
            entity.saved = isSaved;
            graphs.write(entity, linked);
            GraphDocuments.markOnSite(entity, graph);
        }).await().atMost(WAIT);
        Long count = view.path("estimatedSize").canConvertToLong() ? view.path("estimatedSize").asLong() : null;
        return new Pushed(new StrategyLink(id.toString(), strategyId, url, row.name, isSaved, count), linked);
    }
}
