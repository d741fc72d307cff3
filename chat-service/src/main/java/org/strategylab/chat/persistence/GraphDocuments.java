package org.strategylab.chat.persistence;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.strategylab.chat.graph.GraphFingerprint;
import org.strategylab.chat.graph.GraphStep;
import org.strategylab.chat.graph.StrategyGraph;

/**
 * The graph column: a {@link StrategyGraph} as a JSON document, and the row's summary columns kept in step with it.
 * The document also keeps the graph's earlier versions (its {@code history}, newest first, at most
 * {@link #UNDO_DEPTH}), pushed by each change a turn's tools (or a person's graph edit) make, so
 * {@code undo_last_change} can go back; and the versions an undo left (its {@code redo}, newest first),
 * which a redo brings back until the next change clears them.
 */
@ApplicationScoped
public class GraphDocuments {

    @Inject
    ObjectMapper mapper;

    /** How many earlier versions of a graph are kept for undoing. */
    public static final int UNDO_DEPTH = 10;
    private static final String HISTORY = "history";
    private static final String REDO = "redo";

    public StrategyGraph read(StrategyEntity entity) {
        return graphOf(entity);
    }

    private StrategyGraph graphOf(StrategyEntity entity) {
        if (entity.graph == null || entity.graph.isEmpty()) {
            return StrategyGraph.empty();
        }
        JsonNode document = entity.graph;
        if (document.has(HISTORY) || document.has(REDO)) {
            document = document.deepCopy();
            ((ObjectNode) document).remove(List.of(HISTORY, REDO));
        }
        try {
            return mapper.treeToValue(document, StrategyGraph.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("strategy " + entity.id + " has an unreadable graph", e);
        }
    }

    /** Writes the graph and its step count, record type and root count onto the row; the earlier and undone versions stay. */
    public void write(StrategyEntity entity, StrategyGraph graph) {
        write(entity, graph, history(entity), kept(entity, REDO));
    }

    /** Writes a change of the graph, keeping the version it replaces as the one an undo goes back to. */
    public void writeUndoable(StrategyEntity entity, StrategyGraph graph) {
        // a new change: what was undone stays undone
        write(entity, graph, pushed(graphOf(entity), history(entity)), mapper.createArrayNode());
    }

    /** Puts the graph back as it was before its last undoable change; empty when there is none kept. */
    public Optional<StrategyGraph> undo(StrategyEntity entity) {
        ArrayNode history = history(entity);
        if (history.isEmpty()) {
            return Optional.empty();
        }
        StrategyGraph current = graphOf(entity);
        StrategyGraph previous = version(entity, history.get(0), current);
        history.remove(0);
        ArrayNode redo = pushed(current, kept(entity, REDO));
        write(entity, previous, history, redo);
        return Optional.of(previous);
    }

    /** Brings back the version the last undo left; empty when there is none (or a change came since). */
    public Optional<StrategyGraph> redo(StrategyEntity entity) {
        ArrayNode redo = kept(entity, REDO);
        if (redo.isEmpty()) {
            return Optional.empty();
        }
        StrategyGraph current = graphOf(entity);
        StrategyGraph next = version(entity, redo.get(0), current);
        redo.remove(0);
        write(entity, next, pushed(current, history(entity)), redo);
        return Optional.of(next);
    }

    /** A kept version, with the step ids handed out since never handed out again. */
    private StrategyGraph version(StrategyEntity entity, JsonNode document, StrategyGraph current) {
        try {
            StrategyGraph kept = mapper.treeToValue(document, StrategyGraph.class);
            return new StrategyGraph(kept.recordType(), kept.steps(), Math.max(kept.nextId(), current.nextId()));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("strategy " + entity.id + " has an unreadable earlier graph", e);
        }
    }

    /** The versions with {@code graph} in front, at most {@link #UNDO_DEPTH}. */
    private ArrayNode pushed(StrategyGraph graph, ArrayNode versions) {
        ArrayNode out = mapper.createArrayNode();
        out.add(mapper.valueToTree(graph));
        for (JsonNode older : versions) {
            if (out.size() < UNDO_DEPTH) {
                out.add(older);
            }
        }
        return out;
    }

    private ArrayNode history(StrategyEntity entity) {
        return kept(entity, HISTORY);
    }

    private ArrayNode kept(StrategyEntity entity, String field) {
        JsonNode kept = entity.graph == null ? null : entity.graph.get(field);
        return kept instanceof ArrayNode array ? array.deepCopy() : mapper.createArrayNode();
    }

    private void write(StrategyEntity entity, StrategyGraph graph, ArrayNode history, ArrayNode redo) {
        ObjectNode document = mapper.valueToTree(graph);
        if (!history.isEmpty()) {
            document.set(HISTORY, history);
        }
        if (!redo.isEmpty()) {
            document.set(REDO, redo);
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
