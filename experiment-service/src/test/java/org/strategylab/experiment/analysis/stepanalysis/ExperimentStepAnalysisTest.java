package org.strategylab.experiment.analysis.stepanalysis;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;
import org.strategylab.experiment.support.ExperimentApi;
import org.strategylab.evaluation.ids.ControlSets;
import org.strategylab.evaluation.json.EvaluationJson;
import org.strategylab.evaluation.model.StepAnalysisResult;
import org.strategylab.evaluation.model.StepTreeNode;
import org.strategylab.evaluation.stepanalysis.NumericParameter;
import org.strategylab.evaluation.stepanalysis.StepAnalyzer;
import org.strategylab.evaluation.stepanalysis.TreeEvaluation;
import org.strategylab.eventlog.EventEnvelope;
import org.strategylab.experiment.run.StepTrees;
import org.strategylab.experiment.support.OperationEvents;
import org.strategylab.experiment.support.UpstreamStackResource;
import org.strategylab.testsupport.InProcessKafkaResource;
import org.strategylab.testsupport.TestTokens;

/**
 * Step analysis of a 3-leaf tree on the simulated site: every verdict, comparison and sweep equals
 * evaluation-core's analyzer run on the same trees counted from the leaves' own gene sets (each
 * search run on the site, the set operations done here).
 */
@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = UpstreamStackResource.class, restrictToAnnotatedClass = false)
class ExperimentStepAnalysisTest {

    static final String PF = "Plasmodium falciparum 3D7";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String TREE = "{\"operator\":\"INTERSECT\",\"primaryInput\":{\"operator\":\"UNION\","
            + "\"primaryInput\":{\"searchName\":\"GenesByGoTerm\",\"parameters\":{\"organism\":[\"" + PF + "\"],"
            + "\"go_typeahead\":[\"GO:0004672\"]}},\"secondaryInput\":{\"searchName\":\"GenesWithSignalPeptide\","
            + "\"parameters\":{\"organism\":[\"" + PF + "\"]}}},\"secondaryInput\":{\"searchName\":\"GenesByMolecularWeight\","
            + "\"parameters\":{\"organism\":[\"" + PF + "\"],\"min_molecular_weight\":\"10000\",\"max_molecular_weight\":\"50000\"}}}";

    @Inject
    OperationEvents events;

    @Test
    void theAnalysisOfAThreeLeafTreeEqualsEvaluationCoreOnTheLeavesOwnGeneSets() throws Exception {
        String lou = ExperimentApi.newUser("lou");
        Reference reference = new Reference(lou);
        StepTreeNode tree = StepTrees.fromJson(JSON.readTree(TREE));
        List<String> positives = new ArrayList<>();
        List<String> negatives = new ArrayList<>();
        controls(reference, tree, positives, negatives);
        JsonPath run = ExperimentApi.as(lou).body("{\"siteId\":\"plasmodb\",\"mode\":\"multi-step\",\"stepTree\":" + TREE
                        + ",\"positiveControls\":" + ExperimentApi.json(positives) + ",\"negativeControls\":"
                        + ExperimentApi.json(negatives) + "}")
                .when().post("/api/v1/experiments").then().statusCode(202).extract().jsonPath();
        String id = run.getString("experimentId");
        events.awaitEnd(run.getString("operationId"), ExperimentApi.RUN);

        JsonPath started = ExperimentApi.as(lou).body("{}").when().post("/api/v1/experiments/" + id + "/step-analysis")
                .then().statusCode(202).body("experimentId", equalTo(id)).extract().jsonPath();
        List<EventEnvelope> log = events.awaitEnd(started.getString("operationId"), ExperimentApi.RUN);
        List<String> phases = new ArrayList<>();
        log.stream().filter(e -> e.data().has("stepAnalysisProgress"))
                .forEach(e -> phases.add(e.data().path("stepAnalysisProgress").path("phase").asText()));
        assertEquals(List.of("step_evaluation", "operator_comparison", "contribution", "sensitivity"), phases);
        assertEquals("experiment_complete", log.get(log.size() - 2).type(), OperationEvents.types(log).toString());

        StepAnalysisResult expected = new StepAnalyzer(reference::evaluate, reference::numeric,
                ControlSets.of(positives, negatives)).analyse(tree, null);
        JsonNode stored = JSON.readTree(ExperimentApi.as(lou).when().get("/api/v1/experiments/" + id).then()
                .statusCode(200).extract().asString()).path("stepAnalysis");
        JsonNode wanted = EvaluationJson.mapper().valueToTree(expected);
        assertEquals(withoutSizes(wanted), withoutSizes(stored));
        // 10 positive and 6 negative controls: the verdicts carry the low-sample caveat
        assertEquals("LOW_SAMPLE", stored.path("warnings").path(0).path("code").asText(), stored.toString());
        assertEquals(3, stored.path("stepEvaluations").size());
        assertEquals(2, stored.path("operatorComparisons").size());
        assertEquals(3, stored.path("stepContributions").size());
        assertFalse(stored.path("parameterSensitivities").isEmpty(), "the molecular weight bounds are swept");
        // the analysis evaluates the same trees as the reference, so the counts it reports match the hits
        assertTrue(stored.path("stepEvaluations").get(0).path("positiveHits").asInt() > 0);
        // each step on its own is its search: its size in genes, the site's transcript rows beside them
        for (StepTreeNode leaf : org.strategylab.evaluation.stepanalysis.StrategyTree.leaves(tree)) {
            ExperimentApi.SearchAnswer own = ExperimentApi.run(lou, StepTrees.toJson(leaf).toString());
            JsonNode step = null;
            for (JsonNode s : stored.path("stepEvaluations")) {
                step = leaf.id().equals(s.path("stepId").asText()) ? s : step;
            }
            assertNotNull(step, leaf.id() + " in " + stored.path("stepEvaluations"));
            assertEquals(own.geneCount(), step.path("resultCount").asLong(), "genes of " + leaf.id());
            assertEquals(own.count(), step.path("transcriptCount").asLong(), "transcripts of " + leaf.id());
        }

        ExperimentApi.as(lou).body("{\"phases\":[\"contribution\",\"nope\"]}").when()
                .post("/api/v1/experiments/" + id + "/step-analysis").then().statusCode(400)
                .body("errors[0].pointer", equalTo("/phases/1"));
        ExperimentApi.as(ExperimentApi.newUser("other")).body("{}").when()
                .post("/api/v1/experiments/" + id + "/step-analysis").then().statusCode(404);
        String geneIds = completedGeneIds(lou);
        ExperimentApi.as(lou).body("{}").when().post("/api/v1/experiments/" + geneIds + "/step-analysis")
                .then().statusCode(409);
    }

    @Test
    void aRunWithStepAnalysisEndsWithTheAskedPhasesInTheirOrder() throws Exception {
        String max = ExperimentApi.newUser("max");
        Reference reference = new Reference(max);
        StepTreeNode tree = StepTrees.fromJson(JSON.readTree(TREE));
        List<String> positives = new ArrayList<>();
        List<String> negatives = new ArrayList<>();
        controls(reference, tree, positives, negatives);
        String body = "{\"siteId\":\"plasmodb\",\"mode\":\"multi-step\",\"stepTree\":" + TREE + ",\"positiveControls\":"
                + ExperimentApi.json(positives) + ",\"negativeControls\":" + ExperimentApi.json(negatives)
                + ",\"enableStepAnalysis\":true,\"stepAnalysisPhases\":[\"contribution\",\"step_evaluation\"]}";
        ExperimentApi.as(max).body(body.replace(",\"enableStepAnalysis\":true", "")).when().post("/api/v1/experiments")
                .then().statusCode(422).body("errors[0].pointer", equalTo("/stepAnalysisPhases"));
        JsonPath run = ExperimentApi.as(max).body(body).when().post("/api/v1/experiments").then().statusCode(202)
                .extract().jsonPath();
        List<EventEnvelope> log = events.awaitEnd(run.getString("operationId"), ExperimentApi.RUN);
        List<String> phases = new ArrayList<>();
        log.stream().filter(e -> e.data().has("stepAnalysisProgress"))
                .forEach(e -> phases.add(e.data().path("stepAnalysisProgress").path("phase").asText()));
        assertEquals(List.of("step_evaluation", "contribution"), phases);
        StepAnalysisResult expected = new StepAnalyzer(reference::evaluate, reference::numeric,
                ControlSets.of(positives, negatives)).analyse(tree,
                java.util.EnumSet.of(StepAnalyzer.Phase.STEP_EVALUATION, StepAnalyzer.Phase.CONTRIBUTION));
        JsonNode experiment = JSON.readTree(ExperimentApi.as(max).when().get("/api/v1/experiments/"
                + run.getString("experimentId")).then().statusCode(200).extract().asString());
        assertEquals("completed", experiment.path("status").asText());
        assertEquals(withoutSizes(EvaluationJson.mapper().valueToTree(expected)), withoutSizes(experiment.path("stepAnalysis")));
        assertEquals(0, experiment.path("stepAnalysis").path("operatorComparisons").size());
        assertEquals(3, experiment.path("stepAnalysis").path("stepContributions").size());
    }

    @Test
    void aTreeOptimisationRecordsTheSameTrialsAsEvaluationCoreAndHonoursK() throws Exception {
        String nia = ExperimentApi.newUser("nia");
        Reference reference = new Reference(nia);
        StepTreeNode tree = StepTrees.fromJson(JSON.readTree(TREE));
        List<String> positives = new ArrayList<>();
        List<String> negatives = new ArrayList<>();
        controls(reference, tree, positives, negatives);
        JsonPath run = ExperimentApi.as(nia).body("{\"siteId\":\"plasmodb\",\"mode\":\"multi-step\",\"stepTree\":" + TREE
                        + ",\"positiveControls\":" + ExperimentApi.json(positives) + ",\"negativeControls\":"
                        + ExperimentApi.json(negatives) + "}")
                .when().post("/api/v1/experiments").then().statusCode(202).extract().jsonPath();
        String id = run.getString("experimentId");
        events.awaitEnd(run.getString("operationId"), ExperimentApi.RUN);
        String knobs = "\"thresholdKnobs\":[{\"stepId\":\"step-5\",\"paramName\":\"max_molecular_weight\",\"minVal\":20000,"
                + "\"maxVal\":80000,\"stepSize\":10000}],\"operatorKnobs\":[{\"combineNodeId\":\"step-2\","
                + "\"options\":[\"UNION\",\"INTERSECT\"]}]";

        // a field's own rule is a 400; what needs the experiment's tree (a knob, its step), a 422
        String[][] bad = {
                {"{" + knobs + ",\"objective\":\"bogus\"}", "/objective", "400"},
                {"{" + knobs + ",\"budget\":3}", "/budget", "400"},
                {"{\"objective\":\"f1\"}", "/thresholdKnobs", "422"},
                {"{" + knobs.replace("step-5", "step-9") + "}", "/thresholdKnobs/0/stepId", "422"},
                {"{" + knobs.replace("\"step-2\"", "\"step-3\"") + "}", "/operatorKnobs/0/combineNodeId", "422"},
        };
        for (String[] row : bad) {
            ExperimentApi.as(nia).body(row[0]).when().post("/api/v1/experiments/" + id + "/tree-optimization")
                    .then().statusCode(Integer.parseInt(row[2])).contentType("application/problem+json")
                    .body("errors[0].pointer", equalTo(row[1]));
        }

        JsonPath started = ExperimentApi.as(nia).body("{" + knobs + ",\"objective\":\"f1\",\"budget\":8}").when()
                .post("/api/v1/experiments/" + id + "/tree-optimization").then().statusCode(202).extract().jsonPath();
        List<EventEnvelope> log = events.awaitEnd(started.getString("operationId"), ExperimentApi.RUN);
        List<String> statuses = new ArrayList<>();
        log.stream().filter(e -> e.data().has("trialProgress"))
                .forEach(e -> statuses.add(e.data().path("trialProgress").path("status").asText()));
        assertEquals("started", statuses.get(0));
        assertEquals("completed", statuses.get(statuses.size() - 1));
        assertTrue(statuses.contains("running"));

        List<org.strategylab.evaluation.model.ThresholdKnob> thresholds = List.of(
                new org.strategylab.evaluation.model.ThresholdKnob("step-5", "max_molecular_weight", 20000, 80000, 10000.0, null));
        List<org.strategylab.evaluation.model.OperatorKnob> operators = List.of(
                new org.strategylab.evaluation.model.OperatorKnob("step-2", List.of("UNION", "INTERSECT")));
        org.strategylab.evaluation.model.TreeOptimizationResult expected =
                new org.strategylab.evaluation.optimization.TreeKnobOptimizer(reference::evaluate, reference.controls)
                        .optimise(new org.strategylab.evaluation.optimization.TreeKnobOptimizer.Request(tree, thresholds,
                                operators, "f1", 8, null, null));
        JsonNode stored = JSON.readTree(ExperimentApi.as(nia).when().get("/api/v1/experiments/" + id).then()
                .statusCode(200).extract().asString()).path("treeOptimization");
        JsonNode wanted = EvaluationJson.mapper().valueToTree(expected);
        assertEquals(8, stored.path("allTrials").size());
        for (int i = 0; i < 8; i++) {
            JsonNode trial = stored.path("allTrials").get(i);
            JsonNode want = wanted.path("allTrials").get(i);
            assertEquals(want.path("parameters"), trial.path("parameters"), "trial " + i);
            assertEquals(want.path("score").asDouble(), trial.path("score").asDouble(), 1e-12, "trial " + i);
            assertEquals(want.path("status"), trial.path("status"), "trial " + i);
        }
        assertEquals(wanted.path("bestTrial").path("trialNumber"), stored.path("bestTrial").path("trialNumber"));
        assertEquals("f1", stored.path("objective").asText());

        // a rank objective is scored on each trial's ordered result at that K
        JsonPath ranked = ExperimentApi.as(nia).body("{" + knobs + ",\"objective\":\"precision_at_10\",\"budget\":5}")
                .when().post("/api/v1/experiments/" + id + "/tree-optimization").then().statusCode(202).extract().jsonPath();
        events.awaitEnd(ranked.getString("operationId"), ExperimentApi.RUN);
        JsonNode byRank = JSON.readTree(ExperimentApi.as(nia).when().get("/api/v1/experiments/" + id).then()
                .statusCode(200).extract().asString()).path("treeOptimization");
        assertEquals("precision_at_10", byRank.path("objective").asText());
        for (JsonNode trial : byRank.path("allTrials")) {
            assertEquals("complete", trial.path("status").asText(), trial.toString());
            assertEquals(trial.path("rankMetrics").path("precisionAtK").path("10").asDouble(), trial.path("score").asDouble(),
                    1e-12, trial.toString());
        }
    }

    @Test
    void aRunWithKnobsEndsWithItsTreeOptimisation() throws Exception {
        String oli = ExperimentApi.newUser("oli");
        Reference reference = new Reference(oli);
        StepTreeNode tree = StepTrees.fromJson(JSON.readTree(TREE));
        List<String> positives = new ArrayList<>();
        List<String> negatives = new ArrayList<>();
        controls(reference, tree, positives, negatives);
        String body = "{\"siteId\":\"plasmodb\",\"mode\":\"multi-step\",\"stepTree\":" + TREE + ",\"positiveControls\":"
                + ExperimentApi.json(positives) + ",\"negativeControls\":" + ExperimentApi.json(negatives)
                + ",\"thresholdKnobs\":[{\"stepId\":\"step-5\",\"paramName\":\"max_molecular_weight\",\"minVal\":20000,"
                + "\"maxVal\":80000,\"stepSize\":10000}],\"treeOptimizationObjective\":\"f1\",\"treeOptimizationBudget\":5}";
        // a field's own rule (or its type) is a 400; a step the tree does not have, a 422
        String[][] bad = {
                {body.replace("\"f1\"", "\"bogus\""), "/treeOptimizationObjective", "400"},
                {body.replace("\"step-5\"", "\"step-7\""), "/thresholdKnobs/0/stepId", "422"},
                {body.replace("\"treeOptimizationBudget\":5", "\"treeOptimizationBudget\":500"), "/treeOptimizationBudget", "400"},
                {body.replace("\"minVal\":20000", "\"minVal\":\"low\""), "/thresholdKnobs/0/minVal", "400"},
        };
        for (String[] row : bad) {
            ExperimentApi.as(oli).body(row[0]).when().post("/api/v1/experiments").then()
                    .statusCode(Integer.parseInt(row[2])).contentType("application/problem+json")
                    .body("errors[0].pointer", equalTo(row[1]));
        }
        ExperimentApi.as(oli).body("{\"siteId\":\"plasmodb\",\"targetGeneIds\":[\"PF3D7_0100100\"],\"positiveControls\":[\"PF3D7_0100100\"],"
                        + "\"operatorKnobs\":[{\"combineNodeId\":\"step-1\",\"options\":[\"UNION\"]}]}")
                .when().post("/api/v1/experiments").then().statusCode(422).body("errors[0].pointer", equalTo("/thresholdKnobs"));

        JsonPath run = ExperimentApi.as(oli).body(body).when().post("/api/v1/experiments").then().statusCode(202)
                .extract().jsonPath();
        List<EventEnvelope> log = events.awaitEnd(run.getString("operationId"), ExperimentApi.RUN);
        assertTrue(log.stream().anyMatch(e -> "completed".equals(e.data().path("trialProgress").path("status").asText())),
                OperationEvents.types(log).toString());
        org.strategylab.evaluation.model.TreeOptimizationResult expected =
                new org.strategylab.evaluation.optimization.TreeKnobOptimizer(reference::evaluate, reference.controls)
                        .optimise(new org.strategylab.evaluation.optimization.TreeKnobOptimizer.Request(tree, List.of(
                                new org.strategylab.evaluation.model.ThresholdKnob("step-5", "max_molecular_weight", 20000,
                                        80000, 10000.0, null)), List.of(), "f1", 5, null, null));
        JsonNode experiment = JSON.readTree(ExperimentApi.as(oli).when().get("/api/v1/experiments/"
                + run.getString("experimentId")).then().statusCode(200).extract().asString());
        assertEquals("completed", experiment.path("status").asText(), experiment.path("error").asText());
        JsonNode stored = experiment.path("treeOptimization");
        JsonNode wanted = EvaluationJson.mapper().valueToTree(expected);
        assertEquals(5, stored.path("allTrials").size());
        for (int i = 0; i < 5; i++) {
            assertEquals(wanted.path("allTrials").get(i).path("parameters"), stored.path("allTrials").get(i).path("parameters"));
            assertEquals(wanted.path("allTrials").get(i).path("score").asDouble(),
                    stored.path("allTrials").get(i).path("score").asDouble(), 1e-12);
        }
        assertEquals(wanted.path("bestTrial").path("trialNumber"), stored.path("bestTrial").path("trialNumber"));
    }

    @Test
    void theCallersStepIdsNameTheStepsThroughStorageAnalysisAndOptimisation() throws Exception {
        String pia = ExperimentApi.newUser("pia");
        Reference reference = new Reference(pia);
        ObjectNode named = (ObjectNode) JSON.readTree(TREE);
        named.put("id", "wanted");
        ((ObjectNode) named.path("primaryInput")).put("id", "either");
        ((ObjectNode) named.path("primaryInput").path("primaryInput")).put("id", "kinases");
        ((ObjectNode) named.path("primaryInput").path("secondaryInput")).put("id", "secreted");
        ((ObjectNode) named.path("secondaryInput")).put("id", "weight");
        StepTreeNode tree = StepTrees.fromJson(named);
        List<String> positives = new ArrayList<>();
        List<String> negatives = new ArrayList<>();
        controls(reference, tree, positives, negatives);
        String body = "{\"siteId\":\"plasmodb\",\"mode\":\"multi-step\",\"stepTree\":" + named + ",\"positiveControls\":"
                + ExperimentApi.json(positives) + ",\"negativeControls\":" + ExperimentApi.json(negatives)
                + ",\"enableStepAnalysis\":true,\"stepAnalysisPhases\":[\"step_evaluation\"],"
                + "\"thresholdKnobs\":[{\"stepId\":\"weight\",\"paramName\":\"max_molecular_weight\",\"minVal\":20000,"
                + "\"maxVal\":80000,\"stepSize\":10000}],\"treeOptimizationObjective\":\"f1\",\"treeOptimizationBudget\":5}";
        ExperimentApi.as(pia).body(body.replace("\"secreted\"", "\"weight\"")).when().post("/api/v1/experiments")
                .then().statusCode(422).body("errors[0].pointer", equalTo("/stepTree/secondaryInput/id"));

        JsonPath run = ExperimentApi.as(pia).body(body).when().post("/api/v1/experiments").then().statusCode(202)
                .extract().jsonPath();
        String id = run.getString("experimentId");
        events.awaitEnd(run.getString("operationId"), ExperimentApi.RUN);
        JsonNode experiment = JSON.readTree(ExperimentApi.as(pia).when().get("/api/v1/experiments/" + id).then()
                .statusCode(200).extract().asString());
        assertEquals("completed", experiment.path("status").asText(), experiment.path("error").asText());
        JsonNode stored = experiment.path("config").path("stepTree");
        assertEquals(List.of("wanted", "either", "kinases", "secreted", "weight"), List.of(stored.path("id").asText(),
                stored.path("primaryInput").path("id").asText(), stored.path("primaryInput").path("primaryInput").path("id").asText(),
                stored.path("primaryInput").path("secondaryInput").path("id").asText(), stored.path("secondaryInput").path("id").asText()));

        StepAnalysisResult analysis = new StepAnalyzer(reference::evaluate, reference::numeric,
                ControlSets.of(positives, negatives)).analyse(tree, java.util.EnumSet.of(StepAnalyzer.Phase.STEP_EVALUATION));
        assertEquals(withoutSizes(EvaluationJson.mapper().valueToTree(analysis)), withoutSizes(experiment.path("stepAnalysis")));
        List<String> evaluated = new ArrayList<>();
        experiment.path("stepAnalysis").path("stepEvaluations").forEach(step -> evaluated.add(step.path("stepId").asText()));
        assertEquals(Set.of("kinases", "secreted", "weight"), new HashSet<>(evaluated));

        org.strategylab.evaluation.model.TreeOptimizationResult expected =
                new org.strategylab.evaluation.optimization.TreeKnobOptimizer(reference::evaluate, reference.controls)
                        .optimise(new org.strategylab.evaluation.optimization.TreeKnobOptimizer.Request(tree, List.of(
                                new org.strategylab.evaluation.model.ThresholdKnob("weight", "max_molecular_weight", 20000,
                                        80000, 10000.0, null)), List.of(), "f1", 5, null, null));
        JsonNode wanted = EvaluationJson.mapper().valueToTree(expected);
        JsonNode trials = experiment.path("treeOptimization").path("allTrials");
        assertEquals(5, trials.size());
        for (int i = 0; i < 5; i++) {
            assertEquals(wanted.path("allTrials").get(i).path("parameters"), trials.get(i).path("parameters"));
            assertEquals(wanted.path("allTrials").get(i).path("score").asDouble(), trials.get(i).path("score").asDouble(), 1e-12);
        }

        String knob = "{\"thresholdKnobs\":[{\"stepId\":\"weight\",\"paramName\":\"max_molecular_weight\",\"minVal\":20000,"
                + "\"maxVal\":40000,\"stepSize\":10000}],\"operatorKnobs\":[{\"combineNodeId\":\"either\","
                + "\"options\":[\"UNION\",\"INTERSECT\"]}],\"objective\":\"f1\",\"budget\":5}";
        ExperimentApi.as(pia).body(knob.replace("\"weight\"", "\"step-5\"")).when()
                .post("/api/v1/experiments/" + id + "/tree-optimization").then().statusCode(422)
                .body("errors[0].pointer", equalTo("/thresholdKnobs/0/stepId"));
        JsonPath optimising = ExperimentApi.as(pia).body(knob).when()
                .post("/api/v1/experiments/" + id + "/tree-optimization").then().statusCode(202).extract().jsonPath();
        events.awaitEnd(optimising.getString("operationId"), ExperimentApi.RUN);
        ExperimentApi.as(pia).when().get("/api/v1/experiments/" + id).then().statusCode(200)
                .body("status", equalTo("completed")).body("treeOptimization.allTrials.size()", equalTo(5));
    }

    /** Positives and negatives spread over the leaves, so every leaf matters to the result. */
    private static void controls(Reference reference, StepTreeNode tree, List<String> positives, List<String> negatives) {
        List<StepTreeNode> leaves = org.strategylab.evaluation.stepanalysis.StrategyTree.leaves(tree);
        Set<String> kinases = reference.genes(leaves.get(0));
        Set<String> secreted = reference.genes(leaves.get(1));
        Set<String> light = reference.genes(leaves.get(2));
        kinases.stream().filter(light::contains).sorted().limit(5).forEach(positives::add);
        secreted.stream().filter(light::contains).filter(g -> !kinases.contains(g)).sorted().limit(3).forEach(positives::add);
        kinases.stream().filter(g -> !light.contains(g)).sorted().limit(2).forEach(positives::add);
        light.stream().filter(g -> !kinases.contains(g) && !secreted.contains(g)).sorted().limit(4).forEach(negatives::add);
        secreted.stream().filter(g -> !light.contains(g) && !kinases.contains(g)).sorted().limit(2).forEach(negatives::add);
        assertEquals(10, positives.size());
        assertEquals(6, negatives.size());
        reference.controls = ControlSets.of(positives, negatives);
    }

    private String completedGeneIds(String user) {
        JsonPath run = ExperimentApi.as(user).body("{\"siteId\":\"plasmodb\",\"targetGeneIds\":[\"PF3D7_0100100\"],"
                + "\"positiveControls\":[\"PF3D7_0100100\"]}").when().post("/api/v1/experiments").then().statusCode(202)
                .extract().jsonPath();
        events.awaitEnd(run.getString("operationId"), ExperimentApi.RUN);
        return run.getString("experimentId");
    }

    /**
     * The result sizes are the site's counts (genes, and transcript rows beside them), which gene sets
     * combined here cannot give: left out of the comparison (a step's own sizes are checked against its search).
     */
    private static JsonNode withoutSizes(JsonNode node) {
        JsonNode copy = node.deepCopy();
        strip(copy);
        return copy;
    }

    private static void strip(JsonNode node) {
        if (node.isObject()) {
            ((ObjectNode) node).remove(List.of("resultCount", "totalResults", "transcriptCount", "totalTranscripts"));
        }
        node.forEach(ExperimentStepAnalysisTest::strip);
    }

    /** Trees counted from their leaves' gene sets, each leaf's search run on the site through upstream-gateway. */
    private static final class Reference {
        private final String user;
        private final Map<String, Set<String>> leafGenes = new HashMap<>();
        private final Map<String, JsonNode> specs = new HashMap<>();
        private ControlSets controls;

        Reference(String user) {
            this.user = user;
        }

        Set<String> genes(StepTreeNode node) {
            if (node.isLeaf()) {
                return leafGenes.computeIfAbsent(StepTrees.toJson(node).toString(), key -> {
                    try {
                        return new HashSet<>(ExperimentApi.run(user, key).ids());
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                });
            }
            if (node.isTransform()) {
                throw new IllegalArgumentException("no transforms in this tree");
            }
            Set<String> left = genes(node.primaryInput());
            Set<String> right = genes(node.secondaryInput());
            Set<String> result = new HashSet<>(left);
            switch (node.operator()) {
                case "INTERSECT" -> result.retainAll(right);
                case "UNION" -> result.addAll(right);
                case "MINUS" -> result.removeAll(right);
                default -> throw new IllegalArgumentException(node.operator());
            }
            return result;
        }

        TreeEvaluation evaluate(StepTreeNode tree) {
            Set<String> result = genes(tree);
            List<String> tp = controls().positives().stream().filter(result::contains).toList();
            List<String> fp = controls().negatives().stream().filter(result::contains).toList();
            return new TreeEvaluation(result.size(), tp.size(), controls().positives().size(), fp.size(),
                    controls().negatives().size(), tp, fp, null);
        }

        private ControlSets controls() {
            return controls;
        }

        /** The search's numeric parameters as the site declares them. */
        List<NumericParameter> numeric(StepTreeNode leaf) {
            JsonNode spec = specs.computeIfAbsent(leaf.searchName(), search -> {
                String upstream = ConfigProvider.getConfig().getValue("quarkus.rest-client.upstream-gateway.url", String.class);
                try {
                    return JSON.readTree(given().header("Authorization", TestTokens.bearer(user)).when()
                            .get(upstream + "/api/v1/sites/plasmodb/searches/transcript/" + search + "/param-specs")
                            .then().statusCode(200).extract().asString());
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            List<NumericParameter> found = new ArrayList<>();
            for (JsonNode param : spec.path("parameters")) {
                if ("number".equals(param.path("type").asText())) {
                    String value = leaf.parameters().get(param.path("name").asText());
                    found.add(new NumericParameter(param.path("name").asText(), param.path("min").asDouble(),
                            param.path("max").asDouble(), value == null ? null : Double.valueOf(value), false));
                }
            }
            return found;
        }
    }
}
