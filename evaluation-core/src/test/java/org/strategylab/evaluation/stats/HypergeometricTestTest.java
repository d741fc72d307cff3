package org.strategylab.evaluation.stats;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.strategylab.evaluation.Fixtures;
import org.strategylab.evaluation.ValidationException;
import org.strategylab.evaluation.model.HypergeometricResult;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HypergeometricTestTest {

    @TestFactory
    List<DynamicTest> exactTailMatchesBigIntegerSummationAndScipy() {
        List<DynamicTest> tests = new ArrayList<>();
        for (JsonNode c : Fixtures.load("hypergeometric.json")) {
            int x = c.get("observed").asInt();
            int bigN = c.get("population").asInt();
            int k = c.get("successes").asInt();
            int n = c.get("draws").asInt();
            String name = "x=" + x + " N=" + bigN + " K=" + k + " n=" + n;
            tests.add(DynamicTest.dynamicTest(name, () -> {
                HypergeometricResult r = HypergeometricTest.test(x, bigN, k, n);
                if (c.get("logPValueExact").isNull()) {
                    assertEquals(Double.NEGATIVE_INFINITY, r.logPValue(), name);
                    assertEquals(0.0, r.pValue(), name);
                } else {
                    double expected = c.get("logPValueExact").asDouble();
                    // relative 1e-12 on ln p, absolute 1e-15 near ln p = 0
                    assertTrue(Math.abs(expected - r.logPValue()) <= 1e-12 * Math.abs(expected) + 1e-15,
                            () -> name + ": ln p expected " + expected + " was " + r.logPValue());
                    Fixtures.assertRelative(c.get("pValueExact").asDouble(), r.pValue(), 1e-11, name + " p");
                    if (c.hasNonNull("scipyLogSf")) {
                        Fixtures.assertClose(c.get("scipyLogSf").asDouble(), r.logPValue(), 1e-9, name + " scipy");
                    }
                }
                Fixtures.assertRelative(c.get("pValueNormalApprox").asDouble(), r.pValueNormalApprox(), 1e-10,
                        name + " approx");
            }));
        }
        return tests;
    }

    @Test
    void farTailKeepsItsLogarithmWhereTheProbabilityUnderflows() {
        double logP = HypergeometricTest.logUpperTail(200, 20000, 200, 200);
        assertTrue(logP < -1000 && Double.isFinite(logP), "ln p " + logP);
        double p = HypergeometricTest.upperTail(900, 20000, 2000, 3000);
        assertTrue(p > 0 && p < 1e-250, "p " + p);
    }

    @Test
    void inconsistentSizesAreRejectedByName() {
        assertEquals("successes", assertThrows(ValidationException.class,
                () -> HypergeometricTest.test(1, 10, 11, 2)).field());
        assertEquals("draws", assertThrows(ValidationException.class,
                () -> HypergeometricTest.test(1, 10, 2, -1)).field());
    }
}
