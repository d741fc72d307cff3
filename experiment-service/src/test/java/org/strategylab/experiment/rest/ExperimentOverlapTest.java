package org.strategylab.experiment.rest;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.strategylab.evaluation.json.EvaluationJson;
import org.strategylab.evaluation.overlap.ExperimentGenes;
import org.strategylab.evaluation.overlap.OverlapAnalysis;
import org.strategylab.experiment.support.OperationEvents;
import org.strategylab.experiment.support.UpstreamStackResource;
import org.strategylab.testsupport.InProcessKafkaResource;

/** Overlap of the caller's experiments: evaluation-core's numbers on their true and false positives. */
@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = UpstreamStackResource.class, restrictToAnnotatedClass = false)
class ExperimentOverlapTest {

    @Inject
    OperationEvents events;

    @Test
    void theOverlapOfTwoExperimentsIsEvaluationCoresOnTheirGenes() throws Exception {
        String quinn = ExperimentRunTest.newUser("quinn");
        String a = run(quinn, "first", List.of("PF3D7_0100100", "PF3D7_0100200", "PF3D7_0200100", "X"), List.of("PF3D7_0100100", "PF3D7_0100200", "PF3D7_0100300"), List.of("PF3D7_0200100", "PF3D7_0200200"));
        String b = run(quinn, "second", List.of("PF3D7_0100200", "PF3D7_0100300", "PF3D7_0200200"), List.of("PF3D7_0100100", "PF3D7_0100200", "PF3D7_0100300"), List.of("PF3D7_0200100", "PF3D7_0200200"));
        JsonNode answer = new ObjectMapper().readTree(ExperimentRunTest.as(quinn)
                .body("{\"experimentIds\":[\"" + a + "\",\"" + b + "\"]}").when().post("/api/v1/experiments/overlap")
                .then().statusCode(200).extract().asString());
        JsonNode expected = EvaluationJson.mapper().valueToTree(OverlapAnalysis.analyse(List.of(
                new ExperimentGenes(a, "first", List.of("PF3D7_0100100", "PF3D7_0100200"), List.of("PF3D7_0200100")),
                new ExperimentGenes(b, "second", List.of("PF3D7_0100200", "PF3D7_0100300"), List.of("PF3D7_0200200")))));
        assertEquals(expected, answer);
    }

    @Test
    void badOrForeignExperimentsAreRefused() {
        String rosa = ExperimentRunTest.newUser("rosa");
        String mine = run(rosa, "mine", List.of("PF3D7_0100100"), List.of("PF3D7_0100100"), List.of());
        String theirs = run(ExperimentRunTest.newUser("sam"), "theirs", List.of("PF3D7_0100100"), List.of("PF3D7_0100100"), List.of());
        ExperimentRunTest.as(rosa).body("{\"experimentIds\":[\"" + mine + "\",\"" + theirs + "\"]}")
                .when().post("/api/v1/experiments/overlap").then().statusCode(404).body("code", equalTo("EXPERIMENT_NOT_FOUND"));
        ExperimentRunTest.as(rosa).body("{\"experimentIds\":[\"" + mine + "\",\"" + mine + "\"]}")
                .when().post("/api/v1/experiments/overlap").then().statusCode(422).body("errors.pointer", hasItem("/experimentIds/1"));
        ExperimentRunTest.as(rosa).body("{\"experimentIds\":[\"" + mine + "\"]}")
                .when().post("/api/v1/experiments/overlap").then().statusCode(400);
    }

    private String run(String user, String name, List<String> targets, List<String> positives, List<String> negatives) {
        JsonPath started = ExperimentRunTest.as(user).body(Map.of("name", name, "siteId", "plasmodb", "targetGeneIds", targets,
                        "positiveControls", positives, "negativeControls", negatives))
                .when().post("/api/v1/experiments").then().statusCode(202).extract().jsonPath();
        events.awaitEnd(started.getString("operationId"), ExperimentRunTest.RUN);
        return started.getString("experimentId");
    }
}
