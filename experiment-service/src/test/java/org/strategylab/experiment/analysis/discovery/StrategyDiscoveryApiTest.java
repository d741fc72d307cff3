package org.strategylab.experiment.analysis.discovery;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.strategylab.eventlog.EventEnvelope;
import org.strategylab.eventlog.index.OperationsIndex;
import org.strategylab.experiment.support.ExperimentApi;
import org.strategylab.experiment.support.OperationEvents;
import org.strategylab.experiment.support.UpstreamStackResource;
import org.strategylab.simulator.faults.ConcurrencyWatch;
import org.strategylab.simulator.faults.Latency;
import org.strategylab.testsupport.InProcessKafkaResource;

/**
 * Strategy discovery end to end: HTTP in, the command through Kafka, every site call through
 * upstream-gateway to the simulator, events on the operation's stream (checked against the event
 * contract as they are read). A planted target (the site's protein kinases of P. falciparum) is found
 * from controls sampled inside and outside it, scored as the issue scores it: the proposed strategy's
 * F1 against the target on the genes that were not controls. Then the budget stop, cancel, bad input
 * and another user's discovery.
 */
@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = UpstreamStackResource.class, restrictToAnnotatedClass = false)
class StrategyDiscoveryApiTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String PATH = "/api/v1/strategy-discovery";
    private static final Duration DISCOVERY = Duration.ofSeconds(120);
    /** upstream-gateway's control counts make one helper strategy per candidate. */
    private static final String STRATEGIES = "/strategies$";

    @Inject
    OperationEvents events;

    @Inject
    OperationsIndex index;

    @AfterEach
    void resetFaults() {
        UpstreamStackResource.simulator.faults().reset();
    }

    /** The planted target's genes, and controls: positives inside it, negatives of the same organism outside. */
    private record Planted(Set<String> truth, Set<String> genome, List<String> positives, List<String> negatives) {
    }

    private static Planted kinases(String user, int positives, int negatives) throws Exception {
        Set<String> truth = new LinkedHashSet<>(ExperimentApi.run(user, ExperimentApi.KINASES).ids());
        Set<String> genome = new LinkedHashSet<>(ExperimentApi.run(user, ExperimentApi.FALCIPARUM).ids());
        List<String> inside = new ArrayList<>(truth);
        List<String> outside = genome.stream().filter(g -> !truth.contains(g)).toList();
        List<String> pos = new ArrayList<>();
        for (int i = 0; i < positives; i++) {
            pos.add(inside.get(i * inside.size() / positives));
        }
        List<String> neg = new ArrayList<>();
        for (int i = 0; i < negatives; i++) {
            neg.add(outside.get(i * outside.size() / negatives));
        }
        return new Planted(truth, genome, pos, neg);
    }

    private static String body(Planted planted, String more) {
        return "{\"siteId\":\"plasmodb\",\"positiveControls\":" + ExperimentApi.json(planted.positives())
                + ",\"negativeControls\":" + ExperimentApi.json(planted.negatives()) + more + "}";
    }

    /** The genes a discovered step tree returns on the site: each search run, the operators applied. */
    private static Set<String> genes(String user, JsonNode tree) throws Exception {
        if (tree.has("searchName") && !tree.has("primaryInput")) {
            return new HashSet<>(ExperimentApi.run(user, tree.toString()).ids());
        }
        Set<String> left = genes(user, tree.path("primaryInput"));
        Set<String> right = genes(user, tree.path("secondaryInput"));
        switch (tree.path("operator").asText()) {
            case "INTERSECT" -> left.retainAll(right);
            case "UNION" -> left.addAll(right);
            case "MINUS" -> left.removeAll(right);
            default -> throw new AssertionError("unexpected operator in " + tree);
        }
        return left;
    }

    /** Text as the report's template writes it (Qute's HTML escaping). */
    private static String escaped(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;")
                .replace("'", "&#39;");
    }

    @Test
    void findsAPlantedTargetFromItsControlsWithAtMostThreeSiteCallsAtOnce() throws Exception {
        String ada = ExperimentApi.newUser("ada");
        Planted planted = kinases(ada, 12, 24);
        ConcurrencyWatch site = UpstreamStackResource.simulator.faults().watchConcurrency(STRATEGIES);
        UpstreamStackResource.simulator.faults().latency(STRATEGIES, Latency.fixed(Duration.ofMillis(150)));
        Response accepted = ExperimentApi.as(ada).body(body(planted, "")).when().post(PATH);
        accepted.then().statusCode(202);
        String id = accepted.jsonPath().getString("discoveryId");
        assertEquals(id, accepted.jsonPath().getString("operationId"));
        assertTrue(accepted.header("Location").endsWith(PATH + "/" + id), accepted.header("Location"));
        events.assertLogHeader(accepted, ada);

        List<EventEnvelope> log = events.awaitEnd(id, DISCOVERY);
        EventEnvelope end = log.get(log.size() - 1);
        assertEquals("discovery_complete", end.type(), OperationEvents.types(log).toString());
        assertTrue(site.peak() <= 3, "at most 3 site calls at once, saw " + site.peak());

        // progress: each phase, and one event per candidate counted
        List<JsonNode> progress = log.stream().filter(e -> e.type().equals("discovery_progress")).map(EventEnvelope::data)
                .toList();
        List<String> phases = progress.stream().map(p -> p.path("phase").asText()).distinct().toList();
        assertEquals(List.of("profiling", "candidates", "counting", "tuning", "combining", "result"), phases);
        JsonNode profile = progress.stream().filter(p -> p.has("profile")).findFirst().orElseThrow().path("profile");
        assertEquals("Plasmodium falciparum 3D7", profile.path("organisms").get(0).path("value").asText(), profile.toString());
        assertTrue(profile.path("productWords").toString().contains("kinase"), profile.toString());
        long counted = progress.stream().filter(p -> p.has("candidate")).count();
        JsonNode result = end.data().path("result");
        assertEquals(counted, result.path("candidates").size() + result.path("failedCandidates").size()
                + progress.stream().filter(p -> p.has("candidate") && p.path("candidate").path("positiveHits").asInt(-1) == 0
                && p.path("candidate").path("negativeHits").asInt(-1) == 0).count());

        // the result: the recommended strategy first, its tree runs on the site, F1 against the target
        assertFalse(result.path("budgetExhausted").asBoolean());
        assertTrue(result.path("siteCalls").asInt() <= result.path("budget").asInt());
        JsonNode chosen = result.path("strategies").get(0);
        assertTrue(chosen.path("chosen").asBoolean());
        assertNotNull(chosen.path("resultSize").numberValue(), chosen.toString());
        assertTrue(result.path("crossValidatedScore").isNumber());
        assertTrue(List.of("low", "moderate", "high").contains(result.path("overfittingLevel").asText()));
        assertTrue(chosen.path("bootstrap").has("f1Score"), chosen.toString());
        Set<String> found = genes(ada, chosen.path("stepTree"));
        assertEquals(chosen.path("resultSize").asLong(), found.size(), "the result size is the tree's on the site");
        Set<String> controls = new HashSet<>(planted.positives());
        controls.addAll(planted.negatives());
        int tp = 0;
        int fp = 0;
        int fn = 0;
        for (String gene : planted.genome()) {
            if (controls.contains(gene)) {
                continue;
            }
            boolean in = planted.truth().contains(gene);
            boolean proposed = found.contains(gene);
            tp += in && proposed ? 1 : 0;
            fp += !in && proposed ? 1 : 0;
            fn += in && !proposed ? 1 : 0;
        }
        double f1 = 2.0 * tp / (2.0 * tp + fp + fn);
        assertTrue(f1 >= 0.9, "F1 " + f1 + " of " + chosen.path("description").asText() + " against the planted target");

        // GET answers the same, for its owner only
        JsonNode view = JSON.readTree(ExperimentApi.as(ada).when().get(PATH + "/" + id).then().statusCode(200)
                .extract().asString());
        assertEquals("completed", view.path("status").asText());
        assertEquals(result, view.path("result"));
        assertEquals(12, view.path("request").path("positiveControls").size());
        ExperimentApi.as(ExperimentApi.newUser("eve")).when().get(PATH + "/" + id).then().statusCode(404)
                .contentType("application/problem+json");
        ExperimentApi.as(ada).when().get(PATH + "/not-a-uuid").then().statusCode(404);

        // its report: the recommended strategy and the cross-validated score as the JSON gives them, owner only
        Response report = ExperimentApi.as(ada).when().get(PATH + "/" + id + "/report");
        report.then().statusCode(200).contentType(containsString("text/html"))
                .header("Content-Security-Policy", containsString("default-src 'none'"));
        String html = report.asString();
        assertTrue(html.contains(escaped(chosen.path("description").asText())), html);
        assertTrue(html.contains("id=\"cross-validated-score\">" + String.format(java.util.Locale.ROOT, "%.4f",
                result.path("crossValidatedScore").asDouble()) + "<"), html);
        assertTrue(html.contains(escaped(result.path("candidates").get(0).path("label").asText())), html);
        assertFalse(html.contains("id=\"few-controls\""), "12 positives and 24 negatives are enough: " + html);
        ExperimentApi.as(ExperimentApi.newUser("eve")).when().get(PATH + "/" + id + "/report").then().statusCode(404)
                .contentType("application/problem+json");
        ExperimentApi.as(ada).when().get(PATH + "/not-a-uuid/report").then().statusCode(404)
                .contentType("application/problem+json");

        // the winner runs as an experiment as it is
        Response run = ExperimentApi.as(ada).body("{\"siteId\":\"plasmodb\",\"stepTree\":" + chosen.path("stepTree")
                + ",\"positiveControls\":" + ExperimentApi.json(planted.positives()) + "}").when()
                .post(ExperimentApi.EXPERIMENTS);
        run.then().statusCode(202);
    }

    @Test
    void theBudgetIsAHardStopAndTheBestSoFarIsReturned() throws Exception {
        String bo = ExperimentApi.newUser("bo");
        Planted planted = kinases(bo, 8, 12);
        Response accepted = ExperimentApi.as(bo).body(body(planted, ",\"budget\":20")).when().post(PATH);
        accepted.then().statusCode(202);
        String id = accepted.jsonPath().getString("discoveryId");
        List<EventEnvelope> log = events.awaitEnd(id, DISCOVERY);
        EventEnvelope end = log.get(log.size() - 1);
        assertEquals("discovery_complete", end.type());
        JsonNode result = end.data().path("result");
        assertTrue(result.path("budgetExhausted").asBoolean(), result.toString());
        assertEquals("budget", result.path("stopReason").asText());
        assertEquals(20, result.path("siteCalls").asInt());
        assertTrue(result.path("message").asText().contains("budget"), result.path("message").asText());
        // what it counted before the stop is combined: the best so far
        assertFalse(result.path("strategies").isEmpty(), result.toString());
        assertTrue(result.path("message").asText().contains("best found so far"), result.path("message").asText());
        // the report says the budget stopped it, and that 8 positives are few
        String html = ExperimentApi.as(bo).when().get(PATH + "/" + id + "/report").then().statusCode(200)
                .extract().asString();
        assertTrue(html.contains("id=\"budget-stop\"") && html.contains("Stopped by the budget"), html);
        assertTrue(html.contains("id=\"few-controls\""), html);
        log.stream().filter(e -> e.type().equals("discovery_progress"))
                .forEach(e -> assertTrue(e.data().path("siteCalls").asInt() <= 20, e.data().toString()));
    }

    @Test
    void aCancelledDiscoveryEndsCancelled() throws Exception {
        String cy = ExperimentApi.newUser("cy");
        Planted planted = kinases(cy, 6, 6);
        UpstreamStackResource.simulator.faults().latency(STRATEGIES, Latency.fixed(Duration.ofSeconds(4)));
        ConcurrencyWatch site = UpstreamStackResource.simulator.faults().watchConcurrency(STRATEGIES);
        String id = ExperimentApi.as(cy).body(body(planted, "")).when().post(PATH).then().statusCode(202)
                .extract().jsonPath().getString("discoveryId");
        Awaitility.await().atMost(Duration.ofSeconds(60)).until(() -> site.current() >= 1);
        // no report before it completes
        ExperimentApi.as(cy).when().get(PATH + "/" + id + "/report").then().statusCode(409)
                .contentType("application/problem+json").body("detail", containsString("running"));
        // someone else cannot cancel it
        assertFalse(index.requestCancel(UUID.fromString(id), "eve").await().atMost(Duration.ofSeconds(5)));
        index.requestCancel(UUID.fromString(id), cy).await().atMost(Duration.ofSeconds(5));
        List<EventEnvelope> log = events.awaitEnd(id, DISCOVERY);
        assertEquals("operation_cancelled", log.get(log.size() - 1).type(), OperationEvents.types(log).toString());
        Awaitility.await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> ExperimentApi.as(cy).when()
                .get(PATH + "/" + id).then().statusCode(200).body("status", equalTo("cancelled")));
        ExperimentApi.as(cy).when().get(PATH + "/" + id + "/report").then().statusCode(409)
                .contentType("application/problem+json").body("detail", containsString("cancelled"));
    }

    @Test
    void badInputIsRefusedNamingTheField() throws Exception {
        String di = ExperimentApi.newUser("di");
        Planted planted = kinases(di, 4, 4);
        String good = body(planted, "");
        String[][] bad = {
                {good.replace("\"siteId\":\"plasmodb\",", ""), "/siteId", "400"},
                {good.replace("\"siteId\":\"plasmodb\"", "\"siteId\":\"nosuchdb\""), "/siteId", "422"},
                {body(planted, ",\"objective\":\"vibes\""), "/objective", "400"},
                {body(planted, ",\"maxSteps\":0"), "/maxSteps", "400"},
                {body(planted, ",\"maxSteps\":6"), "/maxSteps", "400"},
                {body(planted, ",\"budget\":5"), "/budget", "400"},
                {body(planted, ",\"budget\":100000"), "/budget", "400"},
                {body(planted, ",\"objective\":\"recall_at_precision\""), "/precisionFloor", "422"},
                {body(planted, ",\"precisionFloor\":0.8"), "/precisionFloor", "422"},
                {body(planted, ",\"precisionFloor\":1.5,\"objective\":\"recall_at_precision\""), "/precisionFloor", "400"},
                {body(planted, ",\"maxSteps\":\"three\""), "/maxSteps", "400"},
                // too few controls: two positives
                {"{\"siteId\":\"plasmodb\",\"positiveControls\":" + ExperimentApi.json(planted.positives().subList(0, 2))
                        + "}", "/positiveControls", "422"},
                // a control in both lists
                {"{\"siteId\":\"plasmodb\",\"positiveControls\":" + ExperimentApi.json(planted.positives())
                        + ",\"negativeControls\":[\"" + planted.positives().get(0) + "\"]}", "/negativeControls", "422"},
                {"{\"siteId\":\"plasmodb\"}", "/positiveControls", "422"},
        };
        for (String[] row : bad) {
            ExperimentApi.as(di).body(row[0]).when().post(PATH).then()
                    .statusCode(Integer.parseInt(row[2])).contentType("application/problem+json")
                    .body("errors.pointer", hasItem(row[1]));
        }
        // unknown genes are named: with too few known positives the refusal names them
        List<String> unknown = List.of("PF3D7_NOPE001", "PF3D7_NOPE002");
        List<String> positives = new ArrayList<>(planted.positives().subList(0, 2));
        positives.addAll(unknown);
        String refusal = ExperimentApi.as(di).body("{\"siteId\":\"plasmodb\",\"positiveControls\":"
                        + ExperimentApi.json(positives) + "}").when().post(PATH).then().statusCode(422)
                .extract().asString();
        assertTrue(refusal.contains("PF3D7_NOPE001") && refusal.contains("PF3D7_NOPE002"), refusal);
        // and a discovery that starts says which it left out, lowercase and transcript IDs resolved
        List<String> typed = new ArrayList<>(planted.positives());
        typed.set(0, typed.get(0).toLowerCase(java.util.Locale.ROOT));
        typed.add("PF3D7_NOPE003");
        Response accepted = ExperimentApi.as(di).body("{\"siteId\":\"plasmodb\",\"positiveControls\":"
                + ExperimentApi.json(typed) + ",\"negativeControls\":" + ExperimentApi.json(planted.negatives())
                + ",\"budget\":20}").when().post(PATH);
        accepted.then().statusCode(202);
        JsonNode view = JSON.readTree(ExperimentApi.as(di).when().get(PATH + "/" + accepted.jsonPath()
                .getString("discoveryId")).then().statusCode(200).extract().asString());
        assertEquals(List.of("PF3D7_NOPE003"), JSON.convertValue(view.path("controlResolution").path("positives")
                .path("unknown"), List.class));
        assertEquals(planted.positives(), JSON.convertValue(view.path("request").path("positiveControls"), List.class));
        events.awaitEnd(accepted.jsonPath().getString("operationId"), DISCOVERY);
    }
}
