package org.strategylab.experiment.analysis.parameteroptimization;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.strategylab.experiment.support.ExperimentApi;
import org.strategylab.experiment.support.OperationEvents;
import org.strategylab.experiment.support.UpstreamStackResource;
import org.strategylab.testsupport.InProcessKafkaResource;

/**
 * Optimisation only over what can vary (issue 38): a search with nothing numeric, or a knob naming a
 * parameter the search lacks or cannot vary, is refused up front naming the field; a parameter the
 * site declares whole-numbered is tried at whole numbers within its range; the objective is the
 * caller's, validated and kept with the result.
 */
@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = UpstreamStackResource.class, restrictToAnnotatedClass = false)
class ExperimentOptimisationInputsTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String PF = "Plasmodium falciparum 3D7";

    @Inject
    OperationEvents events;

    private String experiment(String user, String search, String parameters) throws Exception {
        String searchJson = "{\"searchName\":\"" + search + "\",\"parameters\":{\"organism\":[\"" + PF + "\"]" + parameters + "}}";
        List<String> ids = ExperimentApi.run(user, searchJson).ids().stream().sorted().limit(4).toList();
        assertEquals(4, ids.size(), "the search finds genes to use as controls");
        JsonPath run = ExperimentApi.as(user).body("{\"siteId\":\"plasmodb\",\"searchName\":\"" + search
                        + "\",\"parameters\":{\"organism\":[\"" + PF + "\"]" + parameters + "},\"positiveControls\":"
                        + ExperimentApi.json(ids.subList(0, 3)) + ",\"negativeControls\":" + ExperimentApi.json(ids.subList(3, 4))
                        + "}")
                .when().post("/api/v1/experiments").then().statusCode(202).extract().jsonPath();
        events.awaitEnd(run.getString("operationId"), ExperimentApi.RUN);
        return run.getString("experimentId");
    }

    private static String knob(String param, String min, String max) {
        return "{\"thresholdKnobs\":[{\"stepId\":\"step-1\",\"paramName\":\"" + param + "\",\"minVal\":" + min
                + ",\"maxVal\":" + max + "}]";
    }

    @Test
    void aSearchWithNoNumericParameterIsRefusedNamingTheFieldAndWhy() throws Exception {
        String ivy = ExperimentApi.newUser("ivy");
        String id = experiment(ivy, "GenesWithSignalPeptide", "");
        for (String param : List.of("", "organism")) {
            ExperimentApi.as(ivy).body(knob(param, "0", "1") + ",\"objective\":\"f1\",\"budget\":5}").when()
                    .post("/api/v1/experiments/" + id + "/tree-optimization").then().statusCode(422)
                    .contentType("application/problem+json")
                    .body("errors[0].pointer", equalTo("/thresholdKnobs/0/paramName"))
                    .body("errors[0].message", containsString("GenesWithSignalPeptide has no numeric parameter to tune"));
        }
        ExperimentApi.as(ivy).body("{\"specs\":[{\"name\":\"organism\",\"type\":\"numeric\",\"min\":0,\"max\":1}]}")
                .when().post("/api/v1/experiments/" + id + "/parameter-optimization").then().statusCode(422)
                .contentType("application/problem+json")
                .body("errors[0].pointer", equalTo("/specs/0/name"))
                .body("errors[0].message", containsString("has no numeric parameter to tune"));
        // the same refusal when the optimisation comes with the experiment (as the assistant's tool asks for it)
        ExperimentApi.as(ivy).body("{\"siteId\":\"plasmodb\",\"searchName\":\"GenesWithSignalPeptide\","
                        + "\"parameters\":{\"organism\":[\"" + PF + "\"]},\"positiveControls\":[\"PF3D7_0100200\"],"
                        + "\"optimizationSpecs\":[{\"name\":\"organism\",\"type\":\"numeric\",\"min\":0,\"max\":1}]}")
                .when().post("/api/v1/experiments").then().statusCode(422)
                .body("errors[0].pointer", equalTo("/optimizationSpecs/0/name"))
                .body("errors[0].message", containsString("GenesWithSignalPeptide has no numeric parameter to tune"));
        // nothing ran: the experiment has no optimisation
        ExperimentApi.as(ivy).when().get("/api/v1/experiments/" + id).then().statusCode(200)
                .body("treeOptimization", equalTo(null)).body("optimizationResult", equalTo(null));
        // someone else's experiment stays a 404, whatever the body
        ExperimentApi.as(ExperimentApi.newUser("mallory")).body(knob("", "0", "1") + "}").when()
                .post("/api/v1/experiments/" + id + "/tree-optimization").then().statusCode(404);
    }

    @Test
    void aParameterTheSearchLacksOrCannotVaryIsRefusedNamingIt() throws Exception {
        String jo = ExperimentApi.newUser("jo");
        String id = experiment(jo, "GenesByExonCount", ",\"scope\":\"Gene\",\"num_exons_gte\":\"1\",\"num_exons_lte\":\"3\"");
        ExperimentApi.as(jo).body(knob("max_exons", "1", "5") + "}").when()
                .post("/api/v1/experiments/" + id + "/tree-optimization").then().statusCode(422)
                .body("errors[0].pointer", equalTo("/thresholdKnobs/0/paramName"))
                .body("errors[0].message", containsString("'max_exons' is not a parameter of search GenesByExonCount"));
        ExperimentApi.as(jo).body(knob("scope", "1", "5") + "}").when()
                .post("/api/v1/experiments/" + id + "/tree-optimization").then().statusCode(422)
                .body("errors[0].pointer", equalTo("/thresholdKnobs/0/paramName"))
                .body("errors[0].message", containsString("'scope' of search GenesByExonCount is not numeric"));
        ExperimentApi.as(jo).body("{\"specs\":[{\"name\":\"scope\",\"type\":\"integer\",\"min\":0,\"max\":3}]}")
                .when().post("/api/v1/experiments/" + id + "/parameter-optimization").then().statusCode(422)
                .body("errors[0].pointer", equalTo("/specs/0/name"))
                .body("errors[0].message", containsString("is not numeric"));
        ExperimentApi.as(jo).body(knob("num_exons_lte", "1", "6") + ",\"objective\":\"vibes\"}").when()
                .post("/api/v1/experiments/" + id + "/tree-optimization").then().statusCode(400)
                .body("errors[0].pointer", equalTo("/objective"));
    }

    @Test
    void aWholeNumberedParameterIsTriedAtWholeNumbersWithinItsRangeUnderTheChosenObjective() throws Exception {
        String kit = ExperimentApi.newUser("kit");
        String id = experiment(kit, "GenesByExonCount", ",\"scope\":\"Gene\",\"num_exons_gte\":\"1\",\"num_exons_lte\":\"3\"");
        JsonPath started = ExperimentApi.as(kit).body(knob("num_exons_lte", "0.5", "6.7")
                        + ",\"objective\":\"mcc\",\"budget\":12}").when()
                .post("/api/v1/experiments/" + id + "/tree-optimization").then().statusCode(202).extract().jsonPath();
        events.awaitEnd(started.getString("operationId"), ExperimentApi.RUN);
        JsonNode stored = JSON.readTree(ExperimentApi.as(kit).when().get("/api/v1/experiments/" + id).then()
                .statusCode(200).extract().asString()).path("treeOptimization");
        assertEquals("mcc", stored.path("objective").asText(), "the objective the caller chose is kept and shown");
        assertEquals(12, stored.path("allTrials").size());
        List<Long> values = new ArrayList<>();
        for (JsonNode trial : stored.path("allTrials")) {
            JsonNode value = trial.path("parameters").path("step-1:num_exons_lte");
            assertTrue(value.isIntegralNumber(), "a whole number, not " + value);
            assertTrue(value.asLong() >= 1 && value.asLong() <= 6, "within [1, 6]: " + value);
            assertEquals("complete", trial.path("status").asText(), trial.toString());
            values.add(value.asLong());
        }
        assertEquals(3L, values.get(0), "trial 1 is the search as configured");

        // the parameter optimiser too: a numeric spec of a whole-numbered parameter is tuned as an integer
        JsonPath tuned = ExperimentApi.as(kit).body("{\"specs\":[{\"name\":\"num_exons_gte\",\"type\":\"numeric\","
                        + "\"min\":0.2,\"max\":4.8}],\"objective\":\"f1\",\"budget\":6,\"method\":\"random\"}").when()
                .post("/api/v1/experiments/" + id + "/parameter-optimization").then().statusCode(202).extract().jsonPath();
        events.awaitEnd(tuned.getString("operationId"), ExperimentApi.RUN);
        JsonNode result = JSON.readTree(ExperimentApi.as(kit).when().get("/api/v1/experiments/" + id).then()
                .statusCode(200).extract().asString()).path("optimizationResult");
        assertEquals("f1", result.path("objective").asText());
        assertTrue(result.path("allTrials").size() > 0, result.toString());
        for (JsonNode trial : result.path("allTrials")) {
            JsonNode value = trial.path("parameters").path("num_exons_gte");
            assertTrue(value.isIntegralNumber() && value.asLong() >= 1 && value.asLong() <= 4, "whole, in [1, 4]: " + value);
        }
    }
}
