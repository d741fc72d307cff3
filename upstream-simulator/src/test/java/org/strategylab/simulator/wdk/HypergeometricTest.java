package org.strategylab.simulator.wdk;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The enrichment statistics against values computed independently (R: phyper(k-1, K, N-K, n, lower.tail=FALSE)). */
class HypergeometricTest {

    @Test
    void upperTailMatchesDirectSummation() {
        // N=50, K=10, n=10, k=5: sum over x=5..10 of C(10,x)C(40,10-x)/C(50,10)
        double expected = 0;
        for (int x = 5; x <= 10; x++) {
            expected += choose(10, x) * choose(40, 10 - x) / choose(50, 10);
        }
        assertEquals(expected, Hypergeometric.upperTail(5, 10, 10, 50), 1e-12);
        assertEquals(1.0, Hypergeometric.upperTail(0, 10, 10, 50), 1e-12);
        assertEquals(choose(10, 10) / choose(50, 10), Hypergeometric.upperTail(10, 10, 10, 50), 1e-20);
    }

    @Test
    void farTailStaysAccurate() {
        // phyper(99, 200, 4800, 300, lower.tail = FALSE) is about 1e-60 scale; check monotonic and positive
        double p = Hypergeometric.upperTail(100, 300, 200, 5000);
        double q = Hypergeometric.upperTail(101, 300, 200, 5000);
        org.junit.jupiter.api.Assertions.assertTrue(p > 0 && q < p && p < 1e-50, p + " " + q);
    }

    @Test
    void benjaminiHochbergIsMonotoneAndCapped() {
        double[] adjusted = Hypergeometric.benjaminiHochberg(new double[] {0.01, 0.04, 0.03, 0.5});
        assertArrayEquals(new double[] {0.04, 0.04 * 4 / 3 > 0.5 ? 0.5 : 0.04 * 4 / 3 , 0.04 * 4 / 3 > 0.5 ? 0.5 : 0.04 * 4 / 3, 0.5},
                new double[] {adjusted[0], adjusted[1], adjusted[2], adjusted[3]}, 1e-12);
    }

    private static double choose(int n, int k) {
        double r = 1;
        for (int i = 1; i <= k; i++) {
            r = r * (n - k + i) / i;
        }
        return r;
    }
}
