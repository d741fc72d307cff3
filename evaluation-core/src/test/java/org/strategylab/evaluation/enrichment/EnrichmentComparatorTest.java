package org.strategylab.evaluation.enrichment;

import org.junit.jupiter.api.Test;
import org.strategylab.evaluation.model.EnrichmentComparison;
import org.strategylab.evaluation.model.EnrichmentResult;
import org.strategylab.evaluation.model.EnrichmentTerm;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class EnrichmentComparatorTest {
    static EnrichmentTerm term(String id, double fold) {
        return new EnrichmentTerm(id, "name " + id, 1, 2, fold, 1.0, 0.01, 0.02, 0.03, List.of(), null, null, null, null);
    }

    @Test
    void rowsSortByMaxScoreWithStableTiesAndNullsWhereAbsent() {
        var a = new EnrichmentComparator.ExperimentEnrichment("a", "A", List.of(
                new EnrichmentResult("go_process", List.of(term("T1", 2.0), term("T2", 5.0), term("T3", 2.0)), 10, 100, null),
                new EnrichmentResult("pathway", List.of(term("T1", 9.0)), 10, 100, null)));
        var b = new EnrichmentComparator.ExperimentEnrichment("b", null, List.of(
                new EnrichmentResult("go_process", List.of(term("T3", 1.0), term("T4", 2.0)), 10, 100, null)));
        EnrichmentComparison all = EnrichmentComparator.compare(List.of(a, b), null);
        assertEquals(List.of("pathway:T1", "go_process:T2", "go_process:T1", "go_process:T3", "go_process:T4"),
                all.rows().stream().map(r -> r.termKey()).toList());
        assertEquals("b", all.experimentLabels().get("b"));
        assertNull(all.rows().get(0).scores().get("b"));
        assertEquals(2, all.rows().get(3).experimentCount());
        assertEquals(Arrays.asList(2.0, 1.0), all.rows().get(3).scores().values().stream().toList());
        EnrichmentComparison pathway = EnrichmentComparator.compare(List.of(a, b), "pathway");
        assertEquals(1, pathway.totalTerms());
        assertEquals(9.0, pathway.rows().get(0).maxScore());
    }
}
