package org.strategylab.chat.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StrategyGraphTest {

    static StrategyGraph twoSearches() {
        StrategyGraph graph = StrategyGraph.empty();
        graph = graph.add(GraphStep.search(graph.newStepId(), "GenesByText", "transcript", Map.of("text_expression", "kinase*"), "kinases"));
        return graph.add(GraphStep.search(graph.newStepId(), "GenesWithSignalPeptide", "transcript", Map.of(), "signal"));
    }

    @Test
    void twoSearchesAreTwoPartsUntilCombined() {
        StrategyGraph graph = twoSearches();
        assertEquals(List.of("step-1", "step-2"), graph.roots().stream().map(GraphStep::id).toList());
        assertTrue(graph.structuralProblems().get(0).contains("2 separate parts"), graph.structuralProblems().toString());
        StrategyGraph combined = graph.add(GraphStep.combine(graph.newStepId(), CombineOperator.INTERSECT, "step-1", "step-2",
                "transcript", "both"));
        assertEquals(List.of(), combined.structuralProblems());
        assertEquals("step-3", combined.root().orElseThrow().id());
        assertEquals(List.of("step-1", "step-2", "step-3"), combined.subtree("step-3").stream().map(GraphStep::id).toList());
        assertEquals("step-4", combined.newStepId());
        // ids are never reused, even after a deletion
        assertEquals("step-4", combined.remove("step-3").newStepId());
    }

    @Test
    void arityOperatorsAndCyclesAreReported() {
        StrategyGraph graph = twoSearches();
        StrategyGraph missingInput = graph.add(new GraphStep("step-3", StepKind.COMBINE, "x", null, "transcript", null,
                CombineOperator.UNION, "step-1", null, null, null, null));
        assertTrue(missingInput.structuralProblems().stream().anyMatch(p -> p.contains("needs two input steps")));
        StrategyGraph noOperator = graph.add(new GraphStep("step-3", StepKind.COMBINE, "x", null, "transcript", null,
                null, "step-1", "step-2", null, null, null));
        assertTrue(noOperator.structuralProblems().stream().anyMatch(p -> p.contains("needs an operator")));
        StrategyGraph cycle = new StrategyGraph("transcript", List.of(
                GraphStep.transform("step-1", "GenesByOrthologs", "transcript", Map.of(), "step-2", "a"),
                GraphStep.transform("step-2", "GenesByOrthologs", "transcript", Map.of(), "step-1", "b")), 3);
        assertTrue(cycle.structuralProblems().stream().anyMatch(p -> p.contains("cycle")), cycle.structuralProblems().toString());
        StrategyGraph unknown = graph.add(GraphStep.transform("step-3", "GenesByOrthologs", "transcript", Map.of(), "step-9", "o"));
        assertTrue(unknown.structuralProblems().stream().anyMatch(p -> p.contains("step-9 does not exist")));
    }

    @Test
    void theGraphSurvivesItsJsonDocument() throws Exception {
        StrategyGraph graph = twoSearches();
        graph = graph.add(GraphStep.combine(graph.newStepId(), CombineOperator.MINUS, "step-1", "step-2", "transcript", "m"))
                .replace("step-3", s -> s.withCount(12L, null));
        ObjectMapper mapper = new ObjectMapper();
        String json = mapper.writeValueAsString(graph);
        assertEquals(graph, mapper.readValue(json, StrategyGraph.class));
        assertTrue(json.contains("\"kind\":\"combine\"") && json.contains("\"operator\":\"MINUS\""), json);
    }
}
