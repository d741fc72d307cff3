package org.strategylab.experiment.results;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasSize;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;
import org.strategylab.experiment.support.ExperimentApi;
import org.strategylab.experiment.support.OperationEvents;
import org.strategylab.experiment.support.UpstreamStackResource;
import org.strategylab.simulator.RequestJournal.RecordedRequest;
import org.strategylab.testsupport.InProcessKafkaResource;
import org.strategylab.testsupport.TestTokens;

/**
 * Refinements are versions (issue 38 item 4): a refine makes the experiment's next version and keeps
 * the one before unchanged (figures, enrichment tables, its strategy on the site), the list and the
 * experiment say which version they show and whether its figures are stale, and one undo puts the
 * previous version back.
 */
@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = UpstreamStackResource.class, restrictToAnnotatedClass = false)
class ExperimentVersionTest {

    static final String EXPERIMENTS = "/api/v1/experiments/";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String INTERSECT_SECRETED = "{\"action\":\"combine\",\"searchName\":\"GenesWithSignalPeptide\","
            + "\"parameters\":{\"organism\":[\"Plasmodium falciparum 3D7\"]},\"operator\":\"INTERSECT\"%s}";

    @Inject
    OperationEvents events;

    @Test
    void aRefineIsANewVersionTheOldOneStaysReadableAndUndoReturnsToIt() throws Exception {
        String lena = ExperimentApi.newUser("lena");
        ExperimentApi.SearchAnswer kinases = ExperimentApi.run(lena, ExperimentApi.KINASES);
        ExperimentApi.SearchAnswer secreted = ExperimentApi.run(lena, ExperimentApi.SIGNAL_PEPTIDE);
        ExperimentApi.SearchAnswer all = ExperimentApi.run(lena, ExperimentApi.FALCIPARUM);
        List<String> others = new ArrayList<>(all.ids());
        others.removeAll(new HashSet<>(kinases.ids()));
        List<String> positives = new ArrayList<>(kinases.ids().subList(0, 6));
        positives.add(others.get(0));
        List<String> negatives = List.of(kinases.ids().get(6), others.get(1));
        String id = run(lena, "{\"siteId\":\"plasmodb\",\"name\":\"GO kinases\",\"searchName\":\"GenesByGoTerm\",\"parameters\":"
                + "{\"organism\":[\"Plasmodium falciparum 3D7\"],\"go_typeahead\":[\"GO:0004672\"]},\"positiveControls\":"
                + ExperimentApi.json(positives) + ",\"negativeControls\":" + ExperimentApi.json(negatives) + "}");
        ExperimentApi.as(lena).body("{\"enrichmentTypes\":[\"go_process\"]}").when().post(EXPERIMENTS + id + "/enrich")
                .then().statusCode(200);
        JsonNode first = read(lena, EXPERIMENTS + id);
        assertEquals(1, first.path("version").asInt());
        assertTrue(first.path("refinement").isNull());
        assertEquals(1, first.path("versions").size(), "a new experiment has one version");
        assertTrue(first.path("enrichmentResults").get(0).path("terms").size() > 0, "version 1 has an enrichment table");
        long firstStrategy = first.path("upstreamStrategyId").asLong();
        long firstStep = first.path("upstreamStepId").asLong();

        // refine: version 2, with a strategy of its own; version 1's strategy is not touched on the site
        long mark = UpstreamStackResource.simulator.journal().mark();
        JsonPath refined = ExperimentApi.as(lena).body(INTERSECT_SECRETED.formatted(",\"version\":1"))
                .when().post(EXPERIMENTS + id + "/refine").then().statusCode(200)
                .body("success", equalTo(true)).body("experimentId", equalTo(id)).body("version", equalTo(2))
                .body("previousVersion", equalTo(1)).body("metricsStale", equalTo(true)).extract().jsonPath();
        long secondStep = refined.getLong("newStepId");
        assertNotEquals(firstStep, secondStep);
        List<RecordedRequest> siteCalls = UpstreamStackResource.simulator.journal().since(mark);
        assertTrue(siteCalls.stream().noneMatch(call -> !call.method().equals("GET")
                        && call.path().matches(".*/strategies/" + firstStrategy + "(/.*)?")),
                "version 1's strategy is left as it was: " + siteCalls.stream().map(c -> c.method() + " " + c.path()).toList());

        JsonNode second = read(lena, EXPERIMENTS + id);
        assertEquals(2, second.path("version").asInt());
        assertTrue(second.path("metricsStale").asBoolean(), "version 2's figures are version 1's until re-evaluated");
        assertEquals("multi-step", second.path("config").path("mode").asText());
        assertEquals(secondStep, second.path("upstreamStepId").asLong());
        long secondStrategy = second.path("upstreamStrategyId").asLong();
        assertNotEquals(firstStrategy, secondStrategy);
        assertEquals("GenesWithSignalPeptide", second.path("refinement").path("searchName").asText());
        assertEquals("INTERSECT", second.path("refinement").path("operator").asText());
        assertEquals(List.of(1, 2), versionNumbers(second));
        JsonNode listedFirst = second.path("versions").get(0);
        assertEquals(first.path("metrics").path("f1Score").asDouble(), listedFirst.path("f1Score").asDouble());
        assertEquals(false, listedFirst.path("current").asBoolean());
        assertEquals(firstStep, listedFirst.path("upstreamStepId").asLong());
        assertEquals(true, second.path("versions").get(1).path("current").asBoolean());
        assertEquals(true, second.path("versions").get(1).path("metricsStale").asBoolean());

        // the list says which version, and that its figures are stale
        JsonPath listed = ExperimentApi.as(lena).when().get(EXPERIMENTS).then().statusCode(200).extract().jsonPath();
        assertEquals(1, listed.getInt("total"), "versions are one experiment in the list");
        assertEquals(2, listed.getInt("items[0].version"));
        assertEquals(true, listed.getBoolean("items[0].metricsStale"));
        assertEquals("GenesWithSignalPeptide", listed.getString("items[0].refinement.searchName"));

        // version 2 re-evaluated and enriched: its own figures and tables; version 1 unchanged
        Set<String> both = new HashSet<>(kinases.ids());
        both.retainAll(new HashSet<>(secreted.ids()));
        JsonPath reEvaluated = ExperimentApi.as(lena).when().post(EXPERIMENTS + id + "/re-evaluate").then().statusCode(200)
                .body("metricsStale", equalTo(false)).body("version", equalTo(2)).extract().jsonPath();
        assertEquals(positives.stream().filter(both::contains).count(), reEvaluated.getLong("metrics.confusionMatrix.truePositives"));
        assertEquals(both.size(), reEvaluated.getInt("rankMetrics.totalResults"));
        ExperimentApi.as(lena).body("{\"enrichmentTypes\":[\"go_process\"]}").when().post(EXPERIMENTS + id + "/enrich")
                .then().statusCode(200);
        ExperimentApi.as(lena).when().get(EXPERIMENTS).then().body("items[0].metricsStale", equalTo(false))
                .body("items[0].version", equalTo(2));
        JsonNode secondEvaluated = read(lena, EXPERIMENTS + id);
        assertNotEquals(first.path("metrics"), secondEvaluated.path("metrics"), "the refined result has its own figures");

        JsonNode keptFirst = read(lena, EXPERIMENTS + id + "/versions/1");
        assertUnchanged(first, keptFirst);
        assertEquals(List.of(1, 2), versionNumbers(keptFirst));
        assertEquals(secondEvaluated.path("metrics"), read(lena, EXPERIMENTS + id + "/versions/2").path("metrics"));

        // a third version, undone: back at version 2 as it was (re-evaluated), version 3's strategy gone
        JsonPath third = ExperimentApi.as(lena).body("{\"action\":\"combine\",\"searchName\":\"GenesByTaxon\",\"parameters\":"
                        + "{\"organism\":[\"Plasmodium falciparum 3D7\"]},\"operator\":\"MINUS\"}")
                .when().post(EXPERIMENTS + id + "/refine").then().statusCode(200).body("version", equalTo(3)).extract().jsonPath();
        long thirdStrategy = read(lena, EXPERIMENTS + id).path("upstreamStrategyId").asLong();
        assertNotEquals(secondStep, third.getLong("newStepId"));
        JsonNode backAtSecond = undo(lena, id, "{\"version\":3}");
        assertEquals(2, backAtSecond.path("version").asInt());
        assertUnchanged(secondEvaluated, backAtSecond);
        assertEquals(List.of(1, 2), versionNumbers(backAtSecond));
        assertEquals(404, siteStrategyStatus(lena, thirdStrategy), "the undone version's strategy is deleted from the site");
        assertEquals(200, siteStrategyStatus(lena, secondStrategy));

        // undo again: version 1 exactly as it was, on its own strategy and step, whose records the site still has
        JsonNode backAtFirst = undo(lena, id, "");
        assertUnchanged(first, backAtFirst);
        assertEquals(List.of(1), versionNumbers(backAtFirst));
        assertEquals(404, siteStrategyStatus(lena, secondStrategy));
        assertEquals(200, siteStrategyStatus(lena, firstStrategy));
        ExperimentApi.as(lena).when().get(EXPERIMENTS + id + "/results/records?limit=1").then().statusCode(200)
                .body("meta.totalCount", equalTo((int) kinases.count())).body("meta.stepId", equalTo((int) firstStep))
                .body("meta.metricsStale", equalTo(false));
        ExperimentApi.as(lena).when().get(EXPERIMENTS).then().body("items[0].version", equalTo(1))
                .body("items[0].metricsStale", equalTo(false));
        ExperimentApi.as(lena).when().post(EXPERIMENTS + id + "/undo").then().statusCode(409)
                .contentType("application/problem+json").body("code", equalTo("NOTHING_TO_UNDO"));
        ExperimentApi.as(lena).when().get(EXPERIMENTS + id + "/versions/2").then().statusCode(404);
    }

    @Test
    void badVersionRequestsAreRefusedNamingTheFieldAndAnotherUsersAreNotFound() throws Exception {
        String nora = ExperimentApi.newUser("nora");
        String id = run(nora, "{\"siteId\":\"plasmodb\",\"searchName\":\"GenesByTaxon\",\"parameters\":{\"organism\":"
                + "[\"Plasmodium falciparum 3D7\"]},\"positiveControls\":[\"PF3D7_0100100\"]}");
        ExperimentApi.as(nora).body(INTERSECT_SECRETED.formatted(",\"version\":0")).when().post(EXPERIMENTS + id + "/refine")
                .then().statusCode(400).contentType("application/problem+json").body("errors.pointer", hasItem(containsString("version")));
        ExperimentApi.as(nora).body(INTERSECT_SECRETED.formatted(",\"version\":\"two\"")).when().post(EXPERIMENTS + id + "/refine")
                .then().statusCode(400).contentType("application/problem+json").body("errors.pointer", hasItem(containsString("version")));
        // a version the caller no longer sees: nothing changes
        ExperimentApi.as(nora).body(INTERSECT_SECRETED.formatted(",\"version\":2")).when().post(EXPERIMENTS + id + "/refine")
                .then().statusCode(409).body("code", equalTo("VERSION_CHANGED"));
        ExperimentApi.as(nora).body("{\"version\":1}").when().post(EXPERIMENTS + id + "/undo").then().statusCode(400)
                .contentType("application/problem+json").body("errors.pointer", hasItem(containsString("version")));
        ExperimentApi.as(nora).body("{\"version\":\"latest\"}").when().post(EXPERIMENTS + id + "/undo").then().statusCode(400)
                .contentType("application/problem+json").body("errors.pointer", hasItem(containsString("version")));
        ExperimentApi.as(nora).body("{\"versions\":2}").when().post(EXPERIMENTS + id + "/undo").then().statusCode(400)
                .contentType("application/problem+json");
        ExperimentApi.as(nora).when().post(EXPERIMENTS + id + "/undo").then().statusCode(409).body("code", equalTo("NOTHING_TO_UNDO"));
        for (String version : List.of("0", "2", "two")) {
            ExperimentApi.as(nora).when().get(EXPERIMENTS + id + "/versions/" + version).then().statusCode(404)
                    .contentType("application/problem+json");
        }
        ExperimentApi.as(nora).when().get(EXPERIMENTS + id + "/versions/1").then().statusCode(200).body("version", equalTo(1));
        ExperimentApi.as(nora).body(INTERSECT_SECRETED.formatted("")).when().post(EXPERIMENTS + id + "/refine")
                .then().statusCode(200).body("version", equalTo(2));

        // someone else's experiment is not found, whatever they ask of it, and stays as it is
        String other = ExperimentApi.newUser("other");
        ExperimentApi.as(other).body(INTERSECT_SECRETED.formatted(",\"version\":2")).when().post(EXPERIMENTS + id + "/refine")
                .then().statusCode(404);
        ExperimentApi.as(other).body("{\"version\":2}").when().post(EXPERIMENTS + id + "/undo").then().statusCode(404)
                .contentType("application/problem+json");
        ExperimentApi.as(other).when().post(EXPERIMENTS + id + "/undo").then().statusCode(404);
        for (String version : List.of("1", "2")) {
            ExperimentApi.as(other).when().get(EXPERIMENTS + id + "/versions/" + version).then().statusCode(404);
        }
        ExperimentApi.as(other).when().post(EXPERIMENTS + "00000000-0000-0000-0000-000000000000/undo").then().statusCode(404);
        ExperimentApi.as(nora).when().get(EXPERIMENTS + id).then().statusCode(200).body("version", equalTo(2))
                .body("versions", hasSize(2));

        // deleting the experiment deletes every version's strategy on the site
        JsonNode current = read(nora, EXPERIMENTS + id);
        long firstStrategy = read(nora, EXPERIMENTS + id + "/versions/1").path("upstreamStrategyId").asLong();
        long secondStrategy = current.path("upstreamStrategyId").asLong();
        ExperimentApi.as(nora).when().delete(EXPERIMENTS + id).then().statusCode(204);
        org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(30)).untilAsserted(() -> {
            assertEquals(404, siteStrategyStatus(nora, firstStrategy));
            assertEquals(404, siteStrategyStatus(nora, secondStrategy));
        });
    }

    /** Everything a version holds, compared with what it was: its figures, analyses, gene lists and place on the site. */
    private static void assertUnchanged(JsonNode expected, JsonNode actual) {
        for (String field : List.of("version", "status", "config", "metrics", "rankMetrics", "robustness", "enrichmentResults",
                "truePositiveGenes", "falseNegativeGenes", "falsePositiveGenes", "trueNegativeGenes", "controlResolution",
                "upstreamStrategyId", "upstreamStepId", "metricsStale", "resultCount", "refinement", "completedAt", "name")) {
            assertEquals(expected.path(field), actual.path(field), field);
        }
    }

    private static List<Integer> versionNumbers(JsonNode experiment) {
        List<Integer> numbers = new ArrayList<>();
        experiment.path("versions").forEach(version -> numbers.add(version.path("version").asInt()));
        return numbers;
    }

    private static JsonNode undo(String user, String id, String body) throws Exception {
        return JSON.readTree(ExperimentApi.as(user).body(body).when().post(EXPERIMENTS + id + "/undo")
                .then().statusCode(200).extract().asString());
    }

    private static JsonNode read(String user, String path) throws Exception {
        return JSON.readTree(ExperimentApi.as(user).when().get(path).then().statusCode(200).extract().asString());
    }

    /** What upstream-gateway answers the user for one of their strategies on the site: 200, or 404 once deleted. */
    private static int siteStrategyStatus(String user, long strategyId) {
        String upstream = ConfigProvider.getConfig().getValue("quarkus.rest-client.upstream-gateway.url", String.class);
        return given().header("Authorization", TestTokens.bearer(user)).when()
                .get(upstream + "/internal/v1/sites/plasmodb/strategies/" + strategyId).then().extract().statusCode();
    }

    private String run(String user, String body) {
        JsonPath started = ExperimentApi.as(user).body(body).when().post("/api/v1/experiments").then().statusCode(202)
                .extract().jsonPath();
        events.awaitEnd(started.getString("operationId"), ExperimentApi.RUN);
        String id = started.getString("experimentId");
        ExperimentApi.as(user).when().get(EXPERIMENTS + id).then().body("status", equalTo("completed"));
        return id;
    }
}
