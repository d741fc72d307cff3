package org.strategylab.evaluation.enrichment;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.strategylab.evaluation.Fixtures;
import org.strategylab.evaluation.ValidationException;
import org.strategylab.evaluation.model.EnrichmentResult;
import org.strategylab.evaluation.model.EnrichmentTerm;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TermEnrichmentTest {
    @Test
    void matchesScipyFisherAndHypergeomWithAdjustmentOverEveryTerm() {
        JsonNode f = Fixtures.load("enrichment.json");
        List<TermCounts> terms = new ArrayList<>();
        for (JsonNode t : f.get("terms")) {
            terms.add(new TermCounts(t.get("termId").asText(), t.get("termName").asText(), t.get("resultCount").asInt(),
                    t.get("backgroundCount").asInt()));
        }
        EnrichmentResult r = TermEnrichment.analyse("go_process", f.get("resultSize").asInt(),
                f.get("backgroundSize").asInt(), terms);
        Map<String, EnrichmentTerm> byId = new HashMap<>();
        r.terms().forEach(t -> byId.put(t.termId(), t));
        assertEquals(terms.size(), r.terms().size());
        for (JsonNode x : f.get("expected")) {
            String id = x.get("termId").asText();
            EnrichmentTerm t = byId.get(id);
            Fixtures.assertRelative(x.get("pValue").asDouble(), t.pValue(), 1e-9, id + " p");
            Fixtures.assertRelative(x.get("fisherPValue").asDouble(), t.pValue(), 1e-9, id + " fisher p");
            Fixtures.assertRelative(x.get("fdr").asDouble(), t.fdr(), 1e-9, id + " fdr");
            Fixtures.assertRelative(x.get("bonferroni").asDouble(), t.bonferroni(), 1e-9, id + " bonferroni");
            Fixtures.assertClose(x.get("foldEnrichment").asDouble(), t.foldEnrichment(), 1e-12, id + " fold");
            Fixtures.assertClose(x.get("oddsRatioHaldane").asDouble(), t.oddsRatioHaldane(), 1e-12, id + " haldane");
            if (x.get("oddsRatio").isNull()) {
                assertNull(t.oddsRatio(), id);
                assertEquals(x.get("oddsRatioFlag").asText(), t.oddsRatioFlag(), id);
            } else {
                Fixtures.assertClose(x.get("oddsRatio").asDouble(), t.oddsRatio(), 1e-12, id + " odds");
                Fixtures.assertClose(x.get("scipyOddsRatio").asDouble(), t.oddsRatio(), 1e-12, id + " scipy odds");
            }
            Fixtures.assertClose(x.get("logPValue").asDouble(), t.logPValue(), 1e-9, id + " ln p");
        }
        for (int i = 1; i < r.terms().size(); i++) {
            assertTrue(r.terms().get(i - 1).logPValue() <= r.terms().get(i).logPValue(), "sorted by p");
        }
    }

    @Test
    void aTermCountAboveItsBackgroundIsRejectedByName() {
        ValidationException e = assertThrows(ValidationException.class, () -> TermEnrichment.analyse(null, 10, 100,
                List.of(new TermCounts("T", null, 5, 3))));
        assertEquals("terms[0].resultCount", e.field());
    }
}
