package org.strategylab.evaluation.optimization;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.strategylab.evaluation.Fixtures;
import org.strategylab.evaluation.ValidationException;
import org.strategylab.evaluation.model.StepTreeNode;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class SweepValuesTest {
    @Test
    void numericValuesAreCleanDecimalsMatchingPythonDecimal() {
        for (JsonNode c : Fixtures.load("sweep_values.json")) {
            assertEquals(Fixtures.strings(c.get("expected")), SweepValues.generate("numeric", null,
                    c.get("min").asDouble(), c.get("max").asDouble(), c.get("steps").asInt()), c.toString());
        }
        assertEquals("0.3", SweepValues.decimal(0.1 + 0.2));
        assertEquals("0.00001", SweepValues.decimal(1e-5));
        assertEquals("10", SweepValues.decimal(10.0));
        assertEquals("10", SweepValues.integer(10.4));
    }

    @Test
    void categoricalValuesPassThroughInOrder() {
        assertEquals(List.of("b", "a"), SweepValues.generate("categorical", List.of("b", "a"), null, null, null));
    }

    @Test
    void badInputNamesTheField() {
        assertEquals("values", field(() -> SweepValues.generate("categorical", List.of(), null, null, null)));
        assertEquals("minValue", field(() -> SweepValues.generate("numeric", null, null, 1.0, 5)));
        assertEquals("maxValue", field(() -> SweepValues.generate("numeric", null, 2.0, 1.0, 5)));
        assertEquals("steps", field(() -> SweepValues.generate("numeric", null, 0.0, 1.0, 2)));
        assertEquals("sweepType", field(() -> SweepValues.generate("log", null, 0.0, 1.0, 5)));
        StepTreeNode tree = StepTreeNode.combine("c", "UNION", StepTreeNode.leaf("a", "s", Map.of("fold", "2")),
                StepTreeNode.leaf("b", "t", Map.of()));
        SweepValues.requireParameter("fold", null, tree);
        assertEquals("parameterName", field(() -> SweepValues.requireParameter("pvalue", null, tree)));
        assertEquals("parameterName", field(() -> SweepValues.requireParameter("x", Map.of("y", "1"), null)));
    }

    private static String field(Runnable r) {
        return assertThrows(ValidationException.class, r::run).field();
    }
}
