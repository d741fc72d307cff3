package org.strategylab.evaluation.rank;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.strategylab.evaluation.ids.ControlSets;
import org.strategylab.evaluation.ids.IdNormaliser;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@link RankedList} prepares a list as the plain collections do ({@link IdNormaliser#keysAgainst}),
 * whichever of its two passes answers: the hash-code pass when non-control IDs are distinct, the
 * exact pass after a repeated hash code (a true duplicate or two IDs whose hash codes collide).
 */
class RankedListProperties {

    /** Short IDs over "ABab" collide often ("Aa" and "BB" share a hash code); blanks, dots, duplicates. */
    @Provide
    Arbitrary<List<String>> ids() {
        return Arbitraries.strings().withChars("ABab .1").ofMinLength(0).ofMaxLength(4).list().ofMaxSize(120);
    }

    @Property(tries = 500)
    void preparesTheListAsTheReferenceDoes(@ForAll("ids") List<String> ordered, @ForAll("ids") List<String> pool) {
        List<String> distinct = IdNormaliser.clean(pool);
        List<String> positives = distinct.subList(0, distinct.size() / 2);
        List<String> negatives = distinct.subList(distinct.size() / 2, distinct.size());
        assertPreparedLikeReference(ordered, ControlSets.of(positives, negatives));
    }

    @Test
    void idsWhoseHashCodesCollideAreBothRanked() {
        assertEquals("Aa".hashCode(), "BB".hashCode());
        RankedList list = RankedList.of(List.of("Aa", "P", "BB", "Aa"), ControlSets.of(List.of("P"), List.of()));
        assertEquals(3, list.size());
        assertEquals(1, list.hitsAt(2));
    }

    @Test
    void anIdWithHashCodeZeroAndOneWithHashCodeOneAreBothRanked() {
        String zero = "f5a5a608"; // a string whose hash code is 0, the table's empty mark
        assertEquals(0, zero.hashCode());
        assertEquals(1, "\u0001".hashCode());
        RankedList list = RankedList.of(List.of(zero, "\u0001", "P"), ControlSets.of(List.of("P"), List.of()));
        assertEquals(3, list.size());
        assertEquals(0, list.hitsAt(2));
        assertEquals(1, list.hitsAt(3));
    }

    private static void assertPreparedLikeReference(List<String> ordered, ControlSets controls) {
        Map<String, Integer> code = new HashMap<>();
        for (int i = 0; i < controls.positives().size(); i++) {
            code.put(controls.positives().get(i), i);
        }
        for (int j = 0; j < controls.negatives().size(); j++) {
            code.put(controls.negatives().get(j), -(j + 1));
        }
        List<String> keys = IdNormaliser.keysAgainst(ordered, code.keySet());
        List<Integer> ranks = new ArrayList<>();
        List<Integer> indexes = new ArrayList<>();
        BitSet negativesFound = new BitSet();
        for (int rank = 0; rank < keys.size(); rank++) {
            Integer c = code.get(keys.get(rank));
            if (c != null && c >= 0) {
                ranks.add(rank);
                indexes.add(c);
            } else if (c != null) {
                negativesFound.set(-c - 1);
            }
        }
        RankedList list = RankedList.of(ordered, controls);
        assertEquals(keys.size(), list.size(), "size of " + ordered);
        assertArrayEquals(ranks.stream().mapToInt(Integer::intValue).toArray(), list.positiveRanks(), "ranks of " + ordered);
        assertArrayEquals(indexes.stream().mapToInt(Integer::intValue).toArray(), list.positiveIndexesInRankOrder());
        BitSet positivesFound = new BitSet();
        indexes.forEach(positivesFound::set);
        assertEquals(positivesFound, list.positivesFound());
        assertEquals(negativesFound, list.negativesFound());
    }
}
