package org.strategylab.experiment.analysis.parameteroptimization;

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
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.strategylab.experiment.support.ExperimentApi;
import org.strategylab.evaluation.ids.ControlSets;
import org.strategylab.evaluation.json.EvaluationJson;
import org.strategylab.evaluation.model.OptimizationSpec;
import org.strategylab.evaluation.model.ParameterOptimizationResult;
import org.strategylab.evaluation.model.StepTreeNode;
import org.strategylab.evaluation.optimization.ParameterOptimizer;
import org.strategylab.evaluation.stepanalysis.TreeEvaluation;
import org.strategylab.eventlog.EventEnvelope;
import org.strategylab.experiment.run.StepTrees;
import org.strategylab.experiment.support.OperationEvents;
import org.strategylab.experiment.support.UpstreamStackResource;
import org.strategylab.testsupport.InProcessKafkaResource;

/**
 * Parameter optimisation of a search on the simulated site: the trials, scores and best trial equal
 * evaluation-core's optimiser run on the same search evaluated from the genes the site returns for
 * each setting; progress follows {@code api-contract.md} §5.8; bad requests name their field.
 */
@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = UpstreamStackResource.class, restrictToAnnotatedClass = false)
class ExperimentParameterOptimizationTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String PF = "Plasmodium falciparum 3D7";
    private static final String SPECS = "[{\"name\":\"max_molecular_weight\",\"type\":\"integer\",\"min\":20000,"
            + "\"max\":60000,\"step\":10000},{\"name\":\"min_molecular_weight\",\"type\":\"categorical\","
            + "\"choices\":[\"5000\",\"15000\"]}]";

    @Inject
    OperationEvents events;

    private static String search(String min, String max) {
        return "{\"searchName\":\"GenesByMolecularWeight\",\"parameters\":{\"organism\":[\"" + PF + "\"],"
                + "\"min_molecular_weight\":\"" + min + "\",\"max_molecular_weight\":\"" + max + "\"}}";
    }

    @Test
    void theTrialsOfASearchEqualEvaluationCoreOnTheSitesGenesAndLandOnTheExperiment() throws Exception {
        String ada = ExperimentApi.newUser("ada");
        // positives weigh 15–30 kDa, negatives 30–50 kDa: a maximum of 30 kDa separates them
        Set<String> light = new HashSet<>(ExperimentApi.run(ada, search("15000", "30000")).ids());
        Set<String> heavy = new HashSet<>(ExperimentApi.run(ada, search("30001", "50000")).ids());
        heavy.removeAll(light);
        List<String> positives = light.stream().sorted().limit(6).toList();
        List<String> negatives = heavy.stream().sorted().limit(6).toList();
        assertEquals(6, positives.size());
        assertEquals(6, negatives.size());
        JsonPath run = ExperimentApi.as(ada).body("{\"siteId\":\"plasmodb\",\"searchName\":\"GenesByMolecularWeight\","
                        + "\"parameters\":{\"organism\":[\"" + PF + "\"],\"min_molecular_weight\":\"5000\","
                        + "\"max_molecular_weight\":\"60000\"},\"positiveControls\":" + ExperimentApi.json(positives)
                        + ",\"negativeControls\":" + ExperimentApi.json(negatives) + "}")
                .when().post("/api/v1/experiments").then().statusCode(202).extract().jsonPath();
        events.awaitEnd(run.getString("operationId"), ExperimentApi.RUN);
        String id = run.getString("experimentId");

        // a field's own rule is a 400; a parameter the site's search does not have, a 422
        String[][] bad = {
                {"{\"specs\":[]}", "/specs", "400"},
                {"{\"specs\":[{\"name\":\"max_weight\",\"type\":\"numeric\",\"min\":0,\"max\":1}]}", "/specs/0/name", "422"},
                {"{\"specs\":[{\"name\":\"max_molecular_weight\",\"type\":\"numeric\",\"max\":1}]}", "/specs/0/min", "400"},
                {"{\"specs\":" + SPECS + ",\"budget\":500}", "/budget", "400"},
                {"{\"specs\":" + SPECS + ",\"objective\":\"vibes\"}", "/objective", "400"},
                {"{\"specs\":" + SPECS + ",\"method\":\"annealing\"}", "/method", "400"},
        };
        for (String[] row : bad) {
            ExperimentApi.as(ada).body(row[0]).when().post("/api/v1/experiments/" + id + "/parameter-optimization")
                    .then().statusCode(Integer.parseInt(row[2])).contentType("application/problem+json")
                    .body("errors[0].pointer", equalTo(row[1]));
        }
        ExperimentApi.as(ExperimentApi.newUser("eve")).body("{\"specs\":" + SPECS + "}").when()
                .post("/api/v1/experiments/" + id + "/parameter-optimization").then().statusCode(404);

        JsonPath started = ExperimentApi.as(ada).body("{\"specs\":" + SPECS + ",\"objective\":\"balanced_accuracy\","
                        + "\"budget\":8,\"method\":\"grid\"}")
                .when().post("/api/v1/experiments/" + id + "/parameter-optimization").then().statusCode(202)
                .extract().jsonPath();
        List<EventEnvelope> log = events.awaitEnd(started.getString("operationId"), ExperimentApi.RUN);
        List<JsonNode> progress = log.stream().map(e -> e.data().path("trialProgress")).filter(p -> !p.isMissingNode())
                .toList();
        assertEquals("started", progress.get(0).path("status").asText());
        assertEquals(6, progress.get(0).path("positiveControlsCount").asInt());
        assertEquals("GenesByMolecularWeight", progress.get(0).path("searchName").asText());
        assertEquals(2, progress.get(0).path("parameterSpace").size());
        JsonNode last = progress.get(progress.size() - 1);
        assertEquals("completed", last.path("status").asText());
        assertEquals(started.getString("operationId"), last.path("optimizationId").asText());
        assertTrue(progress.stream().anyMatch(p -> "running".equals(p.path("status").asText())
                && p.path("trial").has("score") && p.path("recentTrials").isArray()));

        // the reference: the same optimiser over the genes the site returns for each setting
        ControlSets controls = ControlSets.of(positives, negatives);
        StepTreeNode base = StepTrees.fromJson(JSON.readTree(search("5000", "60000")));
        ParameterOptimizationResult expected = new ParameterOptimizer(tree -> {
            try {
                Set<String> genes = new HashSet<>(ExperimentApi.run(ada, StepTrees.toJson(tree).toString()).ids());
                List<String> tp = positives.stream().filter(genes::contains).toList();
                List<String> fp = negatives.stream().filter(genes::contains).toList();
                return new TreeEvaluation(genes.size(), tp.size(), positives.size(), fp.size(), negatives.size(), tp, fp, null);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }, controls, null).optimise(new ParameterOptimizer.Request(base, null, List.of(
                new OptimizationSpec("max_molecular_weight", "integer", 20000.0, 60000.0, 10000.0, null),
                new OptimizationSpec("min_molecular_weight", "categorical", null, null, null, List.of("5000", "15000"))),
                "balanced_accuracy", 8, "grid", null, 4, null), null);
        JsonNode stored = JSON.readTree(ExperimentApi.as(ada).when().get("/api/v1/experiments/" + id).then()
                .statusCode(200).extract().asString()).path("optimizationResult");
        JsonNode wanted = EvaluationJson.mapper().valueToTree(expected);
        assertEquals(wanted.path("allTrials").size(), stored.path("allTrials").size(), stored.toString());
        for (int i = 0; i < wanted.path("allTrials").size(); i++) {
            JsonNode trial = stored.path("allTrials").get(i);
            JsonNode want = wanted.path("allTrials").get(i);
            assertEquals(want.path("parameters").toString(), trial.path("parameters").toString(), "trial " + i);
            assertEquals(want.path("score").asDouble(), trial.path("score").asDouble(), 1e-12, "trial " + i);
            assertEquals(want.path("positiveHits").asInt(), trial.path("positiveHits").asInt(), "trial " + i);
            assertEquals(want.path("negativeHits").asInt(), trial.path("negativeHits").asInt(), "trial " + i);
        }
        assertEquals(wanted.path("bestTrial").path("trialNumber"), stored.path("bestTrial").path("trialNumber"));
        assertEquals(1.0, stored.path("bestTrial").path("score").asDouble(), 1e-12, "15–30 kDa separates the controls");
        assertEquals(30000, stored.path("bestTrial").path("parameters").path("max_molecular_weight").asInt());
        assertEquals(wanted.path("paretoFrontier").size(), stored.path("paretoFrontier").size());
        assertEquals(wanted.path("sensitivity"), stored.path("sensitivity"));
        assertEquals(started.getString("operationId"), stored.path("optimizationId").asText());

        // the report shows it
        String report = ExperimentApi.as(ada).when().get("/api/v1/experiments/" + id + "/export").then()
                .statusCode(200).extract().asString();
        assertTrue(report.contains("Parameter optimisation"), "the report has the optimisation section");
    }

    @Test
    void aRunWithOptimizationSpecsEndsWithItsOptimisationAndBadSpecsNameTheirField() throws Exception {
        String bo = ExperimentApi.newUser("bo");
        String body = "{\"siteId\":\"plasmodb\",\"searchName\":\"GenesByMolecularWeight\",\"parameters\":{\"organism\":[\""
                + PF + "\"],\"min_molecular_weight\":\"5000\",\"max_molecular_weight\":\"60000\"},"
                + "\"positiveControls\":[\"PF3D7_0100100\"],\"negativeControls\":[\"PF3D7_0100200\"],"
                + "\"optimizationSpecs\":" + SPECS + ",\"optimizationBudget\":5,\"optimizationObjective\":\"f1\"}";
        // a field's own rule (or its type) is a 400; a parameter the site's search does not have, or a
        // budget without specs, a 422
        String[][] bad = {
                {body.replace("\"max_molecular_weight\",\"type\"", "\"max_weight\",\"type\""), "/optimizationSpecs/0/name", "422"},
                {body.replace("\"optimizationBudget\":5", "\"optimizationBudget\":500"), "/optimizationBudget", "400"},
                {body.replace("\"f1\"", "\"vibes\""), "/optimizationObjective", "400"},
                {body.replace("\"min\":20000", "\"min\":\"low\""), "/optimizationSpecs/0/min", "400"},
                {body.replace("\"optimizationSpecs\":" + SPECS + ",", ""), "/optimizationBudget", "422"},
        };
        for (String[] row : bad) {
            ExperimentApi.as(bo).body(row[0]).when().post("/api/v1/experiments").then()
                    .statusCode(Integer.parseInt(row[2])).contentType("application/problem+json")
                    .body("errors[0].pointer", equalTo(row[1]));
        }
        JsonPath run = ExperimentApi.as(bo).body(body).when().post("/api/v1/experiments").then().statusCode(202)
                .extract().jsonPath();
        List<EventEnvelope> log = events.awaitEnd(run.getString("operationId"), ExperimentApi.RUN);
        List<String> statuses = new ArrayList<>();
        log.stream().filter(e -> e.data().has("trialProgress"))
                .forEach(e -> statuses.add(e.data().path("trialProgress").path("status").asText()));
        assertEquals("started", statuses.get(0), OperationEvents.types(log).toString());
        assertEquals("completed", statuses.get(statuses.size() - 1));
        JsonNode experiment = JSON.readTree(ExperimentApi.as(bo).when().get("/api/v1/experiments/"
                + run.getString("experimentId")).then().statusCode(200).extract().asString());
        assertEquals("completed", experiment.path("status").asText(), experiment.path("error").asText());
        assertEquals("f1", experiment.path("optimizationResult").path("objective").asText());
        assertTrue(experiment.path("optimizationResult").path("allTrials").size() >= 1);
        assertEquals(2, experiment.path("config").path("parameterOptimization").path("specs").size());

        // a gene list has no search to tune
        JsonPath genes = ExperimentApi.as(bo).body("{\"siteId\":\"plasmodb\",\"targetGeneIds\":[\"PF3D7_0100100\"],"
                + "\"positiveControls\":[\"PF3D7_0100100\"]}").when().post("/api/v1/experiments").then().statusCode(202)
                .extract().jsonPath();
        events.awaitEnd(genes.getString("operationId"), ExperimentApi.RUN);
        ExperimentApi.as(bo).body("{\"specs\":" + SPECS + "}").when()
                .post("/api/v1/experiments/" + genes.getString("experimentId") + "/parameter-optimization")
                .then().statusCode(409).body("code", equalTo("NO_STRATEGY"));
        ExperimentApi.as(bo).body(body.replace("\"siteId\"", "\"targetGeneIds\":[\"PF3D7_0100100\"],\"siteId\""))
                .when().post("/api/v1/experiments").then().statusCode(422)
                .body("errors.pointer", org.hamcrest.Matchers.hasItem("/optimizationSpecs"));
    }
}
