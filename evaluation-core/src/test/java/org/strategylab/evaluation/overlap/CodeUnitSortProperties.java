package org.strategylab.evaluation.overlap;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

/** {@link CodeUnitSort} must give exactly the permutation of a stable sort by {@link String#compareTo}. */
class CodeUnitSortProperties {

    /** The reference: a stable library sort of the positions by compareTo. */
    private static int[] expected(String[] strings) {
        Integer[] order = new Integer[strings.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparing(i -> strings[i]));
        return Arrays.stream(order).mapToInt(Integer::intValue).toArray();
    }

    @Provide
    Arbitrary<List<String>> ids() {
        // a shared prefix, digits, dots, Latin-1, a high BMP unit and a surrogate pair; duplicates likely
        Arbitrary<String> id = Arbitraries.strings().withChars("PF3D7_0129.é\u00ff\u0100\uffff\ud83d\ude00")
                .ofMinLength(0).ofMaxLength(12);
        return id.list().ofMaxSize(300);
    }

    @Property(tries = 500)
    void ordersLikeAStableCompareToSort(@ForAll("ids") List<String> ids) {
        String[] strings = ids.toArray(new String[0]);
        assertArrayEquals(expected(strings), CodeUnitSort.permutation(strings));
    }

    @Test
    void longCommonPrefixesAndLargeTieRuns() {
        // 5,000 IDs that agree on far more units than one packed key holds: every key ties, so the
        // tie runs (short and long) decide the whole order
        Random random = new Random(7);
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 5_000; i++) {
            StringBuilder b = new StringBuilder("PF3D7_");
            b.append(random.nextBoolean() ? "01000000000000" : "0100000000000");
            for (int k = random.nextInt(6); k > 0; k--) {
                b.append((char) ('0' + random.nextInt(3)));
            }
            ids.add(b.toString());
        }
        String[] strings = ids.toArray(new String[0]);
        assertArrayEquals(expected(strings), CodeUnitSort.permutation(strings));
    }
}
