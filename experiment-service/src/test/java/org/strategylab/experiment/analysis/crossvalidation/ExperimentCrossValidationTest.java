package org.strategylab.experiment.analysis.crossvalidation;

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
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.strategylab.experiment.support.ExperimentApi;
import org.strategylab.evaluation.cv.CrossValidator;
import org.strategylab.evaluation.cv.GeneIdEvaluator;
import org.strategylab.evaluation.ids.ControlSets;
import org.strategylab.evaluation.json.EvaluationJson;
import org.strategylab.evaluation.metrics.GeneIdClassifier;
import org.strategylab.evaluation.model.CrossValidationResult;
import org.strategylab.eventlog.EventEnvelope;
import org.strategylab.experiment.support.OperationEvents;
import org.strategylab.experiment.support.UpstreamStackResource;
import org.strategylab.testsupport.InProcessKafkaResource;

/** Cross-validation as a phase of a run and as an operation on an experiment that has run. */
@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = UpstreamStackResource.class, restrictToAnnotatedClass = false)
class ExperimentCrossValidationTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Inject
    OperationEvents events;

    @Test
    void aRunWithCrossValidationEqualsEvaluationCoreOnTheSameSets() throws Exception {
        String olga = ExperimentApi.newUser("olga");
        List<String> targets = List.of("PF3D7_0100100", "PF3D7_0100200", "PF3D7_0100300", "PF3D7_0100400", "PF3D7_0200100", "PF3D7_0200200", "X1");
        List<String> positives = List.of("PF3D7_0100100", "PF3D7_0100200", "PF3D7_0100300", "PF3D7_0100400", "PF3D7_0100500", "PF3D7_0100600");
        List<String> negatives = List.of("PF3D7_0200100", "PF3D7_0200200", "PF3D7_0200300", "PF3D7_0200400", "PF3D7_0200500");
        JsonPath started = ExperimentApi.as(olga).body(Map.of("siteId", "plasmodb", "targetGeneIds", targets,
                        "positiveControls", positives, "negativeControls", negatives, "enableCrossValidation", true,
                        "kFolds", 3))
                .when().post("/api/v1/experiments").then().statusCode(202).extract().jsonPath();
        List<EventEnvelope> log = events.awaitEnd(started.getString("operationId"), ExperimentApi.RUN);
        List<Integer> folds = new ArrayList<>();
        log.stream().filter(e -> e.data().has("cvFoldIndex")).forEach(e -> {
            folds.add(e.data().path("cvFoldIndex").asInt());
            assertEquals(3, e.data().path("cvTotalFolds").asInt());
            assertEquals("cross_validating", e.data().path("phase").asText());
        });
        assertEquals(List.of(0, 1, 2), folds);

        CrossValidationResult expected = CrossValidator.run(positives, negatives, 3, CrossValidator.DEFAULT_SEED,
                new GeneIdEvaluator(targets), GeneIdClassifier.metrics(targets, ControlSets.of(positives, negatives)), null);
        JsonNode stored = JSON.readTree(ExperimentApi.as(olga).when().get("/api/v1/experiments/" + started.getString("experimentId"))
                .then().statusCode(200).extract().asString()).path("crossValidation");
        JsonNode wanted = EvaluationJson.mapper().valueToTree(expected);
        assertEquals(wanted.path("k"), stored.path("k"));
        assertEquals(wanted.path("meanMetrics"), stored.path("meanMetrics"));
        assertEquals(wanted.path("stdMetrics"), stored.path("stdMetrics"));
        assertEquals(wanted.path("overfittingScore"), stored.path("overfittingScore"));
        for (int i = 0; i < 3; i++) {
            assertEquals(wanted.path("folds").get(i).path("metrics").path("confusionMatrix"),
                    stored.path("folds").get(i).path("metrics").path("confusionMatrix"));
            assertEquals(wanted.path("folds").get(i).path("positiveControlIds"), stored.path("folds").get(i).path("positiveControlIds"));
        }
    }

    @Test
    void aCompletedSearchExperimentIsCrossValidatedAsAnOperation() throws Exception {
        String pia = ExperimentApi.newUser("pia");
        ExperimentApi.SearchAnswer kinases = ExperimentApi.run(pia, ExperimentApi.KINASES);
        ExperimentApi.SearchAnswer all = ExperimentApi.run(pia, ExperimentApi.FALCIPARUM);
        List<String> others = new ArrayList<>(all.ids());
        others.removeAll(new HashSet<>(kinases.ids()));
        List<String> positives = new ArrayList<>(kinases.ids().subList(0, 5));
        positives.addAll(others.subList(0, 3));
        List<String> negatives = new ArrayList<>(others.subList(3, 8));
        negatives.add(kinases.ids().get(5));
        String body = "{\"siteId\":\"plasmodb\",\"searchName\":\"GenesByGoTerm\",\"parameters\":{\"organism\":"
                + "[\"Plasmodium falciparum 3D7\"],\"go_typeahead\":[\"GO:0004672\"]},\"positiveControls\":"
                + JSON.writeValueAsString(positives) + ",\"negativeControls\":" + JSON.writeValueAsString(negatives) + "}";
        JsonPath run = ExperimentApi.as(pia).body(body).when().post("/api/v1/experiments").then().statusCode(202)
                .extract().jsonPath();
        String id = run.getString("experimentId");
        events.awaitEnd(run.getString("operationId"), ExperimentApi.RUN);

        ExperimentApi.as(pia).body("{\"kFolds\":11}").when().post("/api/v1/experiments/" + id + "/cross-validate")
                .then().statusCode(400);
        ExperimentApi.as(ExperimentApi.newUser("other")).body("{}").when()
                .post("/api/v1/experiments/" + id + "/cross-validate").then().statusCode(404);
        io.restassured.response.Response answer = ExperimentApi.as(pia).body("{\"kFolds\":2}").when()
                .post("/api/v1/experiments/" + id + "/cross-validate")
                .then().statusCode(202).body("experimentId", equalTo(id)).extract().response();
        events.assertLogHeader(answer, pia);
        JsonPath cv = answer.jsonPath();
        List<EventEnvelope> log = events.awaitEnd(cv.getString("operationId"), ExperimentApi.RUN);
        List<String> types = OperationEvents.types(log);
        assertEquals(List.of("experiment_complete", "experiment_end"), types.subList(types.size() - 2, types.size()));

        // each fold counted as the same search would count it: the held-out controls it holds
        CrossValidationResult expected = CrossValidator.run(positives, negatives, 2, CrossValidator.DEFAULT_SEED,
                new GeneIdEvaluator(kinases.ids()), null, null);
        JsonNode stored = JSON.readTree(ExperimentApi.as(pia).when().get("/api/v1/experiments/" + id)
                .then().statusCode(200).extract().asString()).path("crossValidation");
        assertEquals(2, stored.path("k").asInt());
        JsonNode wanted = EvaluationJson.mapper().valueToTree(expected);
        for (int i = 0; i < 2; i++) {
            assertEquals(wanted.path("folds").get(i).path("metrics").path("confusionMatrix"),
                    stored.path("folds").get(i).path("metrics").path("confusionMatrix"));
            assertEquals((int) kinases.geneCount(), stored.path("folds").get(i).path("metrics").path("totalResults").asInt());
        }
        assertTrue(List.of("low", "moderate", "high").contains(stored.path("overfittingLevel").asText()));
    }
}
