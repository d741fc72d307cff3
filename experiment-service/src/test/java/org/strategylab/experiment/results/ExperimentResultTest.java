package org.strategylab.experiment.results;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.strategylab.experiment.support.ExperimentApi;
import org.strategylab.experiment.support.OperationEvents;
import org.strategylab.experiment.support.UpstreamStackResource;
import org.strategylab.testsupport.InProcessKafkaResource;

/** Browsing, refining and re-evaluating an experiment's result on the site. */
@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = UpstreamStackResource.class, restrictToAnnotatedClass = false)
class ExperimentResultTest {

    static final String EXPERIMENTS = "/api/v1/experiments/";

    @Inject
    OperationEvents events;

    @Test
    void recordsCarryTheirClassificationAndARefineIsReEvaluatedOnTheNewStep() throws Exception {
        String lena = ExperimentApi.newUser("lena");
        ExperimentApi.SearchAnswer kinases = ExperimentApi.run(lena, ExperimentApi.KINASES);
        ExperimentApi.SearchAnswer secreted = ExperimentApi.run(lena, ExperimentApi.SIGNAL_PEPTIDE);
        ExperimentApi.SearchAnswer all = ExperimentApi.run(lena, ExperimentApi.FALCIPARUM);
        List<String> others = new ArrayList<>(all.ids());
        others.removeAll(new HashSet<>(kinases.ids()));
        List<String> positives = new ArrayList<>(kinases.ids().subList(0, 6));
        positives.add(others.get(0));
        List<String> negatives = List.of(kinases.ids().get(6), others.get(1));
        String id = run(lena, "{\"siteId\":\"plasmodb\",\"searchName\":\"GenesByGoTerm\",\"parameters\":{\"organism\":"
                + "[\"Plasmodium falciparum 3D7\"],\"go_typeahead\":[\"GO:0004672\"]},\"positiveControls\":" + ExperimentApi.json(positives)
                + ",\"negativeControls\":" + ExperimentApi.json(negatives) + "}");

        JsonPath attributes = ExperimentApi.as(lena).when().get(EXPERIMENTS + id + "/results/attributes").then()
                .statusCode(200).body("recordType", equalTo("transcript")).body("attributes.name", hasItem("gene_product"))
                .extract().jsonPath();
        // a column the site lists as one it cannot summarise: an empty answer, statistics included (spec §7.6)
        String unsummarised = attributes.getString("attributes.find { !it.hasDistribution }.name");
        assertTrue(unsummarised != null, "the site lists a column without a distribution");
        ExperimentApi.as(lena).when().get(EXPERIMENTS + id + "/results/distributions/" + unsummarised).then()
                .statusCode(200).body("column", equalTo(unsummarised)).body("supported", equalTo(false))
                .body("histogram", equalTo(List.of())).body("statistics", equalTo(Map.of()));
        ExperimentApi.as(lena).when().get(EXPERIMENTS + id + "/results/distributions/gene_type").then()
                .statusCode(200).body("supported", equalTo(true)).body("statistics.subsetSize", org.hamcrest.Matchers.greaterThan(0));
        JsonPath page = ExperimentApi.as(lena).when().get(EXPERIMENTS + id + "/results/records?limit=500&sort=gene_product&dir=DESC")
                .then().statusCode(200).extract().jsonPath();
        assertEquals(kinases.count(), page.getLong("meta.totalCount"));
        List<Map<String, Object>> records = page.getList("records");
        Set<String> labelled = new HashSet<>();
        for (Map<String, Object> record : records) {
            String gene = (String) record.get("id");
            Object label = record.get("_classification");
            if (positives.contains(gene)) {
                assertEquals("TP", label, gene);
            } else if (negatives.contains(gene)) {
                assertEquals("FP", label, gene);
            } else {
                assertEquals(null, label, gene);
            }
            if (label != null) {
                labelled.add(gene);
            }
        }
        assertEquals(7, labelled.size(), "six true positives and one false positive on the page");

        @SuppressWarnings("unchecked")
        Map<String, String> key = (Map<String, String>) records.stream().filter(r -> "TP".equals(r.get("_classification")))
                .findFirst().orElseThrow().get("primaryKey");
        StringBuilder parts = new StringBuilder("[");
        key.forEach((name, value) -> parts.append(parts.length() > 1 ? "," : "").append("{\"name\":\"").append(name)
                .append("\",\"value\":\"").append(value).append("\"}"));
        ExperimentApi.as(lena).body("{\"primaryKey\":" + parts + "],\"attributes\":[\"gene_product\"]}")
                .when().post(EXPERIMENTS + id + "/results/record").then().statusCode(200)
                .body("_classification", equalTo("TP"));
        ExperimentApi.as(lena).when().get(EXPERIMENTS + id + "/results/distributions/no_such_column")
                .then().statusCode(200).body("supported", equalTo(false));

        long firstStep = ExperimentApi.as(lena).when().get(EXPERIMENTS + id).then().extract().jsonPath().getLong("upstreamStepId");
        long newStep = ExperimentApi.as(lena).body("{\"action\":\"combine\",\"searchName\":\"GenesWithSignalPeptide\","
                        + "\"parameters\":{\"organism\":[\"Plasmodium falciparum 3D7\"]},\"operator\":\"INTERSECT\"}")
                .when().post(EXPERIMENTS + id + "/refine").then().statusCode(200).body("success", equalTo(true))
                .extract().jsonPath().getLong("newStepId");
        assertNotEquals(firstStep, newStep);
        ExperimentApi.as(lena).when().get(EXPERIMENTS + id).then().statusCode(200)
                .body("metricsStale", equalTo(true)).body("config.mode", equalTo("multi-step"))
                .body("upstreamStepId", equalTo((int) newStep));

        Set<String> both = new HashSet<>(kinases.ids());
        both.retainAll(new HashSet<>(secreted.ids()));
        long expectedTp = positives.stream().filter(both::contains).count();
        long expectedFp = negatives.stream().filter(both::contains).count();
        JsonPath reEvaluated = ExperimentApi.as(lena).when().post(EXPERIMENTS + id + "/re-evaluate").then().statusCode(200)
                .body("metricsStale", equalTo(false)).extract().jsonPath();
        assertEquals(expectedTp, reEvaluated.getLong("metrics.confusionMatrix.truePositives"));
        assertEquals(expectedFp, reEvaluated.getLong("metrics.confusionMatrix.falsePositives"));
        assertEquals(both.size(), reEvaluated.getInt("rankMetrics.totalResults"));
    }

    @Test
    void aGeneIdExperimentHasNoRecordsButReEvaluatesAgainstItsEditedControlSet() {
        String mia = ExperimentApi.newUser("mia");
        String set = ExperimentApi.as(mia).body("{\"name\":\"set\",\"siteId\":\"plasmodb\",\"positiveIds\":[\"PF3D7_0100100\",\"PF3D7_0100200\"]}")
                .when().post("/api/v1/control-sets").then().statusCode(201).extract().path("id");
        String id = run(mia, "{\"siteId\":\"plasmodb\",\"targetGeneIds\":[\"PF3D7_0100100\",\"PF3D7_0100300\"],\"controlSetId\":\"" + set + "\"}");
        ExperimentApi.as(mia).when().get(EXPERIMENTS + id).then().body("metrics.confusionMatrix.truePositives", equalTo(1))
                .body("controlSetLabel", equalTo("set"));
        ExperimentApi.as(mia).when().get(EXPERIMENTS + id + "/results/records").then().statusCode(409)
                .body("code", equalTo("NO_UPSTREAM_STEP"));
        ExperimentApi.as(mia).body("{\"action\":\"combine\",\"searchName\":\"GenesByTaxon\"}").when()
                .post(EXPERIMENTS + id + "/refine").then().statusCode(409);

        ExperimentApi.as(mia).body("{\"positiveIds\":[\"PF3D7_0100100\",\"PF3D7_0100200\",\"PF3D7_0100300\"]}").when().patch("/api/v1/control-sets/" + set)
                .then().statusCode(200);
        ExperimentApi.as(mia).when().post(EXPERIMENTS + id + "/re-evaluate").then().statusCode(200)
                .body("metrics.confusionMatrix.truePositives", equalTo(2))
                .body("config.positiveControls", equalTo(List.of("PF3D7_0100100", "PF3D7_0100200", "PF3D7_0100300")));
    }

    @Test
    void badResultRequestsAreRefusedAndAnotherUsersAreNotFound() {
        String nora = ExperimentApi.newUser("nora");
        String id = run(nora, "{\"siteId\":\"plasmodb\",\"searchName\":\"GenesByTaxon\",\"parameters\":{\"organism\":"
                + "[\"Plasmodium falciparum 3D7\"]},\"positiveControls\":[\"PF3D7_0100100\"]}");
        ExperimentApi.as(nora).when().get(EXPERIMENTS + id + "/results/records?dir=UP").then().statusCode(400)
                .body("errors.pointer", equalTo(List.of("dir")));
        ExperimentApi.as(nora).when().get(EXPERIMENTS + id + "/results/records?limit=501").then().statusCode(400);
        ExperimentApi.as(nora).body("{\"action\":\"merge\"}").when().post(EXPERIMENTS + id + "/refine").then().statusCode(400);
        ExperimentApi.as(nora).body("{\"action\":\"combine\"}").when().post(EXPERIMENTS + id + "/refine").then().statusCode(422)
                .body("errors.pointer", hasItem("/searchName"));
        ExperimentApi.as(nora).body("{\"action\":\"combine\",\"searchName\":\"GenesByTaxon\",\"operator\":\"XOR\"}")
                .when().post(EXPERIMENTS + id + "/refine").then().statusCode(400).body("errors.pointer", hasItem("/operator"));
        ExperimentApi.as(nora).body("{\"action\":\"combine\",\"searchName\":\"GenesByTaxon\",\"parameters\":{\"organism\":[\"Nosuchia\"]}}")
                .when().post(EXPERIMENTS + id + "/refine").then().statusCode(422).body("errors.pointer", hasItem("/parameters/organism"));
        // an unknown search is the caller's input, named as POST /experiments names it; not the site's 404
        ExperimentApi.as(nora).body("{\"action\":\"combine\",\"searchName\":\"GenesByNothing\"}")
                .when().post(EXPERIMENTS + id + "/refine").then().statusCode(422).contentType("application/problem+json")
                .body("errors.pointer", equalTo(List.of("/searchName")));
        ExperimentApi.as(nora).body("{\"action\":\"transform\",\"transformName\":\"GenesByNothing\"}")
                .when().post(EXPERIMENTS + id + "/refine").then().statusCode(422)
                .body("errors.pointer", equalTo(List.of("/transformName")));
        ExperimentApi.as(nora).body("{\"action\":\"transform\"}").when().post(EXPERIMENTS + id + "/refine").then().statusCode(422)
                .body("errors.pointer", hasItem("/transformName"));
        ExperimentApi.as(nora).body("{\"primaryKey\":[]}").when().post(EXPERIMENTS + id + "/results/record").then().statusCode(400);

        String other = ExperimentApi.newUser("other");
        for (String path : List.of("/results/attributes", "/results/records", "/results/distributions/gene_product")) {
            ExperimentApi.as(other).when().get(EXPERIMENTS + id + path).then().statusCode(404);
        }
        ExperimentApi.as(other).body("{\"primaryKey\":[{\"name\":\"source_id\",\"value\":\"x\"}]}")
                .when().post(EXPERIMENTS + id + "/results/record").then().statusCode(404);
        ExperimentApi.as(other).body("{\"action\":\"combine\",\"searchName\":\"GenesByTaxon\"}")
                .when().post(EXPERIMENTS + id + "/refine").then().statusCode(404);
        ExperimentApi.as(other).when().post(EXPERIMENTS + id + "/re-evaluate").then().statusCode(404);
        ExperimentApi.as(nora).when().get(EXPERIMENTS + id).then().body("metricsStale", not(equalTo(true)));
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
