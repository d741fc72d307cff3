package org.strategylab.experiment.experiments;

import static io.restassured.RestAssured.given;
import static org.strategylab.experiment.support.ExperimentApi.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.strategylab.evaluation.ids.ControlSets;
import org.strategylab.evaluation.json.EvaluationJson;
import org.strategylab.evaluation.metrics.ClassificationMetrics;
import org.strategylab.evaluation.metrics.GeneIdClassifier;
import org.strategylab.evaluation.metrics.GeneIdEvaluation;
import org.strategylab.evaluation.model.ExperimentMetrics;
import org.strategylab.evaluation.rank.RankMetricsCalculator;
import org.strategylab.eventlog.EventEnvelope;
import org.strategylab.experiment.support.ExperimentApi.SearchAnswer;
import org.strategylab.experiment.support.OperationEvents;
import org.strategylab.experiment.support.UpstreamStackResource;
import org.strategylab.testsupport.InProcessKafkaResource;
import org.strategylab.testsupport.TestTokens;

/**
 * Experiments end to end through HTTP in each mode: the command goes through Kafka to the worker,
 * upstream work through the real upstream-gateway to the simulator, events into the log; the
 * numbers must equal evaluation-core's on the same sets.
 */
@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = UpstreamStackResource.class, restrictToAnnotatedClass = false)
class ExperimentRunTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Inject
    OperationEvents events;

    @BeforeAll
    static void readNumbersAsDoubles() {
        // rest-assured reads JSON numbers as floats by default, too coarse for comparing metrics
        io.restassured.RestAssured.config = io.restassured.RestAssured.config().jsonConfig(
                io.restassured.config.JsonConfig.jsonConfig()
                        .numberReturnType(io.restassured.path.json.config.JsonPathConfig.NumberReturnType.DOUBLE));
    }

    @Test
    void aGeneIdExperimentIsClassifiedInProcessAndItsEventsEndWithTheTerminalEvent() throws Exception {
        String alice = newUser("alice");
        // genes of the site: controls are resolved against it before they are counted
        List<String> targets = List.of(G1, G2 + ".1", G3, N1, "X1", "X2", G3);
        List<String> positives = List.of(G1, G2, G3, G4);
        List<String> negatives = List.of(N1, N2, N3);
        io.restassured.response.Response answer = as(alice).body(Map.of("name", "gene list", "siteId", "plasmodb", "targetGeneIds", targets,
                        "positiveControls", positives, "negativeControls", negatives, "enableRobustness", true,
                        "bootstrapIterations", 50))
                .when().post(EXPERIMENTS)
                .then().statusCode(202).body("operationId", notNullValue()).body("experimentId", notNullValue())
                .extract().response();
        events.assertLogHeader(answer, alice);
        JsonPath started = answer.jsonPath();
        String id = started.getString("experimentId");
        List<EventEnvelope> log = events.awaitEnd(started.getString("operationId"), RUN);

        assertEquals(List.of("experiment_progress", "experiment_progress", "experiment_progress", "experiment_progress",
                "experiment_progress", "experiment_complete", "experiment_end"), OperationEvents.types(log));
        assertEquals(List.of("started", "controls_resolved", "evaluating", "evaluating", "completed"),
                log.stream().map(e -> e.data().path("phase").asText()).toList().subList(0, 5));
        for (int i = 0; i < log.size(); i++) {
            assertEquals(i + 1, log.get(i).seq());
        }
        assertEquals("completed", log.get(log.size() - 1).data().path("status").asText());

        ControlSets controls = ControlSets.of(positives, negatives);
        GeneIdEvaluation expected = GeneIdClassifier.evaluate(targets, controls);
        JsonPath experiment = as(alice).when().get(EXPERIMENTS + "/" + id).then().statusCode(200)
                .body("status", equalTo("completed"))
                .body("config.mode", equalTo("gene-ids"))
                .body("config.targetGeneCount", equalTo(6))
                .body("userId", equalTo(alice))
                .extract().jsonPath();
        assertMetrics(experiment, expected.metrics());
        assertEquals(expected.truePositiveIds(), experiment.getList("truePositiveGenes.id", String.class));
        assertEquals(expected.falseNegativeIds(), experiment.getList("falseNegativeGenes.id", String.class));
        assertEquals(expected.falsePositiveIds(), experiment.getList("falsePositiveGenes.id", String.class));
        assertEquals(expected.trueNegativeIds(), experiment.getList("trueNegativeGenes.id", String.class));
        JsonNode rank = JSON.valueToTree(experiment.getMap("rankMetrics"));
        JsonNode expectedRank = EvaluationJson.mapper().valueToTree(
                RankMetricsCalculator.compute(org.strategylab.evaluation.ids.IdNormaliser.clean(targets), controls,
                        RankMetricsCalculator.DEFAULT_K));
        assertEquals(expectedRank.path("precisionAtK"), rank.path("precisionAtK"));
        assertEquals(50, experiment.getInt("robustness.nIterations"));
        // the complete event carries the same experiment
        assertEquals(id, log.get(5).data().path("id").asText());
        assertEquals(expected.metrics().f1Score(), log.get(5).data().path("metrics").path("f1Score").asDouble());
        // which genes it evaluated (spec §2.1): on the read of the one experiment, in their order; the
        // event and the list stay light
        assertEquals(org.strategylab.evaluation.ids.IdNormaliser.clean(targets),
                experiment.getList("config.targetGeneIds", String.class));
        assertTrue(log.get(5).data().path("config").has("targetGeneCount"));
        assertFalse(log.get(5).data().path("config").has("targetGeneIds"));
        as(alice).when().get(EXPERIMENTS).then().statusCode(200).body("items[0].id", equalTo(id))
                .body("items[0]", not(hasKey("targetGeneIds"))).body("items[0]", not(hasKey("config")));
    }

    @Test
    void aSearchExperimentRunsUpstreamAsTheCallerAndNamesTheGenes() throws Exception {
        String bob = newUser("bob");
        SearchAnswer kinases = run(bob, KINASES);
        SearchAnswer all = run(bob, FALCIPARUM);
        List<String> others = new ArrayList<>(all.ids());
        others.removeAll(new HashSet<>(kinases.ids()));
        assertTrue(kinases.ids().size() > 6, "the simulator has kinases");
        assertTrue(others.size() > 10, "the simulator has other genes");
        List<String> positives = new ArrayList<>(kinases.ids().subList(0, 5));
        positives.addAll(others.subList(0, 3));
        List<String> negatives = new ArrayList<>(others.subList(3, 7));
        negatives.add(kinases.ids().get(5));

        JsonNode body = JSON.readTree(KINASES);
        ((com.fasterxml.jackson.databind.node.ObjectNode) body).put("siteId", "plasmodb").put("name", "kinases")
                .set("positiveControls", JSON.valueToTree(positives));
        ((com.fasterxml.jackson.databind.node.ObjectNode) body).set("negativeControls", JSON.valueToTree(negatives));
        JsonPath started = as(bob).body(body.toString()).when().post(EXPERIMENTS)
                .then().statusCode(202).extract().jsonPath();
        List<EventEnvelope> log = events.awaitEnd(started.getString("operationId"), RUN);
        assertEnds(log);

        ControlSets controls = ControlSets.of(positives, negatives);
        GeneIdEvaluation lists = GeneIdClassifier.evaluate(kinases.ids(), controls);
        ExperimentMetrics expected = ClassificationMetrics.fromCounts(lists.truePositiveIds().size(), positives.size(),
                lists.falsePositiveIds().size(), negatives.size(), (int) kinases.geneCount());
        JsonPath experiment = as(bob).when().get(EXPERIMENTS + "/" + started.getString("experimentId"))
                .then().statusCode(200).body("status", equalTo("completed")).body("config.mode", equalTo("single"))
                .body("upstreamStrategyId", notNullValue()).body("upstreamStepId", notNullValue())
                .extract().jsonPath();
        assertMetrics(experiment, expected);
        assertEquals(lists.truePositiveIds(), experiment.getList("truePositiveGenes.id", String.class));
        assertEquals(lists.falsePositiveIds(), experiment.getList("falsePositiveGenes.id", String.class));
        assertTrue(experiment.getList("truePositiveGenes.organism", String.class).stream()
                .allMatch("Plasmodium falciparum 3D7"::equals), "organisms of the true positives");
        assertTrue(experiment.getList("truePositiveGenes.product", String.class).stream()
                .allMatch(p -> p != null && !p.isBlank()), "products of the true positives");
        assertEquals(kinases.geneCount(), experiment.getLong("resultCount"), "the result size is in genes");
        assertEquals(lists.truePositiveIds().size(), experiment.getInt("rankMetrics.positivesInList"));
    }

    /**
     * Counts are genes (issue 38 item 2): a GO experiment on the simulator's PlasmoDB, whose result
     * has genes with several transcripts, reports totalResults and resultCount in genes, the
     * transcripts beside them, and rank metrics over genes, each gene once at its first row.
     */
    @Test
    void aGoExperimentCountsGenesWithTranscriptsBesideAndRanksGenes() throws Exception {
        String gina = newUser("gina");
        SearchAnswer kinases = run(gina, KINASES);
        assertTrue(kinases.count() > kinases.geneCount(), "the GO result has genes with several transcripts: "
                + kinases.geneCount() + " genes, " + kinases.count() + " transcripts");
        List<String> positives = new ArrayList<>(kinases.ids().subList(0, 4));
        positives.add(kinases.ids().get(kinases.ids().size() - 1));
        List<String> others = new ArrayList<>(run(gina, FALCIPARUM).ids());
        others.removeAll(new HashSet<>(kinases.ids()));
        List<String> negatives = others.subList(0, 2);
        JsonNode body = JSON.readTree(KINASES);
        ((com.fasterxml.jackson.databind.node.ObjectNode) body).put("siteId", "plasmodb").put("name", "GO genes")
                .set("positiveControls", JSON.valueToTree(positives));
        ((com.fasterxml.jackson.databind.node.ObjectNode) body).set("negativeControls", JSON.valueToTree(negatives));
        JsonPath started = as(gina).body(body.toString()).when().post(EXPERIMENTS)
                .then().statusCode(202).extract().jsonPath();
        assertEnds(events.awaitEnd(started.getString("operationId"), RUN));
        JsonPath experiment = as(gina).when().get(EXPERIMENTS + "/" + started.getString("experimentId"))
                .then().statusCode(200).body("status", equalTo("completed")).extract().jsonPath();

        assertEquals(kinases.geneCount(), experiment.getLong("metrics.totalResults"), "totalResults in genes");
        assertEquals(kinases.count(), experiment.getLong("metrics.totalTranscripts"), "transcripts beside them");
        assertEquals(kinases.geneCount(), experiment.getLong("resultCount"));
        assertEquals(kinases.count(), experiment.getLong("resultTranscriptCount"));

        // the step's rows, every transcript, in the experiment's (the site's default) order
        String upstream = ConfigProvider.getConfig().getValue("quarkus.rest-client.upstream-gateway.url", String.class);
        List<String> rowGenes = given().header("Authorization", TestTokens.bearer(gina))
                .queryParam("limit", 1000).when()
                .get(upstream + "/internal/v1/sites/plasmodb/steps/" + experiment.getLong("upstreamStepId") + "/records")
                .then().statusCode(200).extract().jsonPath().getList("records.primaryKey.gene_source_id", String.class);
        assertEquals(kinases.count(), rowGenes.size(), "one row per transcript");
        List<String> genes = new ArrayList<>(new java.util.LinkedHashSet<>(rowGenes));
        var expected = RankMetricsCalculator.compute(genes, ControlSets.of(positives, negatives),
                RankMetricsCalculator.DEFAULT_K);
        assertEquals(kinases.geneCount(), experiment.getInt("rankMetrics.totalResults"), "n counts genes");
        assertEquals(expected.totalResults(), experiment.getInt("rankMetrics.totalResults"));
        for (int k : RankMetricsCalculator.DEFAULT_K) {
            assertEquals(expected.precisionAtK().get(k), experiment.getDouble("rankMetrics.precisionAtK." + k), 1e-12);
            assertEquals(expected.enrichmentAtK().get(k), experiment.getDouble("rankMetrics.enrichmentAtK." + k), 1e-12);
        }
        assertEquals(expected.averagePrecision(), experiment.getDouble("rankMetrics.averagePrecision"), 1e-12);
        List<List<Number>> curve = experiment.getList("rankMetrics.listSizeVsRecall");
        assertEquals(kinases.geneCount(), curve.get(curve.size() - 1).get(0).longValue(), "the curve ends at the gene count");
    }

    @Test
    void aTreeExperimentIsCountedOnItsRoot() throws Exception {
        String carol = newUser("carol");
        SearchAnswer kinases = run(carol, KINASES);
        SearchAnswer secreted = run(carol, SIGNAL_PEPTIDE);
        Set<String> both = new HashSet<>(kinases.ids());
        both.retainAll(new HashSet<>(secreted.ids()));
        List<String> onlyKinases = kinases.ids().stream().filter(id -> !both.contains(id)).toList();
        assertFalse(both.isEmpty(), "some kinases have a signal peptide");
        assertTrue(onlyKinases.size() > 3, "some kinases have none");
        List<String> positives = new ArrayList<>(both);
        positives.addAll(onlyKinases.subList(0, 2));
        List<String> negatives = List.of(onlyKinases.get(2), onlyKinases.get(3));

        String tree = "{\"operator\":\"INTERSECT\",\"searchName\":\"__combine__\",\"primaryInput\":" + KINASES
                + ",\"secondaryInput\":" + SIGNAL_PEPTIDE + "}";
        String body = "{\"siteId\":\"plasmodb\",\"mode\":\"multi-step\",\"stepTree\":" + tree + ",\"positiveControls\":"
                + JSON.writeValueAsString(positives) + ",\"negativeControls\":" + JSON.writeValueAsString(negatives) + "}";
        JsonPath started = as(carol).body(body).when().post(EXPERIMENTS).then().statusCode(202).extract().jsonPath();
        List<EventEnvelope> log = events.awaitEnd(started.getString("operationId"), RUN);
        assertEnds(log);

        JsonPath experiment = as(carol).when().get(EXPERIMENTS + "/" + started.getString("experimentId"))
                .then().statusCode(200).body("status", equalTo("completed")).body("config.mode", equalTo("multi-step"))
                .extract().jsonPath();
        assertEquals(both.size(), experiment.getInt("metrics.confusionMatrix.truePositives"));
        assertEquals(2, experiment.getInt("metrics.confusionMatrix.falseNegatives"));
        assertEquals(0, experiment.getInt("metrics.confusionMatrix.falsePositives"));
        assertEquals(2, experiment.getInt("metrics.confusionMatrix.trueNegatives"));
        assertEquals(both, new HashSet<>(experiment.getList("truePositiveGenes.id", String.class)));
    }

    @Test
    void theReportIsASelfContainedDownload() {
        String dave = newUser("dave");
        JsonPath started = as(dave).body(Map.of("name", "<script>alert(1)</script>", "siteId", "plasmodb",
                        "targetGeneIds", List.of(G1, G2), "positiveControls", List.of(G1, G9)))
                .when().post(EXPERIMENTS).then().statusCode(202).extract().jsonPath();
        events.awaitEnd(started.getString("operationId"), RUN);
        String html = as(dave).when().get(EXPERIMENTS + "/" + started.getString("experimentId") + "/export")
                .then().statusCode(200).contentType(org.hamcrest.Matchers.startsWith("text/html"))
                .header("Content-Disposition", org.hamcrest.Matchers.startsWith("attachment; filename=\"experiment-"))
                .header("Content-Security-Policy", org.hamcrest.Matchers.containsString("default-src 'none'"))
                .extract().asString();
        assertTrue(html.contains("<svg"), "inline charts");
        assertFalse(html.contains("<script>alert(1)</script>"), "the name is escaped");
        assertTrue(html.contains("&lt;script&gt;"), "the name is escaped");
    }

    @Test
    void controlsAreResolvedAgainstTheSiteBeforeTheyAreCounted() throws Exception {
        // issue 38 item 1: the lowercase spelling and the transcript ID of genes in the result counted as
        // false negatives, a gene typed twice twice, and IDs of no gene as a false negative and a true negative
        String erin = newUser("erin");
        SearchAnswer kinases = run(erin, KINASES);
        List<String> positives = List.of("pf3d7_0105300", "PF3D7_0100100.1", "FAKE_GENE_1", "PF3D7_0100600", "PF3D7_0105300");
        List<String> negatives = List.of("BOGUS", "PF3D7_0100300");
        ExperimentMetrics asTyped = ClassificationMetrics.fromCounts(
                GeneIdClassifier.evaluate(kinases.ids(), ControlSets.of(positives, negatives)).truePositiveIds().size(),
                positives.size(), GeneIdClassifier.evaluate(kinases.ids(), ControlSets.of(positives, negatives))
                        .falsePositiveIds().size(), negatives.size(), (int) kinases.geneCount());

        JsonNode body = JSON.readTree(KINASES);
        ((com.fasterxml.jackson.databind.node.ObjectNode) body).put("siteId", "plasmodb").put("name", "seven IDs")
                .set("positiveControls", JSON.valueToTree(positives));
        ((com.fasterxml.jackson.databind.node.ObjectNode) body).set("negativeControls", JSON.valueToTree(negatives));
        JsonPath started = as(erin).body(body.toString()).when().post(EXPERIMENTS)
                .then().statusCode(202).extract().jsonPath();
        List<EventEnvelope> log = events.awaitEnd(started.getString("operationId"), RUN);
        assertEnds(log);

        List<String> genes = List.of("PF3D7_0105300", "PF3D7_0100100", "PF3D7_0100600");
        ControlSets resolved = ControlSets.of(genes, List.of("PF3D7_0100300"));
        GeneIdEvaluation lists = GeneIdClassifier.evaluate(kinases.ids(), resolved);
        ExperimentMetrics expected = ClassificationMetrics.fromCounts(lists.truePositiveIds().size(), 3,
                lists.falsePositiveIds().size(), 1, (int) kinases.geneCount());
        JsonPath experiment = as(erin).when().get(EXPERIMENTS + "/" + started.getString("experimentId"))
                .then().statusCode(200).body("status", equalTo("completed"))
                .body("config.positiveControls", equalTo(genes))
                .body("config.negativeControls", equalTo(List.of("PF3D7_0100300")))
                .body("controlResolution.positives.resolved", equalTo(3))
                .body("controlResolution.positives.renamed.input", equalTo(List.of("pf3d7_0105300", "PF3D7_0100100.1")))
                .body("controlResolution.positives.renamed.geneId", equalTo(List.of("PF3D7_0105300", "PF3D7_0100100")))
                .body("controlResolution.positives.unknown", equalTo(List.of("FAKE_GENE_1")))
                .body("controlResolution.positives.duplicates", equalTo(List.of("PF3D7_0105300")))
                .body("controlResolution.negatives.resolved", equalTo(1))
                .body("controlResolution.negatives.unknown", equalTo(List.of("BOGUS")))
                .body("metrics.totalPositives", equalTo(3))
                .body("metrics.totalNegatives", equalTo(1))
                .extract().jsonPath();
        assertMetrics(experiment, expected);
        assertTrue(lists.truePositiveIds().contains("PF3D7_0105300"), "the lowercase spelling is the gene in the result");
        assertEquals(lists.truePositiveIds(), experiment.getList("truePositiveGenes.id", String.class));
        assertEquals(lists.falseNegativeIds(), experiment.getList("falseNegativeGenes.id", String.class));
        assertFalse(experiment.getList("falseNegativeGenes.id", String.class).contains("FAKE_GENE_1"), "unknown: not counted");
        assertFalse(experiment.getList("trueNegativeGenes.id", String.class).contains("BOGUS"), "unknown: not counted");
        // the run says so as it starts
        JsonNode resolvedEvent = log.stream().map(EventEnvelope::data)
                .filter(d -> "controls_resolved".equals(d.path("phase").asText())).findFirst().orElseThrow();
        assertEquals(JSON.valueToTree(experiment.getMap("controlResolution")), resolvedEvent.path("controlResolution"));
        assertTrue(resolvedEvent.path("message").asText().contains("FAKE_GENE_1"), resolvedEvent.toString());
        System.out.printf("issue 38 seven IDs: as typed TP %d FN %d FP %d TN %d sensitivity %.4f; resolved TP %d FN %d FP %d TN %d"
                        + " sensitivity %.4f specificity %.4f%n", asTyped.confusionMatrix().truePositives(),
                asTyped.confusionMatrix().falseNegatives(), asTyped.confusionMatrix().falsePositives(),
                asTyped.confusionMatrix().trueNegatives(), asTyped.sensitivity(),
                experiment.getInt("metrics.confusionMatrix.truePositives"),
                experiment.getInt("metrics.confusionMatrix.falseNegatives"),
                experiment.getInt("metrics.confusionMatrix.falsePositives"),
                experiment.getInt("metrics.confusionMatrix.trueNegatives"), experiment.getDouble("metrics.sensitivity"),
                experiment.getDouble("metrics.specificity"));
    }

    @Test
    void aRunWithNoGeneOfTheSiteAmongItsControlsIsRefusedNamingTheIds() {
        String fay = newUser("fay");
        as(fay).body(Map.of("siteId", "plasmodb", "targetGeneIds", List.of(G1), "positiveControls",
                        List.of("FAKE_GENE_1", "NOT_A_GENE")))
                .when().post(EXPERIMENTS)
                .then().statusCode(422).contentType("application/problem+json")
                .body("errors.pointer", equalTo(List.of("/positiveControls")))
                .body("errors[0].message", org.hamcrest.Matchers.containsString("FAKE_GENE_1, NOT_A_GENE"));
        as(fay).body(Map.of("siteId", "plasmodb", "targetGeneIds", List.of(G1), "positiveControls", List.of(G1),
                        "negativeControls", List.of("BOGUS")))
                .when().post(EXPERIMENTS)
                .then().statusCode(422)
                .body("errors.pointer", equalTo(List.of("/negativeControls")))
                .body("errors[0].message", org.hamcrest.Matchers.containsString("BOGUS"));
        // two spellings of one gene in both lists: known only once resolved
        as(fay).body(Map.of("siteId", "plasmodb", "targetGeneIds", List.of(G1), "positiveControls", List.of(G1, G2),
                        "negativeControls", List.of(G2.toLowerCase(java.util.Locale.ROOT) , N1)))
                .when().post(EXPERIMENTS)
                .then().statusCode(422)
                .body("errors.pointer", equalTo(List.of("/negativeControls")))
                .body("errors[0].message", org.hamcrest.Matchers.containsString(G2));
        // the same in a batch names the member
        as(fay).body("{\"base\":{\"siteId\":\"plasmodb\",\"searchName\":\"GenesByTaxon\",\"parameters\":{},"
                        + "\"positiveControls\":[\"" + G1 + "\"]},\"organismParamName\":\"organism\",\"targetOrganisms\":["
                        + "{\"organism\":\"Plasmodium falciparum 3D7\"},"
                        + "{\"organism\":\"Plasmodium vivax P01\",\"positiveControls\":[\"FAKE_GENE_1\"]}]}")
                .when().post(EXPERIMENTS + "/batch")
                .then().statusCode(422)
                .body("errors.pointer", equalTo(List.of("/targetOrganisms/1/positiveControls")));
    }

    @Test
    void moreControlsThanOneLookupAreResolvedInBatchesAndAMissingClassHasNoMetric() throws Exception {
        String gus = newUser("gus");
        List<String> genes = run(gus, FALCIPARUM).ids().subList(0, 1500);
        List<String> positives = new ArrayList<>(genes.stream().map(id -> id.toLowerCase(java.util.Locale.ROOT)).toList());
        positives.add(1200, "UNKNOWN_AFTER_THE_FIRST_THOUSAND");
        List<String> targets = genes.subList(0, 600);
        JsonPath started = as(gus).body(Map.of("siteId", "plasmodb", "targetGeneIds", targets,
                        "positiveControls", positives, "enableRobustness", true, "bootstrapIterations", 20))
                .when().post(EXPERIMENTS).then().statusCode(202).extract().jsonPath();
        assertEnds(events.awaitEnd(started.getString("operationId"), RUN));
        JsonPath experiment = as(gus).when().get(EXPERIMENTS + "/" + started.getString("experimentId"))
                .then().statusCode(200).body("status", equalTo("completed"))
                .body("controlResolution.positives.resolved", equalTo(1500))
                .body("controlResolution.positives.unknown", equalTo(List.of("UNKNOWN_AFTER_THE_FIRST_THOUSAND")))
                .body("controlResolution.positives.renamed.size()", equalTo(1500))
                .body("metrics.totalPositives", equalTo(1500))
                .body("metrics.confusionMatrix.truePositives", equalTo(600))
                .body("metrics.totalNegatives", equalTo(0))
                .extract().jsonPath();
        assertEquals(genes, experiment.getList("config.positiveControls", String.class));
        assertEquals(0.4, experiment.getDouble("metrics.sensitivity"), 1e-12);
        // no negative controls: specificity and the metrics built on it are no measurement, never 0
        for (String name : ExperimentMetrics.NEEDS_NEGATIVES) {
            assertNull(experiment.get("metrics." + name), name);
            assertEquals(ExperimentMetrics.NO_NEGATIVES, experiment.getString("metrics.undefinedReasons." + name), name);
        }
        assertNull(experiment.get("robustness.metricCis.specificity"), "no interval of 0–0");
        assertEquals("no negative controls", experiment.getString("robustness.undefinedMetricCis.specificity"));
        assertTrue(experiment.getDouble("robustness.metricCis.sensitivity.upper") > 0);
    }

    static void assertMetrics(JsonPath experiment, ExperimentMetrics expected) {
        assertEquals(expected.confusionMatrix().truePositives(), experiment.getInt("metrics.confusionMatrix.truePositives"));
        assertEquals(expected.confusionMatrix().falsePositives(), experiment.getInt("metrics.confusionMatrix.falsePositives"));
        assertEquals(expected.confusionMatrix().trueNegatives(), experiment.getInt("metrics.confusionMatrix.trueNegatives"));
        assertEquals(expected.confusionMatrix().falseNegatives(), experiment.getInt("metrics.confusionMatrix.falseNegatives"));
        for (String name : ExperimentMetrics.RATIO_NAMES) {
            if (expected.absentClassMetrics().containsKey(name)) {
                assertNull(experiment.get("metrics." + name), name + " needs a class of controls there is not");
            } else {
                assertEquals(expected.ratio(name), experiment.getDouble("metrics." + name), 1e-12, name);
            }
        }
        assertEquals(expected.totalResults(), experiment.getInt("metrics.totalResults"));
    }
}
