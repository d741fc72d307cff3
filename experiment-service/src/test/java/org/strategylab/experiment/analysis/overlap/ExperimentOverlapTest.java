package org.strategylab.experiment.analysis.overlap;

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
import org.strategylab.experiment.support.ExperimentApi;
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
        String quinn = ExperimentApi.newUser("quinn");
        String a = run(quinn, "first", List.of("PF3D7_0100100", "PF3D7_0100200", "PF3D7_0200100", "X"), List.of("PF3D7_0100100", "PF3D7_0100200", "PF3D7_0100300"), List.of("PF3D7_0200100", "PF3D7_0200200"));
        String b = run(quinn, "second", List.of("PF3D7_0100200", "PF3D7_0100300", "PF3D7_0200200"), List.of("PF3D7_0100100", "PF3D7_0100200", "PF3D7_0100300"), List.of("PF3D7_0200100", "PF3D7_0200200"));
        JsonNode answer = new ObjectMapper().readTree(ExperimentApi.as(quinn)
                .body("{\"experimentIds\":[\"" + a + "\",\"" + b + "\"]}").when().post("/api/v1/experiments/overlap")
                .then().statusCode(200).extract().asString());
        JsonNode expected = EvaluationJson.mapper().valueToTree(OverlapAnalysis.analyse(List.of(
                new ExperimentGenes(a, "first", List.of("PF3D7_0100100", "PF3D7_0100200"), List.of("PF3D7_0200100")),
                new ExperimentGenes(b, "second", List.of("PF3D7_0100200", "PF3D7_0100300"), List.of("PF3D7_0200200")))));
        // the answer names its basis beside the spec's fields
        assertEquals("predicted-positives", answer.path("basis").asText());
        assertEquals(true, answer.path("basisDescription").asText().contains("true and false positives"));
        ((com.fasterxml.jackson.databind.node.ObjectNode) answer).remove(List.of("basis", "basisDescription"));
        assertEquals(expected, answer);

        // on the result basis, every gene of each result (here the experiments' target genes) is compared
        JsonNode results = new ObjectMapper().readTree(ExperimentApi.as(quinn)
                .body("{\"experimentIds\":[\"" + a + "\",\"" + b + "\"],\"basis\":\"result\"}").when().post("/api/v1/experiments/overlap")
                .then().statusCode(200).extract().asString());
        assertEquals("result", results.path("basis").asText());
        assertEquals(true, results.path("basisDescription").asText().contains("every gene"));
        ((com.fasterxml.jackson.databind.node.ObjectNode) results).remove(List.of("basis", "basisDescription"));
        JsonNode everyGene = EvaluationJson.mapper().valueToTree(OverlapAnalysis.analyse(List.of(
                new ExperimentGenes(a, "first", List.of("PF3D7_0100100", "PF3D7_0100200", "PF3D7_0200100", "X"), List.of()),
                new ExperimentGenes(b, "second", List.of("PF3D7_0100200", "PF3D7_0100300", "PF3D7_0200200"), List.of()))));
        assertEquals(everyGene, results);
        // by hand: {0100100, 0100200, 0200100, X} and {0100200, 0100300, 0200200} share one gene of six
        assertEquals(1, results.path("pairwise").get(0).path("intersection").asInt());
        assertEquals(6, results.path("pairwise").get(0).path("union").asInt());
    }

    @Test
    void badOrForeignExperimentsAreRefused() {
        String rosa = ExperimentApi.newUser("rosa");
        String mine = run(rosa, "mine", List.of("PF3D7_0100100"), List.of("PF3D7_0100100"), List.of());
        String theirs = run(ExperimentApi.newUser("sam"), "theirs", List.of("PF3D7_0100100"), List.of("PF3D7_0100100"), List.of());
        ExperimentApi.as(rosa).body("{\"experimentIds\":[\"" + mine + "\",\"" + theirs + "\"]}")
                .when().post("/api/v1/experiments/overlap").then().statusCode(404).body("code", equalTo("EXPERIMENT_NOT_FOUND"));
        ExperimentApi.as(rosa).body("{\"experimentIds\":[\"" + mine + "\",\"" + mine + "\"]}")
                .when().post("/api/v1/experiments/overlap").then().statusCode(400).body("errors.pointer", hasItem("/experimentIds/1"));
        ExperimentApi.as(rosa).body("{\"experimentIds\":[\"" + mine + "\"]}")
                .when().post("/api/v1/experiments/overlap").then().statusCode(400);
        ExperimentApi.as(rosa).body("{\"experimentIds\":[\"" + mine + "\",\"" + mine + "2\"],\"basis\":\"everything\"}")
                .when().post("/api/v1/experiments/overlap").then().statusCode(400).contentType("application/problem+json")
                .body("errors.pointer", hasItem("/basis"));
        ExperimentApi.as(rosa).body("{\"experimentIds\":[\"" + mine + "\",\"" + theirs + "\"],\"basis\":\"result\"}")
                .when().post("/api/v1/experiments/overlap").then().statusCode(404).body("code", equalTo("EXPERIMENT_NOT_FOUND"));
    }

    private String run(String user, String name, List<String> targets, List<String> positives, List<String> negatives) {
        JsonPath started = ExperimentApi.as(user).body(Map.of("name", name, "siteId", "plasmodb", "targetGeneIds", targets,
                        "positiveControls", positives, "negativeControls", negatives))
                .when().post("/api/v1/experiments").then().statusCode(202).extract().jsonPath();
        events.awaitEnd(started.getString("operationId"), ExperimentApi.RUN);
        return started.getString("experimentId");
    }
}
