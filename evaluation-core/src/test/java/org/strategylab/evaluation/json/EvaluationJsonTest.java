package org.strategylab.evaluation.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.strategylab.evaluation.metrics.ClassificationMetrics;
import org.strategylab.evaluation.model.ConfidenceInterval;
import org.strategylab.evaluation.model.EnrichmentTerm;
import org.strategylab.evaluation.model.Experiment;
import org.strategylab.evaluation.model.ExperimentMetrics;
import org.strategylab.evaluation.model.PrPoint;
import org.strategylab.evaluation.model.RankMetrics;
import org.strategylab.evaluation.model.RecallPoint;
import org.strategylab.evaluation.SampleExperiments;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EvaluationJsonTest {
    private final ObjectMapper mapper = EvaluationJson.mapper();

    @Test
    void writesCamelCaseFieldsAsTheApiContractLists() {
        ExperimentMetrics m = ClassificationMetrics.fromCounts(1, 2, 0, 0, 3);
        JsonNode n = mapper.valueToTree(m);
        for (String f : List.of("confusionMatrix", "sensitivity", "specificity", "precision", "f1Score", "mcc",
                "balancedAccuracy", "negativePredictiveValue", "falsePositiveRate", "falseNegativeRate", "youdensJ",
                "totalResults", "totalPositives", "totalNegatives", "undefinedMetrics")) {
            assertTrue(n.has(f), f);
        }
        assertTrue(n.get("confusionMatrix").has("truePositives"));
        RankMetrics r = new RankMetrics(Map.of(10, 0.5), Map.of(10, 0.25), Map.of(10, 2.0),
                List.of(new PrPoint(1.0, 0.5)), List.of(new RecallPoint(3, 0.5)), 3, 0.5, 1);
        JsonNode rn = mapper.valueToTree(r);
        assertEquals(0.5, rn.get("precisionAtK").get("10").asDouble(), "K keys are strings");
        assertEquals("[[1.0,0.5]]", rn.get("prCurve").toString());
        assertEquals("[[3,0.5]]", rn.get("listSizeVsRecall").toString());
    }

    /** Counts are genes; transcripts are written beside them only where the site stated them. */
    @Test
    void totalTranscriptsIsWrittenBesideTheGenesOnlyWhenKnown() throws Exception {
        ExperimentMetrics genesOnly = ClassificationMetrics.fromCounts(1, 2, 0, 1, 220);
        assertTrue(!mapper.valueToTree(genesOnly).has("totalTranscripts"), "a gene list has no transcript count");
        assertTrue(!genesOnly.transcriptsDiffer());

        ExperimentMetrics both = genesOnly.withTotalTranscripts(235);
        JsonNode n = mapper.valueToTree(both);
        assertEquals(220, n.get("totalResults").asInt());
        assertEquals(235, n.get("totalTranscripts").asInt());
        assertTrue(both.transcriptsDiffer());
        assertEquals(both, mapper.readValue(mapper.writeValueAsString(both), ExperimentMetrics.class));
        assertEquals(genesOnly, mapper.readValue(mapper.writeValueAsString(genesOnly), ExperimentMetrics.class));
        assertTrue(!genesOnly.withTotalTranscripts(220).transcriptsDiffer(), "one transcript per gene");
    }

    @Test
    void nonFiniteNumbersBecomeTheirDefaults() throws Exception {
        JsonNode ci = mapper.valueToTree(new ConfidenceInterval(Double.NaN, Double.POSITIVE_INFINITY, 1, 0));
        assertEquals("{\"lower\":0.0,\"mean\":0.0,\"upper\":1.0,\"std\":0.0}", mapper.writeValueAsString(ci));
        EnrichmentTerm t = new EnrichmentTerm("T", "t", 1, 1, 1, Double.POSITIVE_INFINITY, 0, 0, 0, List.of(), "infinite",
                3.0, Double.NEGATIVE_INFINITY, null);
        JsonNode tn = mapper.readTree(mapper.writeValueAsString(t));
        assertTrue(tn.get("oddsRatio").isNull(), "boxed non-finite → null, never 0");
        assertTrue(tn.get("logPValue").isNull());
        assertEquals("infinite", tn.get("oddsRatioFlag").asText());
    }

    @Test
    void anExperimentRoundTrips() throws Exception {
        Experiment e = SampleExperiments.sample(60);
        String json = mapper.writeValueAsString(e);
        Experiment back = mapper.readValue(json, Experiment.class);
        assertEquals(mapper.readTree(json), mapper.readTree(mapper.writeValueAsString(back)));
        assertTrue(mapper.readTree(json).has("rankMetrics"));
        assertTrue(mapper.readTree(json).get("robustness").has("nIterations"));
    }

    @Test
    void aMetricOfAnAbsentControlClassIsNullWithItsReason() throws Exception {
        // 2 of 5 positives found, no negative controls at all
        ExperimentMetrics m = ClassificationMetrics.fromCounts(2, 5, 0, 0, 40);
        JsonNode n = mapper.valueToTree(m);
        for (String f : ExperimentMetrics.NEEDS_NEGATIVES) {
            assertTrue(n.get(f).isNull(), f + " needs negatives: " + n);
            assertEquals("no negative controls", n.get("undefinedReasons").get(f).asText(), f);
        }
        assertEquals(0.4, n.get("sensitivity").asDouble(), 1e-12);
        assertEquals(1.0, n.get("precision").asDouble(), 1e-12);
        assertEquals(0, n.get("totalNegatives").asInt());
        // read back (stored results): the record keeps the spec's 0.0, and writes null again
        ExperimentMetrics back = mapper.readValue(mapper.writeValueAsString(m), ExperimentMetrics.class);
        assertEquals(m, back);
        assertEquals(n, mapper.valueToTree(back));

        assertTrue(new ObjectMapper().valueToTree(m).get("specificity").isNull(), "any mapper writes it so");
        assertEquals(m, new ObjectMapper().readValue(new ObjectMapper().writeValueAsString(m), ExperimentMetrics.class));

        ExperimentMetrics noPositives = ClassificationMetrics.fromCounts(0, 0, 1, 3, 10);
        JsonNode p = mapper.valueToTree(noPositives);
        assertTrue(p.get("sensitivity").isNull());
        assertEquals("no positive controls", p.get("undefinedReasons").get("sensitivity").asText());
        assertEquals(2.0 / 3, p.get("specificity").asDouble(), 1e-12);

        ExperimentMetrics complete = ClassificationMetrics.fromCounts(0, 2, 0, 2, 5);
        JsonNode c = mapper.valueToTree(complete);
        assertEquals(0.0, c.get("precision").asDouble(), "no control in the result: 0.0 as the spec says, flagged");
        assertEquals("no control is in the result", c.get("undefinedReasons").get("precision").asText());
        assertEquals(1.0, c.get("specificity").asDouble());
    }
}
