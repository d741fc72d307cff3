package org.strategylab.bench.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Set;
import org.junit.jupiter.api.Test;

class AgreementTest {

    @Test
    void jaccardAndF1OfOverlappingSets() {
        Agreement agreement = Agreement.of(Set.of("a", "b", "c", "d"), Set.of("c", "d", "e", "f", "g", "h"));
        assertEquals(2, agreement.common());
        assertEquals(2.0 / 8, agreement.jaccard(), 1e-12);
        assertEquals(0.5, agreement.precision(), 1e-12);
        assertEquals(2.0 / 6, agreement.recall(), 1e-12);
        assertEquals(2 * 2.0 / 10, agreement.f1(), 1e-12);
    }

    @Test
    void theGoldItselfScoresOneAndNothingScoresZero() {
        Set<String> gold = Set.of("PF3D7_0100100", "PF3D7_0100200");
        assertEquals(1.0, Agreement.of(gold, gold).jaccard());
        assertEquals(1.0, Agreement.of(gold, gold).f1());
        assertEquals(0.0, Agreement.of(Set.of(), gold).f1());
        assertEquals(0.0, Agreement.of(Set.of(), gold).jaccard());
        assertEquals(0.0, Agreement.of(Set.of("PF3D7_0100300"), gold).f1());
    }
}
