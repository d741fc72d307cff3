package org.strategylab.evaluation.overlap;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.strategylab.evaluation.Fixtures;
import org.strategylab.evaluation.ValidationException;
import org.strategylab.evaluation.json.EvaluationJson;
import org.strategylab.evaluation.model.OverlapResult;
import org.strategylab.evaluation.model.PairwiseOverlap;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class OverlapAnalysisTest {

    static List<ExperimentGenes> experiments(JsonNode array) {
        List<ExperimentGenes> out = new ArrayList<>();
        for (JsonNode e : array) {
            out.add(new ExperimentGenes(e.get("id").asText(), e.get("label").asText(),
                    Fixtures.strings(e.get("truePositiveGenes")), Fixtures.strings(e.get("falsePositiveGenes"))));
        }
        return out;
    }

    @TestFactory
    List<DynamicTest> matchesTheReferenceWithScikitLearnJaccard() {
        List<DynamicTest> tests = new ArrayList<>();
        ObjectMapper mapper = EvaluationJson.mapper();
        for (JsonNode c : Fixtures.load("overlap.json")) {
            String name = c.get("name").asText();
            tests.add(DynamicTest.dynamicTest(name, () -> {
                OverlapResult r = OverlapAnalysis.analyse(experiments(c.get("experiments")));
                JsonNode x = c.get("expected");
                JsonNode actual = mapper.valueToTree(r);
                for (String field : List.of("experimentIds", "experimentLabels", "perExperiment", "universalGenes",
                        "totalUniqueGenes", "geneMembership")) {
                    assertEquals(x.get(field), actual.get(field), name + " " + field);
                }
                assertEquals(x.get("pairwise").size(), r.pairwise().size());
                for (int i = 0; i < r.pairwise().size(); i++) {
                    JsonNode e = x.get("pairwise").get(i);
                    PairwiseOverlap p = r.pairwise().get(i);
                    Fixtures.assertClose(e.get("jaccard").asDouble(), p.jaccard(), 1e-12, name + " jaccard");
                    for (String field : List.of("experimentA", "experimentB", "labelA", "labelB", "sizeA", "sizeB",
                            "intersection", "union", "sharedGenes", "uniqueA", "uniqueB")) {
                        assertEquals(e.get(field), actual.get("pairwise").get(i).get(field), name + " " + field);
                    }
                }
            }));
        }
        return tests;
    }

    @Test
    void aRepeatedExperimentIdIsRejected() {
        ExperimentGenes e = new ExperimentGenes("a", "A", List.of("g"), List.of());
        assertEquals("experiments[1].id", assertThrows(ValidationException.class,
                () -> OverlapAnalysis.analyse(List.of(e, e))).field());
    }
}
