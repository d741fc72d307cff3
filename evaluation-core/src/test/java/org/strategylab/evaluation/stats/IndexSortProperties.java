package org.strategylab.evaluation.stats;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

/** {@link IndexSort} must give exactly the permutation of a stable sort by {@link Double#compare}. */
class IndexSortProperties {

    @Provide
    Arbitrary<List<Double>> keys() {
        // few distinct values (long tie runs), specials, values that differ only in their last bits,
        // and values that differ only below the bits the radix passes sort on (long runs to sort after)
        Arbitrary<Double> special = Arbitraries.of(0.0, -0.0, 1.0, -1.0, Double.NaN, Double.POSITIVE_INFINITY,
                Double.NEGATIVE_INFINITY, Double.MIN_VALUE, 1e-300, -4591.6, Math.nextUp(1e-300), Math.nextDown(-4591.6));
        Arbitrary<Double> any = Arbitraries.doubles().between(-1e6, 1e6);
        Arbitrary<Double> near = Arbitraries.integers().between(-40, 40).map(i -> -7.5 + i * 0x1p-40);
        return Arbitraries.oneOf(special, any, near).list().ofMaxSize(2_000);
    }

    @Property(tries = 300)
    void ordersLikeAStableDoubleCompareSort(@ForAll("keys") List<Double> values) {
        double[] keys = values.stream().mapToDouble(Double::doubleValue).toArray();
        Integer[] expected = new Integer[keys.length];
        Arrays.setAll(expected, i -> i);
        Arrays.sort(expected, Comparator.comparingDouble(i -> keys[i])); // Double.compare, stable
        assertArrayEquals(Arrays.stream(expected).mapToInt(Integer::intValue).toArray(), IndexSort.ascending(keys));
    }
}
