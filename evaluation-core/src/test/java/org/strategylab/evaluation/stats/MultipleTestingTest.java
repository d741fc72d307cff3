package org.strategylab.evaluation.stats;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.strategylab.evaluation.Fixtures;

import static org.junit.jupiter.api.Assertions.assertEquals;

class MultipleTestingTest {
    @Test
    void matchesTheBruteForceDefinitions() {
        int cases = 0;
        for (JsonNode c : Fixtures.load("multiple_testing.json")) {
            double[] p = new double[c.get("p").size()];
            for (int i = 0; i < p.length; i++) {
                p[i] = c.get("p").get(i).asDouble();
            }
            double[] bh = MultipleTesting.benjaminiHochberg(p);
            double[] bf = MultipleTesting.bonferroni(p);
            for (int i = 0; i < p.length; i++) {
                Fixtures.assertRelative(c.get("bh").get(i).asDouble(), bh[i], 1e-13, "bh[" + i + "]");
                Fixtures.assertRelative(c.get("bonferroni").get(i).asDouble(), bf[i], 1e-15, "bonferroni[" + i + "]");
            }
            cases++;
        }
        assertEquals(5, cases);
    }
}
