package org.strategylab.chat.persistence;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.OffsetDateTime;
import java.util.Optional;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.strategylab.chat.graph.GraphFingerprint;
import org.strategylab.chat.graph.GraphStep;
import org.strategylab.chat.graph.StrategyGraph;

/**
 * The graph column: a {@link StrategyGraph} as a JSON document, and the row's summary columns kept in step with it.
 * The document also keeps the graph's earlier versions (its {@code history}, newest first, at most
 * {@link #UNDO_DEPTH}), pushed by each change a turn's tools make, so {@code undo_last_change} can go back.
 */
@ApplicationScoped
public class GraphDocuments {

    @Inject
    ObjectMapper mapper;

    /** How many earlier versions of a graph are kept for undoing. */
    public static final int UNDO_DEPTH = 10;
    private static final String HISTORY = "history";

    public StrategyGraph read(StrategyEntity entity) {
        return graphOf(entity);
    }

    private StrategyGraph graphOf(StrategyEntity entity) {
        if (entity.graph == null || entity.graph.isEmpty()) {
            return StrategyGraph.empty();
        }
        JsonNode document = entity.graph;
        if (document.has(HISTORY)) {
            document = document.deepCopy();
            ((ObjectNode) document).remove(HISTORY);
        }
        try {
            return mapper.treeToValue(document, StrategyGraph.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("strategy " + entity.id + " has an unreadable graph", e);
        }
    }

    /** Writes the graph and its step count, record type and root count onto the row; the earlier versions stay. */
    public void write(StrategyEntity entity, StrategyGraph graph) {
        write(entity, graph, history(entity));
    }

    /** Writes a change of the graph, keeping the version it replaces as the one an undo goes back to. */
    public void writeUndoable(StrategyEntity entity, StrategyGraph graph) {
        ArrayNode history = mapper.createArrayNode();
        history.add(mapper.valueToTree(graphOf(entity)));
        for (JsonNode older : history(entity)) {
            if (history.size() < UNDO_DEPTH) {
                history.add(older);
            }
        }
        write(entity, graph, history);
    }

    /** Puts the graph back as it was before its last undoable change; empty when there is none kept. */
    public Optional<StrategyGraph> undo(StrategyEntity entity) {
        ArrayNode history = history(entity);
        if (history.isEmpty()) {
            return Optional.empty();
        }
        StrategyGraph previous;
        try {
            StrategyGraph kept = mapper.treeToValue(history.get(0), StrategyGraph.class);
            // step ids handed out since are never handed out again
            previous = new StrategyGraph(kept.recordType(), kept.steps(), Math.max(kept.nextId(), graphOf(entity).nextId()));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("strategy " + entity.id + " has an unreadable earlier graph", e);
        }
        history.remove(0);
        write(entity, previous, history);
        return Optional.of(previous);
    }

    private ArrayNode history(StrategyEntity entity) {
        JsonNode kept = entity.graph == null ? null : entity.graph.get(HISTORY);
        return kept instanceof ArrayNode array ? array.deepCopy() : mapper.createArrayNode();
    }

    private void write(StrategyEntity entity, StrategyGraph graph, ArrayNode history) {
        ObjectNode document = mapper.valueToTree(graph);
        if (!history.isEmpty()) {
            document.set(HISTORY, history);
        }
        entity.graph = document;
        entity.stepCount = graph.steps().size();
        entity.recordType = graph.recordType();
        entity.resultCount = graph.root().map(GraphStep::resultCount).orElse(null);
        entity.graphFingerprint = GraphFingerprint.of(graph);
    }

    /** Notes that the site's strategy now holds this graph (pushed there, or read from there). */
    public static void markOnSite(StrategyEntity entity, StrategyGraph graph) {
        entity.siteFingerprint = GraphFingerprint.of(graph);
        entity.siteSavedAt = OffsetDateTime.now();
    }
}
