package org.strategylab.chat.persistence;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.strategylab.chat.graph.GraphStep;
import org.strategylab.chat.graph.StrategyGraph;

/** The graph column: a {@link StrategyGraph} as a JSON document, and the row's summary columns kept in step with it. */
@ApplicationScoped
public class GraphDocuments {

    @Inject
    ObjectMapper mapper;

    public StrategyGraph read(StrategyEntity entity) {
        if (entity.graph == null || entity.graph.isEmpty()) {
            return StrategyGraph.empty();
        }
        try {
            return mapper.treeToValue(entity.graph, StrategyGraph.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("strategy " + entity.id + " has an unreadable graph", e);
        }
    }

    /** Writes the graph and its step count, record type and root count onto the row. */
    public void write(StrategyEntity entity, StrategyGraph graph) {
        JsonNode document = mapper.valueToTree(graph);
        entity.graph = document;
        entity.stepCount = graph.steps().size();
        entity.recordType = graph.recordType();
        entity.resultCount = graph.root().map(GraphStep::resultCount).orElse(null);
    }
}
