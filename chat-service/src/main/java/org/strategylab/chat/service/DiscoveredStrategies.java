package org.strategylab.chat.service;

import com.fasterxml.jackson.databind.JsonNode;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.WebApplicationException;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.strategylab.chat.api.DiscoveredStrategyRequest;
import org.strategylab.chat.api.StrategyView;
import org.strategylab.chat.client.ExperimentServiceClient;
import org.strategylab.chat.graph.DiscoveredGraph;
import org.strategylab.chat.graph.StrategyGraph;
import org.strategylab.chat.persistence.GraphDocuments;
import org.strategylab.chat.persistence.StrategyEntity;
import org.strategylab.chat.persistence.StrategyRepository;
import org.strategylab.edge.problem.FieldError;
import org.strategylab.edge.problem.ProblemException;

/**
 * Opens a strategy a discovery proposed as a new conversation: its step tree becomes the
 * conversation's graph (each search under the label the discovery gave its candidate, the root with
 * the size the discovery counted on the site), so the researcher goes on from there in the chat,
 * saves it on the site or runs it as an experiment. The discovery is read as the caller: someone
 * else's is not found.
 */
@ApplicationScoped
public class DiscoveredStrategies {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final int NAME_CHARS = 200;

    @Inject
    @RestClient
    ExperimentServiceClient experiments;

    @Inject
    StrategyRepository strategies;

    @Inject
    GraphDocuments graphs;

    @Inject
    StrategyService views;

    /**
     * The new conversation.
     *
     * @throws ProblemException 404 for a discovery that is not the caller's, 409 for one not completed,
     *                          422 naming {@code rank} for a rank it did not propose, 502 when experiment-service fails
     */
    public StrategyView open(String ownerId, String token, DiscoveredStrategyRequest request) {
        JsonNode discovery = read(token, request.discoveryId());
        if (!"completed".equals(discovery.path("status").asText())) {
            throw ProblemException.conflict("DISCOVERY_NOT_COMPLETED", "discovery " + request.discoveryId() + " is "
                    + discovery.path("status").asText("not completed") + "; a strategy can be opened once it has completed");
        }
        JsonNode result = discovery.path("result");
        JsonNode strategy = pick(result.path("strategies"), request.rank());
        String recordType = result.path("recordType").asText("transcript");
        Map<String, String> labels = new HashMap<>();
        for (JsonNode candidate : result.path("candidates")) {
            labels.putIfAbsent(candidate.path("searchName").asText(), candidate.path("label").asText(null));
        }
        AtomicReference<StrategyGraph> ids = new AtomicReference<>(new StrategyGraph(recordType, List.of(), 1));
        DiscoveredGraph.Steps steps;
        try {
            steps = DiscoveredGraph.of(strategy.path("stepTree"), recordType, () -> {
                StrategyGraph now = ids.get();
                ids.set(now.reserve());
                return now.newStepId();
            }, searchName -> labels.get(searchName) == null ? searchName : labels.get(searchName));
        } catch (IllegalArgumentException e) {
            throw ProblemException.invalid("The strategy cannot be opened", List.of(new FieldError("/discoveryId",
                    "its strategy could not be read as steps: " + e.getMessage())));
        }
        StrategyGraph graph = steps.addedTo(new StrategyGraph(recordType, List.of(), 1));
        if (strategy.hasNonNull("resultSize")) {
            graph = graph.replace(steps.rootId(), root -> root.withCount(strategy.path("resultSize").asLong(), null));
        }
        StrategyEntity entity = new StrategyEntity();
        entity.id = UUID.randomUUID();
        entity.ownerId = ownerId;
        entity.siteId = result.path("siteId").asText(discovery.path("siteId").asText());
        String name = "Discovered: " + strategy.path("description").asText("strategy " + strategy.path("rank").asInt());
        entity.name = name.length() <= NAME_CHARS ? name : name.substring(0, NAME_CHARS - 1) + "…";
        graphs.write(entity, graph);
        strategies.insert(entity).await().atMost(WAIT);
        return views.get(ownerId, entity.id);
    }

    private JsonNode read(String token, String discoveryId) {
        try {
            return experiments.discovery("Bearer " + token, discoveryId).await().atMost(WAIT);
        } catch (WebApplicationException e) {
            if (e.getResponse().getStatus() == 404) {
                throw ProblemException.notFound("DISCOVERY_NOT_FOUND", "you have no strategy discovery " + discoveryId);
            }
            throw upstreamFailure();
        } catch (RuntimeException e) {
            throw upstreamFailure();
        }
    }

    private static ProblemException upstreamFailure() {
        return new ProblemException(502, "EXPERIMENT_SERVICE_ERROR", "Bad Gateway",
                "the discovery could not be read from the experiment service; try again", List.of());
    }

    private static JsonNode pick(JsonNode proposed, Integer rank) {
        for (JsonNode strategy : proposed) {
            if (rank == null ? strategy.path("chosen").asBoolean() : strategy.path("rank").asInt() == rank) {
                return strategy;
            }
        }
        if (rank == null && !proposed.isEmpty()) {
            return proposed.get(0);
        }
        throw ProblemException.invalid("No such strategy", List.of(new FieldError(rank == null ? "/discoveryId" : "/rank",
                rank == null ? "the discovery proposed no strategy" : "the discovery proposed " + proposed.size()
                        + " strategies; rank " + rank + " is not one of them")));
    }
}
