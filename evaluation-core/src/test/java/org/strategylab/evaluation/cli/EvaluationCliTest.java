package org.strategylab.evaluation.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.strategylab.evaluation.InputLimits;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EvaluationCliTest {
    private final ObjectMapper mapper = new ObjectMapper();

    record Run(int status, String out, String err) {
    }

    static Run run(String input, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = new EvaluationCli().run(args, new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    JsonNode json(Run r) throws Exception {
        assertEquals(0, r.status(), r.err());
        return mapper.readTree(r.out());
    }

    @Test
    void metricsFromCountsAndFromIds() throws Exception {
        JsonNode m = json(run("{\"positiveHits\":8,\"totalPositives\":10,\"negativeHits\":2,\"totalNegatives\":10}", "metrics"));
        assertEquals(0.8, m.get("sensitivity").asDouble(), 1e-12);
        assertEquals(8, m.get("confusionMatrix").get("truePositives").asInt());
        JsonNode g = json(run("{\"resultIds\":[\"a\",\"b.1\",\"n\"],\"positiveControls\":[\"a\",\"b\",\"c\"],"
                + "\"negativeControls\":[\"n\",\"m\"]}", "metrics"));
        assertEquals(2, g.get("confusionMatrix").get("truePositives").asInt());
        assertEquals(3, g.get("totalResults").asInt());
    }

    @Test
    void rankBootstrapAndCv() throws Exception {
        JsonNode r = json(run("{\"orderedIds\":[\"p1\",\"x\",\"p2\"],\"positiveControls\":[\"p1\",\"p2\"],\"kValues\":[1,2]}", "rank"));
        assertEquals(1.0, r.get("precisionAtK").get("1").asDouble());
        JsonNode b = json(run("{\"orderedIds\":[\"p1\",\"x\",\"p2\"],\"positiveControls\":[\"p1\",\"p2\",\"p3\"],"
                + "\"negativeControls\":[\"x\",\"y\"],\"nBootstrap\":20,\"alternativeNegatives\":{\"alt\":[\"z\"]}}", "bootstrap"));
        assertEquals(20, b.get("nIterations").asInt());
        assertEquals(42, b.get("seed").asInt());
        assertTrue(b.get("rankMetricCis").has("precision_at_10"));
        assertEquals("alt", b.get("negativeSetSensitivity").get(0).get("label").asText());
        JsonNode cv = json(run("{\"resultIds\":[\"p1\",\"p2\",\"n1\"],\"positiveControls\":[\"p1\",\"p2\",\"p3\",\"p4\"],"
                + "\"negativeControls\":[\"n1\",\"n2\",\"n3\"],\"k\":3}", "cv"));
        assertEquals(3, cv.get("k").asInt());
        assertEquals(3, cv.get("folds").size());
    }

    @Test
    void statisticsCommands(@TempDir Path dir) throws Exception {
        JsonNode h = json(run("{\"observed\":200,\"population\":20000,\"successes\":200,\"draws\":200}", "hypergeometric"));
        assertEquals(0.0, h.get("pValue").asDouble());
        assertTrue(h.get("logPValue").asDouble() < -1000);
        Path file = dir.resolve("enrich.json");
        Files.writeString(file, "{\"resultSize\":100,\"backgroundSize\":1000,\"terms\":[{\"termId\":\"T1\",\"resultCount\":20,"
                + "\"backgroundCount\":40},{\"termId\":\"T2\",\"resultCount\":0,\"backgroundCount\":10}]}");
        JsonNode e = json(run("", "enrich", file.toString()));
        assertEquals("T1", e.get("terms").get(0).get("termId").asText());
        assertTrue(e.get("terms").get(0).get("fdr").asDouble() >= e.get("terms").get(0).get("pValue").asDouble());
        JsonNode c = json(run("{\"resultIds\":[\"a\",\"b\"],\"backgroundIds\":[\"a\",\"b\",\"c\",\"d\"],\"geneSetName\":\"s\","
                + "\"geneIds\":[\"a\",\"b\"]}", "custom-enrich"));
        assertEquals(2, c.get("overlapCount").asInt());
        assertEquals("infinite", c.get("oddsRatioFlag").asText());
        assertTrue(c.get("oddsRatio").isNull());
    }

    @Test
    void overlapCompareAndReport() throws Exception {
        JsonNode o = json(run("{\"experiments\":[{\"id\":\"a\",\"label\":\"A\",\"truePositiveGenes\":[\"g1\"],"
                + "\"falsePositiveGenes\":[\"g2\"]},{\"id\":\"b\",\"label\":\"B\",\"truePositiveGenes\":[\"g1\"],\"falsePositiveGenes\":[]}]}",
                "overlap"));
        assertEquals(0.5, o.get("pairwise").get(0).get("jaccard").asDouble());
        JsonNode cmp = json(run("{\"analysisType\":\"pathway\",\"experiments\":[{\"id\":\"a\",\"label\":\"A\",\"enrichmentResults\":"
                + "[{\"analysisType\":\"pathway\",\"terms\":[{\"termId\":\"P1\",\"termName\":\"x\",\"foldEnrichment\":2.5}]},"
                + "{\"analysisType\":\"word\",\"terms\":[{\"termId\":\"W\",\"termName\":\"w\",\"foldEnrichment\":9}]}]}]}", "compare"));
        assertEquals(1, cmp.get("totalTerms").asInt());
        assertEquals(2.5, cmp.get("rows").get(0).get("scores").get("a").asDouble());
        Run report = run("{\"id\":\"e1\",\"config\":{\"name\":\"<b>x</b>\"},\"metrics\":null}", "report");
        assertEquals(0, report.status(), report.err());
        assertTrue(report.out().startsWith("<!DOCTYPE html>"));
        assertTrue(report.out().contains("&lt;b&gt;x&lt;/b&gt;"));
    }

    @Test
    void badInputIsOneLineNamingTheFieldWithStatusTwo() {
        for (String[] c : new String[][]{
                {"{\"positiveHits\":1,\"totalPositives\":2,\"negativeHits\":0}", "metrics", "totalNegatives"},
                {"{\"orderedIds\":\"abc\",\"positiveControls\":[]}", "rank", "orderedIds"},
                {"{\"observed\":1,\"population\":10,\"successes\":20,\"draws\":1}", "hypergeometric", "successes"},
                {"{\"resultSize\":1,\"backgroundSize\":10,\"terms\":[{\"termId\":\"x\",\"resultCount\":\"1\",\"backgroundCount\":2}]}",
                        "enrich", "terms[0].resultCount"},
                {"{\"orderedIds\":[],\"positiveControls\":[\"a\"],\"negativeControls\":[],\"nBootstrap\":0}", "bootstrap", "nBootstrap"},
                {"{not json", "metrics", "input"},
                {"{}", "frobnicate", "command"},
                {"{\"id\":\"e\",\"metrics\":{\"sensitivity\":\"high\"}}", "report", "metrics.sensitivity"},
        }) {
            Run r = run(c[0], c[1]);
            assertEquals(EvaluationCli.BAD_INPUT, r.status(), c[1] + " " + c[0]);
            assertTrue(r.err().startsWith("error: " + c[2] + ":"), r.err());
            assertEquals(1, r.err().strip().lines().count(), r.err());
            assertFalse(r.out().contains("{"), "nothing on stdout");
        }
    }

    @Test
    void listInputsAreCappedByTheNamedLimits() {
        String manyKs = java.util.stream.IntStream.rangeClosed(1, InputLimits.MAX_K_VALUES + 1)
                .mapToObj(Integer::toString).collect(java.util.stream.Collectors.joining(",", "[", "]"));
        Run rank = run("{\"orderedIds\":[\"p1\"],\"positiveControls\":[\"p1\"],\"kValues\":" + manyKs + "}", "rank");
        assertEquals(EvaluationCli.BAD_INPUT, rank.status());
        assertTrue(rank.err().startsWith("error: kValues: at most " + InputLimits.MAX_K_VALUES), rank.err());
        String manyExperiments = java.util.stream.IntStream.rangeClosed(0, InputLimits.MAX_EXPERIMENTS)
                .mapToObj(i -> "{\"id\":\"e" + i + "\"}").collect(java.util.stream.Collectors.joining(",", "[", "]"));
        Run overlap = run("{\"experiments\":" + manyExperiments + "}", "overlap");
        assertEquals(EvaluationCli.BAD_INPUT, overlap.status());
        assertTrue(overlap.err().startsWith("error: experiments: at most"), overlap.err());
    }
}
