package org.strategylab.experiment.analysis.sweep;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.strategylab.experiment.support.ExperimentApi;
import org.strategylab.evaluation.json.EvaluationJson;
import org.strategylab.evaluation.metrics.ClassificationMetrics;
import org.strategylab.eventlog.EventEnvelope;
import org.strategylab.eventlog.index.OperationsIndex;
import org.strategylab.experiment.support.OperationEvents;
import org.strategylab.experiment.support.UpstreamStackResource;
import org.strategylab.simulator.faults.ConcurrencyWatch;
import org.strategylab.simulator.faults.Latency;
import org.strategylab.testsupport.InProcessKafkaResource;

/**
 * Threshold sweeps as operations: numeric and categorical points equal the same searches run on the
 * site, at most 3 points at once as the site sees it, point and sweep timeouts, cancel, bad input.
 */
@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = UpstreamStackResource.class, restrictToAnnotatedClass = false)
class ExperimentThresholdSweepTest {

    static final String PF = "Plasmodium falciparum 3D7";
    static final String PV = "Plasmodium vivax P01";
    /** One helper strategy is made per point (upstream-gateway's control counts), and the cleanup lists them. */
    static final String STRATEGIES = "/strategies$";
    static final Duration SWEEP = Duration.ofSeconds(90);
    private static final ObjectMapper JSON = new ObjectMapper();

    @Inject
    OperationEvents events;

    @Inject
    OperationsIndex index;

    @AfterEach
    void resetFaults() {
        UpstreamStackResource.simulator.faults().reset();
    }

    private record Experiment(String id, List<String> positives, List<String> negatives) {
    }

    /** A completed molecular-weight search experiment of P. falciparum. */
    private Experiment weightExperiment(String user) throws Exception {
        ExperimentApi.SearchAnswer light = ExperimentApi.run(user, weight(PF, "10000", "30000"));
        ExperimentApi.SearchAnswer heavy = ExperimentApi.run(user, weight(PF, "60000", "200000"));
        List<String> positives = new ArrayList<>(light.ids().subList(0, 6));
        positives.addAll(heavy.ids().subList(0, 2));
        List<String> negatives = new ArrayList<>(heavy.ids().subList(2, 8));
        String body = "{\"siteId\":\"plasmodb\",\"searchName\":\"GenesByMolecularWeight\",\"parameters\":{\"organism\":[\""
                + PF + "\"],\"min_molecular_weight\":\"10000\",\"max_molecular_weight\":\"50000\"},\"positiveControls\":"
                + ExperimentApi.json(positives) + ",\"negativeControls\":" + ExperimentApi.json(negatives) + "}";
        return new Experiment(completed(user, body), positives, negatives);
    }

    private static String weight(String organism, String min, String max) {
        return "{\"searchName\":\"GenesByMolecularWeight\",\"parameters\":{\"organism\":[\"" + organism
                + "\"],\"min_molecular_weight\":\"" + min + "\",\"max_molecular_weight\":\"" + max + "\"}}";
    }

    private String completed(String user, String body) {
        JsonPath run = ExperimentApi.as(user).body(body).when().post("/api/v1/experiments").then().statusCode(202)
                .extract().jsonPath();
        events.awaitEnd(run.getString("operationId"), ExperimentApi.RUN);
        ExperimentApi.as(user).when().get("/api/v1/experiments/" + run.getString("experimentId")).then()
                .statusCode(200).body("status", equalTo("completed"));
        return run.getString("experimentId");
    }

    private static String sweep(String user, String id, String body) {
        return ExperimentApi.as(user).body(body).when().post("/api/v1/experiments/" + id + "/threshold-sweep")
                .then().statusCode(202).body("experimentId", equalTo(id)).extract().jsonPath().getString("operationId");
    }

    /** The metrics the same search counts on the site: its genes against the controls, its size. */
    private static JsonNode expected(String user, String search, Experiment experiment) throws Exception {
        ExperimentApi.SearchAnswer answer = ExperimentApi.run(user, search);
        Set<String> genes = new HashSet<>(answer.ids());
        int tp = (int) experiment.positives().stream().filter(genes::contains).count();
        int fp = (int) experiment.negatives().stream().filter(genes::contains).count();
        // counts are genes; the site states its transcript rows beside them
        return EvaluationJson.mapper().valueToTree(ClassificationMetrics.fromCounts(tp, experiment.positives().size(), fp,
                experiment.negatives().size(), (int) answer.geneCount()).withTotalTranscripts(answer.count()));
    }

    @Test
    void aNumericSweepEqualsTheSameSearchesOnTheSiteWithAtMostThreePointsAtOnce() throws Exception {
        String gus = ExperimentApi.newUser("gus");
        Experiment experiment = weightExperiment(gus);
        // each point's helper strategy is made slowly, so points that run at once overlap at the site
        ConcurrencyWatch points = UpstreamStackResource.simulator.faults().watchConcurrency(STRATEGIES);
        UpstreamStackResource.simulator.faults().latency(STRATEGIES, Latency.fixed(Duration.ofMillis(400)));
        String operation = sweep(gus, experiment.id(), "{\"parameterName\":\"min_molecular_weight\",\"sweepType\":\"numeric\","
                + "\"minValue\":0,\"maxValue\":60000,\"steps\":7}");
        List<EventEnvelope> log = events.awaitEnd(operation, SWEEP);
        assertTrue(points.peak() <= 3, "at most 3 points at once, saw " + points.peak());
        assertTrue(points.peak() >= 2, "points run side by side, saw " + points.peak());

        List<EventEnvelope> pointEvents = log.stream().filter(e -> e.type().equals("sweep_point")).toList();
        assertEquals(7, pointEvents.size());
        for (int i = 0; i < 7; i++) {
            assertEquals(i + 1, pointEvents.get(i).data().path("completedCount").asInt());
            assertEquals(7, pointEvents.get(i).data().path("totalCount").asInt());
        }
        EventEnvelope end = log.get(log.size() - 1);
        assertEquals("sweep_complete", end.type());
        assertEquals("min_molecular_weight", end.data().path("parameter").asText());
        assertFalse(end.data().path("timedOut").asBoolean());
        assertEquals(0, end.data().path("missingValues").size());
        JsonNode sorted = end.data().path("points");
        assertEquals(7, sorted.size());
        for (int i = 0; i < 7; i++) {
            JsonNode point = sorted.get(i);
            assertEquals(i * 10000.0, point.path("value").asDouble(), 0.0, "sorted by value");
            assertTrue(point.path("error").isMissingNode() || point.path("error").isNull(), point.toString());
            assertEquals(expected(gus, weight(PF, String.valueOf(i * 10000), "50000"), experiment),
                    point.path("metrics"), "value " + i * 10000);
        }
    }

    @Test
    void aCategoricalSweepPutsTheValueIntoEveryStepOfTheTreeThatHasIt() throws Exception {
        String hal = ExperimentApi.newUser("hal");
        ExperimentApi.SearchAnswer kinases = ExperimentApi.run(hal, ExperimentApi.KINASES);
        ExperimentApi.SearchAnswer vivaxKinases = ExperimentApi.run(hal, kinasesOf(PV));
        List<String> positives = new ArrayList<>(kinases.ids().subList(0, 4));
        positives.addAll(vivaxKinases.ids().subList(0, 2));
        List<String> negatives = List.of(vivaxKinases.ids().get(3), vivaxKinases.ids().get(4));
        Experiment experiment = new Experiment(completed(hal, "{\"siteId\":\"plasmodb\",\"mode\":\"multi-step\",\"stepTree\":"
                + "{\"operator\":\"INTERSECT\",\"primaryInput\":{\"searchName\":\"GenesByTaxon\",\"parameters\":{\"organism\":[\""
                + PF + "\"]}},\"secondaryInput\":{\"searchName\":\"GenesByGoTerm\",\"parameters\":{\"organism\":[\"" + PF
                + "\"],\"go_typeahead\":[\"GO:0004672\"]}}},\"positiveControls\":" + ExperimentApi.json(positives)
                + ",\"negativeControls\":" + ExperimentApi.json(negatives) + "}"), positives, negatives);
        String operation = sweep(hal, experiment.id(), "{\"parameterName\":\"organism\",\"sweepType\":\"categorical\","
                + "\"values\":[\"" + PV + "\",\"" + PF + "\"]}");
        List<EventEnvelope> log = events.awaitEnd(operation, SWEEP);
        JsonNode points = log.get(log.size() - 1).data().path("points");
        assertEquals(List.of(PV, PF), List.of(points.get(0).path("value").asText(), points.get(1).path("value").asText()),
                "categorical points keep the request's order");
        // both steps take the organism: the intersection is that organism's kinases
        assertEquals(expected(hal, kinasesOf(PV), experiment), points.get(0).path("metrics"));
        assertEquals(expected(hal, kinasesOf(PF), experiment), points.get(1).path("metrics"));
        assertEquals(2, points.get(0).path("metrics").path("confusionMatrix").path("truePositives").asInt());
        assertEquals(4, points.get(1).path("metrics").path("confusionMatrix").path("truePositives").asInt());
    }

    private static String kinasesOf(String organism) {
        return "{\"searchName\":\"GenesByGoTerm\",\"parameters\":{\"organism\":[\"" + organism
                + "\"],\"go_typeahead\":[\"GO:0004672\"]}}";
    }

    @Test
    void slowPointsEndWithTheirErrorAndASlowSweepEndsWithWhatFinished() throws Exception {
        String ivy = ExperimentApi.newUser("ivy");
        Experiment experiment = weightExperiment(ivy);
        // every helper strategy takes longer than a point may (5 s in the tests)
        UpstreamStackResource.simulator.faults().latency(STRATEGIES, Latency.fixed(Duration.ofSeconds(6)));
        String operation = sweep(ivy, experiment.id(), "{\"parameterName\":\"max_molecular_weight\","
                + "\"sweepType\":\"categorical\",\"values\":[\"40000\",\"50000\",\"60000\"]}");
        JsonNode end = events.awaitEnd(operation, SWEEP).stream().filter(e -> e.type().equals("sweep_complete"))
                .findFirst().orElseThrow().data();
        assertEquals(3, end.path("points").size());
        org.strategylab.testsupport.texts.UserFacingTexts texts = new org.strategylab.testsupport.texts.UserFacingTexts();
        for (JsonNode point : end.path("points")) {
            assertTrue(point.path("metrics").isNull(), point.toString());
            assertTrue(point.path("error").asText().contains("longer than 5 s"), point.toString());
            texts.add("sweep point " + point.path("value").asText(), point.path("error").asText());
        }
        texts.assertReadable();
        assertFalse(end.path("timedOut").asBoolean());

        // nine such points take three rounds of 5 s after the 6 s cleanup: the 16 s sweep limit ends it first
        String cut = sweep(ivy, experiment.id(), "{\"parameterName\":\"max_molecular_weight\",\"minValue\":20000,"
                + "\"maxValue\":100000,\"steps\":9}");
        JsonNode partial = events.awaitEnd(cut, SWEEP).stream().filter(e -> e.type().equals("sweep_complete"))
                .findFirst().orElseThrow().data();
        assertTrue(partial.path("timedOut").asBoolean(), partial.toString());
        assertFalse(partial.path("missingValues").isEmpty(), partial.toString());
        assertEquals(9, partial.path("points").size() + partial.path("missingValues").size());
    }

    @Test
    void aCancelledSweepEndsCancelledWithThePointsFinishedByThen() throws Exception {
        String jo = ExperimentApi.newUser("jo");
        Experiment experiment = weightExperiment(jo);
        UpstreamStackResource.simulator.faults().latency(STRATEGIES, Latency.fixed(Duration.ofSeconds(5)));
        ConcurrencyWatch points = UpstreamStackResource.simulator.faults().watchConcurrency(STRATEGIES);
        String operation = sweep(jo, experiment.id(), "{\"parameterName\":\"min_molecular_weight\",\"minValue\":0,"
                + "\"maxValue\":90000,\"steps\":10}");
        // cancel once the first points are waiting at the site
        org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> points.current() >= 2);
        index.requestCancel(UUID.fromString(operation), jo).await().atMost(Duration.ofSeconds(5));
        List<EventEnvelope> log = events.awaitEnd(operation, SWEEP);
        EventEnvelope end = log.get(log.size() - 1);
        assertEquals("sweep_complete", end.type());
        assertTrue(end.data().path("cancelled").asBoolean(), end.data().toString());
        assertEquals(10, end.data().path("points").size() + end.data().path("missingValues").size());
        assertTrue(end.data().path("missingValues").size() >= 7, "most points never ran: " + end.data());
    }

    @Test
    void badSweepsAreRefusedBeforeAnythingStarts() throws Exception {
        String kim = ExperimentApi.newUser("kim");
        Experiment experiment = weightExperiment(kim);
        String geneIds = completed(kim, "{\"siteId\":\"plasmodb\",\"targetGeneIds\":[\"PF3D7_0100100\",\"PF3D7_0100200\"],\"positiveControls\":[\"PF3D7_0100100\"]}");
        // a field's own rule is a 400; what its sweep type needs, or a parameter the experiment does not
        // have, a 422
        String[][] table = {
                {experiment.id(), "{\"parameterName\":\"min_molecular_weight\",\"sweepType\":\"categorical\"}", "/values", "422"},
                {experiment.id(), "{\"parameterName\":\"min_molecular_weight\",\"maxValue\":5}", "/minValue", "422"},
                {experiment.id(), "{\"parameterName\":\"min_molecular_weight\",\"minValue\":5}", "/maxValue", "422"},
                {experiment.id(), "{\"parameterName\":\"min_molecular_weight\",\"minValue\":9,\"maxValue\":5}", "/maxValue", "422"},
                {experiment.id(), "{\"parameterName\":\"min_molecular_weight\",\"minValue\":0,\"maxValue\":5,\"steps\":2}", "/steps", "400"},
                {experiment.id(), "{\"parameterName\":\"min_molecular_weight\",\"sweepType\":\"log\"}", "/sweepType", "400"},
                {experiment.id(), "{\"minValue\":0,\"maxValue\":5}", "/parameterName", "400"},
                {experiment.id(), "{\"parameterName\":\"p_value\",\"minValue\":0,\"maxValue\":5}", "/parameterName", "422"},
                {geneIds, "{\"parameterName\":\"organism\",\"sweepType\":\"categorical\",\"values\":[\"x\"]}", "/parameterName", "422"},
        };
        for (String[] row : table) {
            JsonNode problem = JSON.readTree(ExperimentApi.as(kim).body(row[1]).when()
                    .post("/api/v1/experiments/" + row[0] + "/threshold-sweep").then().statusCode(Integer.parseInt(row[3]))
                    .contentType("application/problem+json").extract().asString());
            assertEquals(row[2], problem.path("errors").get(0).path("pointer").asText(), row[1]);
        }
        ExperimentApi.as(ExperimentApi.newUser("other")).body("{\"parameterName\":\"min_molecular_weight\","
                + "\"minValue\":0,\"maxValue\":5}").when().post("/api/v1/experiments/" + experiment.id() + "/threshold-sweep")
                .then().statusCode(404);
    }
}
