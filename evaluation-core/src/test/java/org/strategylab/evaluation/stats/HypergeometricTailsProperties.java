package org.strategylab.evaluation.stats;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link HypergeometricTest#logUpperTails} (ln pmf computed once and carried by the ratio
 * recurrences) agrees with {@link HypergeometricTest#logUpperTail} of each x within a relative 1e-12
 * (absolute 1e-15 near ln p = 0): backgrounds up to 150,000, every kind of x (at and below the
 * support, both sides of the mode, deep tails), repeated x.
 */
class HypergeometricTailsProperties {

    @Property(tries = 2000)
    void manyTailsOfOneDistributionAgreeWithEachTail(@ForAll @IntRange(min = 0, max = 150_000) int population,
                                                     @ForAll @IntRange(min = 0, max = 1000) int successesPerMille,
                                                     @ForAll @IntRange(min = 0, max = 1000) int drawsPerMille,
                                                     @ForAll @IntRange(min = 1, max = 60) int count,
                                                     @ForAll long seed) {
        int successes = (int) ((long) population * successesPerMille / 1000);
        int draws = (int) ((long) population * drawsPerMille / 1000);
        int lo = Math.max(0, draws + successes - population);
        int hi = Math.min(successes, draws);
        java.util.Random random = new java.util.Random(seed); // x values only
        int[] xs = new int[count];
        for (int i = 0; i < count; i++) {
            // mostly within a small window (as terms sharing K are), sometimes anywhere in or around the support
            int span = hi - lo + 3;
            xs[i] = random.nextInt(4) == 0 ? lo - 1 + random.nextInt(span)
                    : Math.min(hi + 1, lo + random.nextInt(Math.max(1, Math.min(span, 40))));
        }
        assertAgree(xs, population, successes, draws);
    }

    @Test
    void deepTailsAndTheFixtureExtremes() {
        assertAgree(new int[]{200, 150, 120, 100, 60, 1}, 20_000, 200, 200);
        assertAgree(new int[]{900, 800, 700, 500, 450, 451}, 20_000, 2_000, 3_000);
        assertAgree(new int[]{37_600, 37_500, 37_550, 40_000, 75_000}, 150_000, 75_000, 75_000);
        // two clusters 38–57 standard deviations either side of a narrow mode and none near it: the
        // walk from the anchor climbs over the mode by more than a double can hold (1e320) before it
        // falls again
        int[] wide = new int[180];
        for (int i = 0; i < 90; i++) {
            wide[i] = 32_000 + i * 20;
            wide[90 + i] = 41_220 + i * 20;
        }
        assertAgree(wide, 150_000, 75_000, 75_000);
        for (int[] xs : List.of(new int[]{0, 0}, new int[]{1, 1, 1}, new int[]{5, 6})) {
            assertAgree(xs, 10, 10, 10); // a degenerate distribution: all mass at 10
            assertAgree(xs, 10, 0, 5);
        }
    }

    private static void assertAgree(int[] xs, int population, int successes, int draws) {
        double[] tails = HypergeometricTest.logUpperTails(xs, population, successes, draws);
        assertEquals(xs.length, tails.length);
        for (int i = 0; i < xs.length; i++) {
            double expected = HypergeometricTest.logUpperTail(xs[i], population, successes, draws);
            double actual = tails[i];
            String what = "x=" + xs[i] + " N=" + population + " K=" + successes + " n=" + draws;
            if (Double.isInfinite(expected)) {
                assertEquals(expected, actual, what);
            } else {
                assertTrue(Math.abs(expected - actual) <= 1e-12 * Math.abs(expected) + 1e-15,
                        () -> what + ": " + expected + " vs " + actual);
            }
        }
    }
}
