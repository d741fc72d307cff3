package org.strategylab.chat.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A discovery's step tree as graph steps: inputs first, the combine's operands in order, the root last. */
class DiscoveredGraphTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static DiscoveredGraph.Steps steps(String tree) throws Exception {
        AtomicInteger next = new AtomicInteger(1);
        return DiscoveredGraph.of(JSON.readTree(tree), "transcript", () -> "step_" + next.getAndIncrement(),
                searchName -> "the " + searchName);
    }

    @Test
    void aCombinationBecomesItsSearchesAndItsCombineWithTheRootLast() throws Exception {
        DiscoveredGraph.Steps steps = steps("{\"operator\":\"MINUS\",\"primaryInput\":{\"operator\":\"INTERSECT\","
                + "\"primaryInput\":{\"searchName\":\"GenesByGoTerm\",\"parameters\":{\"go_typeahead\":[\"GO:0004672\"]}},"
                + "\"secondaryInput\":{\"searchName\":\"GenesByTaxon\",\"parameters\":{\"organism\":[\"Plasmodium falciparum 3D7\"]}}},"
                + "\"secondaryInput\":{\"searchName\":\"GenesWithSignalPeptide\",\"parameters\":{}}}");
        List<GraphStep> made = steps.steps();
        assertEquals(5, made.size());
        assertEquals("step_5", steps.rootId());
        assertEquals(List.of("GenesByGoTerm", "GenesByTaxon"), List.of(made.get(0).searchName(), made.get(1).searchName()));
        assertEquals(Map.of("go_typeahead", List.of("GO:0004672")), made.get(0).parameters());
        assertEquals("the GenesByGoTerm", made.get(0).displayName());
        GraphStep intersect = made.get(2);
        assertEquals(List.of("step_1", "step_2"), intersect.inputs());
        assertEquals(CombineOperator.INTERSECT, intersect.operator());
        GraphStep root = made.get(4);
        assertEquals(CombineOperator.MINUS, root.operator());
        assertEquals(List.of("step_3", "step_4"), root.inputs());
        StrategyGraph graph = steps.addedTo(StrategyGraph.empty());
        assertEquals(5, graph.steps().size());
        assertEquals("transcript", graph.step("step_5").orElseThrow().recordType());
    }

    @Test
    void aLoneSearchIsOneStep() throws Exception {
        DiscoveredGraph.Steps steps = steps("{\"searchName\":\"GenesByTaxon\",\"parameters\":{\"organism\":[\"x\"]}}");
        assertEquals(1, steps.steps().size());
        assertEquals("step_1", steps.rootId());
        assertEquals(StepKind.SEARCH, steps.steps().get(0).kind());
    }

    @Test
    void aNodeThatIsNeitherIsRefusedByName() throws Exception {
        JsonNode noName = JSON.readTree("{\"parameters\":{}}");
        assertEquals("a search node needs its searchName", assertThrows(IllegalArgumentException.class,
                () -> DiscoveredGraph.of(noName, "transcript", () -> "s", s -> s)).getMessage());
        JsonNode halfCombine = JSON.readTree("{\"operator\":\"UNION\",\"primaryInput\":{\"searchName\":\"A\"}}");
        assertEquals("a combine node needs both inputs", assertThrows(IllegalArgumentException.class,
                () -> DiscoveredGraph.of(halfCombine, "transcript", () -> "s", s -> s)).getMessage());
        JsonNode badOperator = JSON.readTree("{\"operator\":\"XOR\",\"primaryInput\":{\"searchName\":\"A\"},"
                + "\"secondaryInput\":{\"searchName\":\"B\"}}");
        assertEquals("unknown operator XOR", assertThrows(IllegalArgumentException.class,
                () -> DiscoveredGraph.of(badOperator, "transcript", () -> "s", s -> s)).getMessage());
    }
}
