package org.strategylab.chat.service;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.WebApplicationException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.strategylab.chat.api.Mention;
import org.strategylab.chat.client.ExperimentServiceClient;
import org.strategylab.chat.graph.StrategyGraph;
import org.strategylab.chat.persistence.GraphDocuments;
import org.strategylab.chat.persistence.StrategyEntity;
import org.strategylab.chat.persistence.StrategyRepository;
import org.strategylab.chat.tools.ToolResults;
import org.strategylab.chat.tools.graph.GraphEdits;
import org.strategylab.edge.peer.PeerFailure;
import org.strategylab.edge.problem.ProblemException;

/**
 * Mentions (spec §1.3): each mentioned strategy or experiment is loaded as the caller — a foreign
 * or missing one is a 404 before the turn starts — and given to the model as a short context block.
 */
@ApplicationScoped
public class MentionLoader {

    private static final Duration WAIT = Duration.ofSeconds(15);
    private static final int MAX_BLOCK = 4000;

    @Inject
    StrategyRepository strategies;

    @Inject
    GraphDocuments graphs;

    @Inject
    @RestClient
    ExperimentServiceClient experiments;

    @Inject
    ObjectMapper mapper;

    /** The context blocks, in mention order; a 404 problem names the first mention the caller cannot see. */
    public List<String> load(String ownerId, String token, List<Mention> mentions) {
        List<String> blocks = new ArrayList<>();
        for (int i = 0; i < mentions.size(); i++) {
            Mention mention = mentions.get(i);
            Optional<String> block = "strategy".equals(mention.type()) ? strategy(ownerId, mention)
                    : experiment(token, mention);
            int index = i;
            blocks.add(block.orElseThrow(() -> ProblemException.notFound(
                    "strategy".equals(mention.type()) ? "STRATEGY_NOT_FOUND" : "EXPERIMENT_NOT_FOUND",
                    "mentions[" + index + "]: no " + mention.type() + " " + mention.id() + " of yours")));
        }
        return blocks;
    }

    private Optional<String> strategy(String ownerId, Mention mention) {
        Optional<StrategyEntity> found = strategies.findOwned(UUID.fromString(mention.id()), ownerId)
                .await().atMost(WAIT);
        return found.map(entity -> {
            StrategyGraph graph = graphs.read(entity);
            ObjectNode block = ToolResults.object().put("type", "strategy").put("id", entity.id.toString())
                    .put("name", entity.name).put("siteId", entity.siteId);
            ArrayNode steps = block.putArray("steps");
            graph.steps().forEach(step -> steps.add(GraphEdits.describe(step)));
            return cut(block.toString());
        });
    }

    /** The caller's experiment as experiment-service shows it; empty when it is not theirs (or gone). */
    public Optional<JsonNode> experiment(String token, String id) {
        try {
            return Optional.of(experiments.experiment("Bearer " + token, id).await().atMost(WAIT));
        } catch (WebApplicationException e) {
            PeerFailure failure = PeerFailure.of("experiment-service", e, mapper);
            if (failure.status() == 404) {
                return Optional.empty();
            }
            throw new ProblemException(502, "PEER_UNAVAILABLE", "Bad Gateway",
                    "the experiment could not be loaded: " + failure.getMessage(), List.of());
        } catch (RuntimeException e) {
            Throwable failure = org.strategylab.edge.peer.CallFailures.peerFailure("experiment-service",
                    "the experiment service", "loading the experiment", WAIT, e, mapper);
            if (failure instanceof PeerFailure peer) {
                throw new ProblemException(peer.status(), peer.code(), peer.status() == 504 ? "Gateway Timeout" : "Bad Gateway",
                        "the experiment could not be loaded: " + peer.getMessage(), List.of());
            }
            throw e;
        }
    }

    private Optional<String> experiment(String token, Mention mention) {
        Optional<JsonNode> found = experiment(token, mention.id());
        if (found.isEmpty()) {
            return Optional.empty();
        }
        JsonNode experiment = found.get();
        ObjectNode block = ToolResults.object().put("type", "experiment").put("id", mention.id());
        for (String field : List.of("name", "status", "siteId", "mode", "searchName", "recordType")) {
            copy(experiment, block, field);
            copy(experiment.path("config"), block, field);
        }
        for (String field : List.of("parameters", "stepTree", "metrics")) {
            JsonNode value = experiment.path("config").has(field) ? experiment.path("config").get(field)
                    : experiment.path("results").has(field) ? experiment.path("results").get(field) : experiment.get(field);
            if (value != null && !value.isNull()) {
                block.set(field, value);
            }
        }
        return Optional.of(cut(block.toString()));
    }

    private static void copy(JsonNode from, ObjectNode to, String field) {
        JsonNode value = from.get(field);
        if (value != null && value.isValueNode() && !value.isNull() && !to.has(field)) {
            to.set(field, value);
        }
    }

    private static String cut(String block) {
        return block.length() <= MAX_BLOCK ? block : block.substring(0, MAX_BLOCK) + "… [cut]";
    }
}
