package org.strategylab.evaluation.enrichment;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.strategylab.evaluation.Fixtures;
import org.strategylab.evaluation.ValidationException;
import org.strategylab.evaluation.model.CustomEnrichmentResult;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

class CustomEnrichmentTest {

    @TestFactory
    List<DynamicTest> matchesScipyOnTheFullResultAndExplicitBackground() {
        List<DynamicTest> tests = new ArrayList<>();
        for (JsonNode c : Fixtures.load("custom_enrichment.json")) {
            String name = c.get("name").asText();
            tests.add(DynamicTest.dynamicTest(name, () -> {
                CustomEnrichmentResult r = CustomEnrichment.analyse(c.get("geneSetName").asText(),
                        Fixtures.strings(c.get("geneIds")), Fixtures.strings(c.get("resultIds")),
                        Fixtures.strings(c.get("backgroundIds")), Fixtures.strings(c.get("positiveControls")));
                JsonNode x = c.get("expected");
                assertEquals(x.get("geneSetSize").asInt(), r.geneSetSize(), name);
                assertEquals(x.get("overlapCount").asInt(), r.overlapCount(), name);
                assertEquals(Fixtures.strings(x.get("overlapGenes")), r.overlapGenes(), name);
                assertEquals(x.get("backgroundSize").asInt(), r.backgroundSize(), name);
                assertEquals(x.get("resultSize").asInt(), r.resultSize(), name);
                assertEquals(x.get("tpCount").asInt(), r.tpCount(), name);
                assertEquals(x.get("geneSetIdsOutsideBackground").asInt(), r.geneSetIdsOutsideBackground(), name);
                assertEquals(x.get("resultIdsOutsideBackground").asInt(), r.resultIdsOutsideBackground(), name);
                Fixtures.assertClose(x.get("foldEnrichment").asDouble(), r.foldEnrichment(), 1e-12, name + " fold");
                Fixtures.assertRelative(x.get("pValue").asDouble(), r.pValue(), 1e-9, name + " p");
                Fixtures.assertClose(x.get("logPValue").asDouble(), r.logPValue(), 1e-9, name + " ln p");
                Fixtures.assertRelative(x.get("pValueNormalApprox").asDouble(), r.pValueNormalApprox(), 1e-10,
                        name + " approx");
                Fixtures.assertClose(x.get("oddsRatioHaldane").asDouble(), r.oddsRatioHaldane(), 1e-12, name);
                if (x.get("oddsRatio").isNull()) {
                    assertNull(r.oddsRatio(), name);
                    assertEquals(x.get("oddsRatioFlag").asText(), r.oddsRatioFlag(), name);
                } else {
                    Fixtures.assertClose(x.get("oddsRatio").asDouble(), r.oddsRatio(), 1e-12, name + " odds");
                }
            }));
        }
        return tests;
    }

    @Test
    void aGeneSetLargerThanTheBackgroundIsAValidationErrorNotACrash() {
        ValidationException e = assertThrows(ValidationException.class, () -> CustomEnrichment.analyse("s",
                List.of("a", "b", "c"), List.of("a"), List.of("a", "b"), List.of()));
        assertEquals("geneIds", e.field());
    }
}
