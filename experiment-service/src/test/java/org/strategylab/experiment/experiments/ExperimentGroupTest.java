package org.strategylab.experiment.experiments;

import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.strategylab.experiment.support.ExperimentApi;
import org.strategylab.eventlog.EventEnvelope;
import org.strategylab.experiment.support.OperationEvents;
import org.strategylab.experiment.support.UpstreamStackResource;
import org.strategylab.testsupport.InProcessKafkaResource;

/** Batches (one search per organism) and benchmarks (one search, several control sets) end to end. */
@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = UpstreamStackResource.class, restrictToAnnotatedClass = false)
class ExperimentGroupTest {

    static final String TAXON = "{\"searchName\":\"GenesByTaxon\",\"parameters\":{\"organism\":[\"Plasmodium falciparum 3D7\"]}}";

    @Inject
    OperationEvents events;

    @Test
    void aBatchRunsTheSearchForEachOrganismWithItsOwnControls() throws Exception {
        String erin = ExperimentApi.newUser("erin");
        ExperimentApi.SearchAnswer falciparum = ExperimentApi.run(erin, TAXON);
        ExperimentApi.SearchAnswer vivax = ExperimentApi.run(erin,
                TAXON.replace("Plasmodium falciparum 3D7", "Plasmodium vivax P01"));
        List<String> pf = falciparum.ids().subList(0, 4);
        List<String> pv = vivax.ids().subList(0, 3);
        String body = "{\"base\":{\"name\":\"taxa\",\"siteId\":\"plasmodb\",\"searchName\":\"GenesByTaxon\","
                + "\"parameters\":{},\"positiveControls\":" + ExperimentApi.json(pf) + ",\"negativeControls\":" + ExperimentApi.json(pv) + "},"
                + "\"organismParamName\":\"organism\",\"targetOrganisms\":[{\"organism\":\"Plasmodium falciparum 3D7\"},"
                + "{\"organism\":\"Plasmodium vivax P01\",\"positiveControls\":" + ExperimentApi.json(pv) + ",\"negativeControls\":"
                + ExperimentApi.json(pf) + "}]}";
        io.restassured.response.Response answer = ExperimentApi.as(erin).body(body).when().post("/api/v1/experiments/batch")
                .then().statusCode(202).body("batchId", notNullValue()).body("experimentIds", hasSize(2))
                .extract().response();
        events.assertLogHeader(answer, erin);
        JsonPath started = answer.jsonPath();
        List<EventEnvelope> log = events.awaitEnd(started.getString("operationId"), ExperimentApi.RUN);
        List<String> types = OperationEvents.types(log);
        assertEquals("batch_complete", types.get(types.size() - 1));
        assertTrue(types.stream().filter("experiment_progress"::equals).count() >= 6, "both members report progress");
        JsonNode complete = log.get(log.size() - 1).data();
        assertEquals(started.getString("batchId"), complete.path("batchId").asText());
        assertEquals(2, complete.path("experiments").size());
        for (JsonNode member : complete.path("experiments")) {
            // each organism finds all of its own positives and none of its negatives
            assertEquals("completed", member.path("status").asText());
            assertEquals(1.0, member.path("metrics").path("sensitivity").asDouble());
            assertEquals(1.0, member.path("metrics").path("specificity").asDouble());
        }
        ExperimentApi.as(erin).when().get("/api/v1/experiments?batchId=" + started.getString("batchId"))
                .then().statusCode(200).body("total", equalTo(2))
                .body("items.name", hasItem("taxa — Plasmodium vivax P01"))
                .body("items.batchId", contains(started.getString("batchId"), started.getString("batchId")));
    }

    @Test
    void aBenchmarkEvaluatesOneSearchAgainstEachControlSet() throws Exception {
        String finn = ExperimentApi.newUser("finn");
        ExperimentApi.SearchAnswer falciparum = ExperimentApi.run(finn, TAXON);
        ExperimentApi.SearchAnswer vivax = ExperimentApi.run(finn,
                TAXON.replace("Plasmodium falciparum 3D7", "Plasmodium vivax P01"));
        String stored = ExperimentApi.as(finn).body("{\"name\":\"stored\",\"siteId\":\"plasmodb\",\"positiveIds\":"
                        + ExperimentApi.json(vivax.ids().subList(0, 2)) + "}")
                .when().post("/api/v1/control-sets").then().statusCode(201).extract().path("id");
        String body = "{\"base\":{\"siteId\":\"plasmodb\",\"searchName\":\"GenesByTaxon\",\"parameters\":"
                + "{\"organism\":[\"Plasmodium falciparum 3D7\"]}},\"controlSets\":["
                + "{\"label\":\"good\",\"positiveControls\":" + ExperimentApi.json(falciparum.ids().subList(0, 3)) + "},"
                + "{\"label\":\"stored\",\"controlSetId\":\"" + stored + "\",\"isPrimary\":true}]}";
        JsonPath started = ExperimentApi.as(finn).body(body).when().post("/api/v1/experiments/benchmark")
                .then().statusCode(202).body("benchmarkId", notNullValue()).extract().jsonPath();
        List<EventEnvelope> log = events.awaitEnd(started.getString("operationId"), ExperimentApi.RUN);
        JsonNode complete = log.get(log.size() - 1).data();
        assertEquals("benchmark_complete", log.get(log.size() - 1).type());
        List<String> labels = new ArrayList<>();
        complete.path("experiments").forEach(member -> labels.add(member.path("controlSetLabel").asText()));
        assertEquals(List.of("good", "stored"), labels);
        assertEquals(1.0, complete.path("experiments").get(0).path("metrics").path("sensitivity").asDouble());
        assertEquals(0.0, complete.path("experiments").get(1).path("metrics").path("sensitivity").asDouble());
        assertTrue(complete.path("experiments").get(1).path("isPrimaryBenchmark").asBoolean());
        assertTrue(!complete.path("experiments").get(0).path("isPrimaryBenchmark").asBoolean());
    }

    @Test
    void aBadMemberIsNamedWhereTheCallerWroteIt() {
        String gail = ExperimentApi.newUser("gail");
        ExperimentApi.as(gail).body("{\"base\":{\"siteId\":\"plasmodb\",\"searchName\":\"GenesByTaxon\","
                        + "\"parameters\":{},\"positiveControls\":[\"PF3D7_0100100\"]},\"organismParamName\":\"organism\","
                        + "\"targetOrganisms\":[{\"organism\":\"Plasmodium falciparum 3D7\"},{\"organism\":\"Nosuchia nonexistens\"},"
                        + "{\"organism\":\"Plasmodium vivax P01\",\"positiveControls\":[\"A\"],\"negativeControls\":[\"A\"]}]}")
                .when().post("/api/v1/experiments/batch")
                .then().statusCode(422).contentType("application/problem+json")
                .body("errors.pointer", hasItem("/targetOrganisms/1/organism"))
                .body("errors.pointer", hasItem("/targetOrganisms/2/negativeControls"));
        ExperimentApi.as(gail).body("{\"base\":{\"siteId\":\"plasmodb\",\"searchName\":\"GenesByTaxon\","
                        + "\"parameters\":{\"organism\":[\"Plasmodium falciparum 3D7\"]}},\"controlSets\":["
                        + "{\"label\":\"a\",\"positiveControls\":[\"PF3D7_0100100\"]},{\"label\":\"b\",\"positiveControls\":[\"PF3D7_0100100\"],\"isPrimary\":true},"
                        + "{\"label\":\"c\",\"positiveControls\":[\"PF3D7_0100100\"],\"isPrimary\":true}]}")
                .when().post("/api/v1/experiments/benchmark")
                .then().statusCode(422).body("errors.pointer", hasItem("/controlSets"));
        ExperimentApi.as(gail).body("{\"base\":{\"siteId\":\"plasmodb\",\"searchName\":\"GenesByTaxon\","
                        + "\"parameters\":{\"organism\":[\"Plasmodium falciparum 3D7\"]}},\"controlSets\":["
                        + "{\"label\":\"a\",\"positiveControls\":[]}]}")
                .when().post("/api/v1/experiments/benchmark")
                .then().statusCode(400).body("errors.pointer", hasItem("/controlSets/0/positiveControls"));
    }

    @Test
    void aSeedRunLeavesDemoStrategiesOnTheSiteAndADemoControlSetToExperimentWith() {
        String kim = ExperimentApi.newUser("kim");
        ExperimentApi.as(kim).when().post("/api/v1/experiments/seed").then().statusCode(400)
                .body("errors.pointer", hasItem("siteId"));
        ExperimentApi.as(kim).when().post("/api/v1/experiments/seed?siteId=nosuch").then().statusCode(422);
        JsonPath started = ExperimentApi.as(kim).when().post("/api/v1/experiments/seed?siteId=plasmodb")
                .then().statusCode(202).extract().jsonPath();
        List<EventEnvelope> log = events.awaitEnd(started.getString("operationId"), ExperimentApi.RUN);
        List<String> types = OperationEvents.types(log);
        assertEquals("seed_complete", types.get(types.size() - 1), "events: " + types);
        assertEquals(3, types.stream().filter("seed_strategy_complete"::equals).count(), "events: " + types);
        JsonNode complete = log.get(log.size() - 1).data();
        assertEquals(3, complete.path("strategiesCreated").asInt());
        assertEquals(1, complete.path("controlSetsCreated").asInt());
        assertEquals(0, complete.path("failed").asInt());

        String upstream = org.eclipse.microprofile.config.ConfigProvider.getConfig()
                .getValue("quarkus.rest-client.upstream-gateway.url", String.class);
        io.restassured.RestAssured.given().header("Authorization", org.strategylab.testsupport.TestTokens.bearer(kim))
                .when().get(upstream + "/internal/v1/sites/plasmodb/strategies")
                .then().statusCode(200).body("items.name", hasItem("Demo: secreted protein kinases of Plasmodium falciparum 3D7"));
        JsonPath sets = ExperimentApi.as(kim).when().get("/api/v1/control-sets?siteId=plasmodb&tags=demo")
                .then().statusCode(200).body("total", equalTo(1)).extract().jsonPath();
        assertTrue(sets.getList("items[0].positiveIds").size() > 0, "kinases as positives");
        assertTrue(sets.getList("items[0].negativeIds").size() > 0, "other genes as negatives");

        // the demo set drives an experiment of the demo search: every positive found, no negative
        JsonPath run = ExperimentApi.as(kim).body("{\"siteId\":\"plasmodb\",\"searchName\":\"GenesByGoTerm\",\"parameters\":"
                        + "{\"organism\":[\"Plasmodium falciparum 3D7\"],\"go_typeahead\":[\"GO:0004672\"]},\"controlSetId\":\""
                        + sets.getString("items[0].id") + "\"}")
                .when().post("/api/v1/experiments").then().statusCode(202).extract().jsonPath();
        events.awaitEnd(run.getString("operationId"), ExperimentApi.RUN);
        JsonPath experiment = ExperimentApi.as(kim).when().get("/api/v1/experiments/" + run.getString("experimentId"))
                .then().statusCode(200).body("status", equalTo("completed"))
                .body("controlSetLabel", equalTo("Demo: protein kinases vs. other genes of Plasmodium falciparum 3D7"))
                .extract().jsonPath();
        assertEquals(1.0, experiment.getDouble("metrics.sensitivity"), 1e-9);
        assertEquals(1.0, experiment.getDouble("metrics.specificity"), 1e-9);
    }

}
