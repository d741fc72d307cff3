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
import java.util.List;

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

    @Test
    void batchAnswersEveryRequestInOrderWithItsIdAndGoesOnAfterABadLine() throws Exception {
        String counts = "{\"positiveHits\":8,\"totalPositives\":10,\"negativeHits\":2,\"totalNegatives\":10}";
        String ids = "{\"resultIds\":[\"a\",\"b.1\",\"n\"],\"positiveControls\":[\"a\",\"b\",\"c\"],"
                + "\"negativeControls\":[\"n\",\"m\"]}";
        String cv = "{\"resultIds\":[\"p1\",\"p2\",\"n1\"],\"positiveControls\":[\"p1\",\"p2\",\"p3\",\"p4\"],"
                + "\"negativeControls\":[\"n1\",\"n2\",\"n3\"],\"k\":3}";
        String input = String.join("\n",
                "{\"id\":1,\"command\":\"metrics\",\"input\":" + counts + "}",
                "{\"id\":\"two\",\"command\":\"metrics\",\"input\":{\"positiveHits\":\"x\"}}",
                "{not json",
                "",
                "{\"id\":{\"run\":3},\"command\":\"metrics\",\"input\":" + ids + "}",
                "{\"command\":\"cv\",\"input\":" + cv + "}") + "\n";
        Run r = run(input, "batch");
        assertEquals(0, r.status(), r.err());
        assertEquals("", r.err());
        List<JsonNode> answers = r.out().lines().map(this::tree).toList();
        assertEquals(5, answers.size(), r.out()); // the blank line gets no answer

        assertEquals(1, answers.get(0).get("id").asInt());
        assertEquals(json(run(counts, "metrics")), answers.get(0).get("result"));

        assertEquals("two", answers.get(1).get("id").asText());
        assertEquals(2, answers.get(1).get("line").asInt());
        assertEquals("positiveHits", answers.get(1).get("error").get("field").asText());
        assertEquals("must be an integer", answers.get(1).get("error").get("message").asText());
        assertFalse(answers.get(1).has("result"));

        assertTrue(answers.get(2).get("id").isNull(), "an unreadable line has no id to echo");
        assertEquals(3, answers.get(2).get("line").asInt());
        assertEquals("request", answers.get(2).get("error").get("field").asText());

        assertEquals(mapper.readTree("{\"run\":3}"), answers.get(3).get("id"));
        assertEquals(json(run(ids, "metrics")), answers.get(3).get("result"));

        assertTrue(answers.get(4).get("id").isNull(), "no id given: null echoed");
        assertEquals(json(run(cv, "cv")), answers.get(4).get("result"));
    }

    @Test
    void batchNamesTheFaultOfABadRequestEnvelope(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("requests.ndjson");
        Files.writeString(file, String.join("\n",
                "{\"id\":1,\"command\":\"frobnicate\",\"input\":{}}",
                "{\"id\":2,\"input\":{}}",
                "{\"id\":3,\"command\":\"metrics\"}",
                "{\"id\":4,\"command\":\"metrics\",\"input\":[1]}",
                "{\"id\":5,\"command\":\"batch\",\"input\":{}}",
                "[1,2]",
                "{\"id\":7,\"command\":\"cv\",\"input\":{\"resultIds\":[],\"positiveControls\":[\"a\"],"
                        + "\"negativeControls\":[\"a\"]}}"));
        Run r = run("", "batch", file.toString());
        assertEquals(0, r.status(), r.err());
        List<JsonNode> answers = r.out().lines().map(this::tree).toList();
        List<String> fields = answers.stream().map(a -> a.get("error").get("field").asText()).toList();
        assertEquals(List.of("command", "command", "input", "input", "command", "request", "negativeControls"), fields);
        for (int i = 0; i < answers.size(); i++) {
            assertEquals(i + 1, answers.get(i).get("line").asInt());
            if (i != 5) {
                assertEquals(i + 1, answers.get(i).get("id").asInt());
            }
        }
        Run missing = run("", "batch", dir.resolve("absent.ndjson").toString());
        assertEquals(EvaluationCli.BAD_INPUT, missing.status());
        assertTrue(missing.err().startsWith("error: file:"), missing.err());
    }

    /**
     * Lines end at \n, \r or \r\n; a line with non-ASCII text is read as characters, so an error's
     * column counts characters, not bytes; a line that does not start with '{' is answered as before.
     */
    @Test
    void batchSplitsLinesAsTextAndCountsColumnsInCharacters() throws Exception {
        String ids = "{\"resultIds\":[\"gé\",\"b\"],\"positiveControls\":[\"gé\"],\"negativeControls\":[\"n\"]}";
        String bad = "{\"id\":\"é\", x}";
        String input = "{\"id\":1,\"command\":\"metrics\",\"input\":" + ids + "}\r\n"
                + bad + "\r"
                + "  {\"id\":3,\"command\":\"metrics\",\"input\":" + ids + "}\n"
                + "{\"id\":4,\"command\":\"metrics\",\"input\":{\"resultIds\":[\"b\"],\"positiveControls\":[\"b\"]}}";
        Run r = run(input, "batch");
        assertEquals(0, r.status(), r.err());
        List<JsonNode> answers = r.out().lines().map(this::tree).toList();
        assertEquals(4, answers.size(), r.out());
        assertEquals(json(run(ids, "metrics")), answers.get(0).get("result"));
        assertEquals(1, answers.get(0).get("result").get("confusionMatrix").get("truePositives").asInt());
        assertEquals(2, answers.get(1).get("line").asInt());
        assertEquals("not valid JSON at column " + (bad.indexOf('x') + 1),
                answers.get(1).get("error").get("message").asText());
        assertEquals(3, answers.get(2).get("id").asInt());
        assertEquals(answers.get(0).get("result"), answers.get(2).get("result"));
        assertEquals(4, answers.get(3).get("id").asInt(), "a last line without a terminator is read");
    }

    /**
     * A pure-ASCII line is read token by token with its ID lists streamed into lists; any other line
     * as a whole tree. Both give the same answer: the same request with a non-ASCII field added
     * (ignored by every command) takes the tree path.
     */
    @Test
    void streamedRequestsAreAnsweredAsTreeRequests() {
        List<String> requests = List.of(
                "{\"id\":1,\"command\":\"metrics\",\"input\":{\"resultIds\":[\" a\",\"b.1\",\"\",\"n\"],"
                        + "\"positiveControls\":[\"a\",\"b\"],\"negativeControls\":[\"n\"]}}",
                "{\"input\":{\"positiveControls\":[\"a\"],\"resultIds\":[\"a\"]},\"command\":\"metrics\",\"id\":[2]}",
                "{\"id\":3,\"command\":\"metrics\",\"input\":{\"resultIds\":[\"a\",1],\"positiveControls\":[\"a\"]}}",
                "{\"id\":4,\"command\":\"metrics\",\"input\":{\"resultIds\":[\"x\"],\"resultIds\":[\"a\"],"
                        + "\"positiveControls\":[\"a\"],\"negativeControls\":null}}",
                "{\"id\":5,\"command\":\"rank\",\"input\":{\"orderedIds\":[\"a\",\"b\"],\"positiveControls\":[\"a\"],"
                        + "\"kValues\":[\"1\"]}}",
                "{\"id\":6,\"command\":\"rank\",\"input\":{\"orderedIds\":[\"a\",\"b\"],\"positiveControls\":[\"a\"],"
                        + "\"kValues\":[]}}",
                "{\"id\":7,\"command\":\"metrics\",\"input\":{\"positiveHits\":[\"1\"],\"totalPositives\":2}}",
                "{\"id\":8,\"command\":\"report\",\"input\":{\"id\":\"e\",\"status\":\"completed\",\"tags\":[\"x\"]}}",
                "{\"id\":9,\"command\":\"metrics\",\"input\":[\"a\"]}",
                "{\"id\":10,\"command\":\"metrics\",\"input\":{\"resultIds\":[\"a\"]},\"input\":{\"positiveHits\":1,"
                        + "\"totalPositives\":2,\"negativeHits\":0,\"totalNegatives\":3}}",
                "{\"id\":11,\"command\":\"cv\",\"input\":{\"resultIds\":[\"p1\",\"n1\"],\"positiveControls\":[\"p1\",\"p2\"],"
                        + "\"negativeControls\":[\"n1\",\"n2\"],\"k\":2}}",
                "{\"id\":12,\"command\":\"bootstrap\",\"input\":{\"orderedIds\":[\"a\",\"n\"],\"positiveControls\":[\"a\"],"
                        + "\"negativeControls\":[\"n\"],\"nBootstrap\":5,\"alternativeNegatives\":{\"s\":[\"x\"]}}}",
                // the plainest metrics requests, which MetricsRequestScanner reads straight from the bytes
                " { \"command\" : \"metrics\" , \"input\" : { \"resultIds\" : [ \"a\" , \"b.2\" ] , \"positiveControls\" :"
                        + " [ \"a\", \"b\" ], \"negativeControls\" : [ ], \"k\" : -3 } , \"id\" : \"s 1\" } ",
                "{\"command\":\"metrics\",\"input\":{\"positiveHits\":0,\"totalPositives\":0,\"negativeHits\":1,"
                        + "\"totalNegatives\":1,\"totalResults\":-1}}",
                "{\"id\":-2147483648,\"command\":\"metrics\",\"input\":{\"positiveHits\":1,\"totalPositives\":2,"
                        + "\"negativeHits\":0,\"totalNegatives\":1}}",
                "{\"id\":2147483648,\"command\":\"metrics\",\"input\":{\"positiveHits\":1,\"totalPositives\":2,"
                        + "\"negativeHits\":0,\"totalNegatives\":1}}",
                "{\"id\":-0,\"command\":\"metrics\",\"input\":{\"positiveHits\":1,\"totalPositives\":2,"
                        + "\"negativeHits\":0,\"totalNegatives\":1}}",
                "{\"id\":1.5,\"command\":\"metrics\",\"input\":{\"positiveHits\":1,\"totalPositives\":2,"
                        + "\"negativeHits\":0,\"totalNegatives\":1}}",
                "{\"id\":\"q\\\"x\",\"command\":\"metrics\",\"input\":{\"resultIds\":[\"a\\u0020\"],\"positiveControls\":[\"a\"]}}",
                "{\"id\":13,\"command\":\"metrics\",\"input\":{\"resultIds\":[\"a\"],\"positiveControls\":[\"a\"],"
                        + "\"negativeControls\":[\"a\"]}}",
                "{\"id\":14,\"command\":\"metrics\",\"input\":{\"positiveHits\":-1,\"totalPositives\":2,"
                        + "\"negativeHits\":0,\"totalNegatives\":1}}",
                "{\"id\":15,\"command\":\"metrics\",\"input\":{\"positiveHits\":01,\"totalPositives\":2,"
                        + "\"negativeHits\":0,\"totalNegatives\":1}}",
                "{\"id\":16,\"id\":17,\"command\":\"metrics\",\"input\":{\"positiveHits\":1,\"totalPositives\":2,"
                        + "\"negativeHits\":0,\"totalNegatives\":1}}",
                "{\"id\":18,\"command\":\"metrics\",\"input\":{\"positiveHits\":1,\"totalPositives\":2,"
                        + "\"negativeHits\":0,\"totalNegatives\":1,}}",
                "{\"id\":19,\"command\":\"metrics\",\"input\":{}}");
        for (String request : requests) {
            String trimmed = request.strip();
            String asTree = trimmed.substring(0, trimmed.length() - 1) + ",\"note\":\"é\"}";
            Run streamed = run(request + "\n", "batch");
            Run tree = run(asTree + "\n", "batch");
            assertEquals(0, streamed.status(), streamed.err());
            if (request.contains("\"id\":18")) { // invalid JSON: its error names a column, which the note moves
                assertTrue(streamed.out().contains("\"error\":{\"field\":\"request\""), streamed.out());
                continue;
            }
            assertEquals(tree.out(), streamed.out(), request);
        }
        String plain = requests.get(12);
        assertTrue(LightMetrics.batchAnswer(plain.getBytes(StandardCharsets.US_ASCII), 0, plain.length()) != null);
    }

    /**
     * A single {@code metrics} call answers a plain ASCII document without Jackson databind
     * ({@link LightMetrics}); the same document with a non-ASCII field added takes the general path.
     * Both must print the same bytes, and the same error for every kind of bad document.
     */
    @Test
    void lightMetricsAnswersAsTheGeneralPath() {
        List<String> documents = List.of(
                "{\"positiveHits\":8,\"totalPositives\":10,\"negativeHits\":2,\"totalNegatives\":10}",
                "{\"positiveHits\":0,\"totalPositives\":0,\"negativeHits\":0,\"totalNegatives\":0,\"totalResults\":7}",
                "{\"positiveHits\":3,\"totalPositives\":3,\"negativeHits\":0,\"totalNegatives\":5}",
                "{\"positiveHits\":12,\"totalPositives\":10,\"negativeHits\":2,\"totalNegatives\":1}",
                "{\"resultIds\":[\" a\",\"b.1\",\"\",\"n\",\"a\",\"x\",\"x\",\"..\"],\"positiveControls\":[\"a\",\"b\",\"c \",\".\"],"
                        + "\"negativeControls\":[\"n\",\"m\"],\"other\":3}",
                "{\"resultIds\":[],\"positiveControls\":[],\"negativeControls\":[]}",
                "{\"resultIds\":[\"a\"],\"positiveControls\":[\"a\"]}",
                "{\"resultIds\":[\"a\"],\"positiveControls\":[\"a\"],\"positiveHits\":\"x\"}",
                // bad documents: each must fail exactly as before
                "{\"positiveHits\":1,\"totalPositives\":2,\"negativeHits\":0}",
                "{\"positiveHits\":-1,\"totalPositives\":2,\"negativeHits\":0,\"totalNegatives\":1}",
                "{\"positiveHits\":1.0,\"totalPositives\":2,\"negativeHits\":0,\"totalNegatives\":1}",
                "{\"positiveHits\":3000000000,\"totalPositives\":2,\"negativeHits\":0,\"totalNegatives\":1}",
                "{\"positiveHits\":1,\"positiveHits\":2,\"totalPositives\":2,\"negativeHits\":0,\"totalNegatives\":1}",
                "{\"positiveHits\":1,\"totalPositives\":2,\"negativeHits\":0,\"totalNegatives\":1} trailing",
                "{\"positiveHits\":1,\"totalPositives\":2,\"negativeHits\":0,\"totalNegatives\":1,\"totalResults\":null}",
                "{\"resultIds\":[\"a\"],\"negativeControls\":[\"n\"]}",
                "{\"resultIds\":[\"a\"],\"positiveControls\":[\"a\"],\"negativeControls\":[\"a\"]}",
                "{\"resultIds\":[\"a\",1],\"positiveControls\":[\"a\"]}",
                "{\"resultIds\":\"a\",\"positiveControls\":[\"a\"]}",
                "{\"resultIds\":[\"a\"],\"positiveControls\":[\"a\"],\"negativeControls\":{}}",
                "{\"resultIds\":[\"a\"] \"positiveControls\":[\"a\"]}");
        for (String document : documents) {
            String general = "{\"note\":\"\u00e9\"," + document.substring(1);
            Run light = run(document, "metrics");
            Run tree = run(general, "metrics");
            assertEquals(tree.status(), light.status(), document);
            assertEquals(tree.out(), light.out(), document);
            if (!document.contains("] \"")) { // the one document whose JSON error has a column, which the note shifts
                assertEquals(tree.err(), light.err(), document);
            }
        }
        for (String document : documents.subList(0, 7)) { // the plain good ones did take the light path
            assertTrue(LightMetrics.answer(document.getBytes(StandardCharsets.US_ASCII)) != null, document);
        }
        assertTrue(LightMetrics.answer(documents.get(8).getBytes(StandardCharsets.US_ASCII)) == null);
    }

    private JsonNode tree(String line) {
        try {
            return mapper.readTree(line);
        } catch (Exception e) {
            throw new AssertionError("not JSON: " + line, e);
        }
    }

    /** PathFinder rounds these to 4 places; StrategyLab keeps every bit of the double, on the wire too. */
    @Test
    void valuesPathFinderRoundsKeepFullPrecision() throws Exception {
        JsonNode o = json(run("{\"experiments\":[{\"id\":\"a\",\"truePositiveGenes\":[\"g1\"]},"
                + "{\"id\":\"b\",\"truePositiveGenes\":[\"g1\",\"g2\"],\"falsePositiveGenes\":[\"n1\"]}]}", "overlap"));
        assertEquals(1.0 / 3.0, o.get("pairwise").get(0).get("jaccard").asDouble(), 0.0);
        JsonNode c = json(run("{\"resultIds\":[\"g1\",\"g2\"],\"backgroundIds\":[\"g1\",\"g2\",\"g3\",\"g4\",\"g5\","
                + "\"g6\",\"g7\",\"g8\",\"g9\"],\"geneSetName\":\"s\",\"geneIds\":[\"g1\",\"g3\",\"g4\",\"g5\"]}",
                "custom-enrich"));
        assertEquals(9.0 / 8.0, c.get("foldEnrichment").asDouble(), 0.0); // a·N/(n·K) = 1·9/(2·4)
        assertEquals(4.0 / 3.0, c.get("oddsRatio").asDouble(), 0.0); // a·d/(b·c) = 1·4/(1·3)
        JsonNode m = json(run("{\"experiments\":[{\"id\":\"a\",\"enrichmentResults\":[{\"analysisType\":\"pathway\","
                + "\"terms\":[{\"termId\":\"P1\",\"termName\":\"x\",\"foldEnrichment\":2.718281828459045}]}]}]}", "compare"));
        assertEquals(2.718281828459045, m.get("rows").get(0).get("scores").get("a").asDouble(), 0.0);
        assertEquals(2.718281828459045, m.get("rows").get(0).get("maxScore").asDouble(), 0.0);
    }
}
