package org.strategylab.experiment.experiments;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.strategylab.experiment.support.ExperimentApi;
import org.strategylab.eventlog.EventEnvelope;
import org.strategylab.eventlog.index.OperationsIndex;
import org.strategylab.experiment.support.OperationEvents;
import org.strategylab.experiment.support.UpstreamStackResource;
import org.strategylab.simulator.faults.Latency;
import org.strategylab.testsupport.InProcessKafkaResource;
import org.strategylab.testsupport.TestTokens;

/** What the experiment endpoints refuse, whom they answer, and cancelling a run. */
@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = UpstreamStackResource.class, restrictToAnnotatedClass = false)
class ExperimentRulesTest {

    static final String EXPERIMENTS = "/api/v1/experiments";
    static final String SEARCH = "\"siteId\":\"plasmodb\",\"searchName\":\"GenesByTaxon\",\"parameters\":{\"organism\":[\"Plasmodium falciparum 3D7\"]}";

    @Inject
    OperationEvents events;

    @Inject
    OperationsIndex index;

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            no site                   | {"searchName":"GenesByTaxon","positiveControls":["PF3D7_0100100"]}                                  | 400 | siteId
            unknown site              | {"siteId":"nosuch","targetGeneIds":["PF3D7_0100100"],"positiveControls":["PF3D7_0100100"]}                    | 422 | /siteId
            nothing to run            | {"siteId":"plasmodb","positiveControls":["PF3D7_0100100"]}                                           | 422 | /searchName
            no positives              | {"siteId":"plasmodb","targetGeneIds":["PF3D7_0100100"],"negativeControls":["PF3D7_0100200"]}                  | 422 | /positiveControls
            empty positives           | {"siteId":"plasmodb","targetGeneIds":["PF3D7_0100100"],"positiveControls":[" "]}                   | 400 | /positiveControls
            a gene in both lists      | {"siteId":"plasmodb","targetGeneIds":["PF3D7_0100100"],"positiveControls":["PF3D7_0100100"],"negativeControls":["PF3D7_0100100"]} | 422 | /negativeControls
            empty gene list           | {"siteId":"plasmodb","targetGeneIds":[],"positiveControls":["PF3D7_0100100"]}                      | 400 | /targetGeneIds
            unknown search            | {"siteId":"plasmodb","searchName":"GenesByMagic","positiveControls":["PF3D7_0100100"]}             | 422 | /searchName
            unknown parameter value   | {"siteId":"plasmodb","searchName":"GenesByTaxon","parameters":{"organism":["Nosuchia"]},"positiveControls":["PF3D7_0100100"]} | 422 | /parameters/organism
            unknown record type       | {"siteId":"plasmodb","recordType":"nosuch","searchName":"GenesByTaxon","positiveControls":["PF3D7_0100100"]} | 422 | /recordType
            combine without operator  | {"siteId":"plasmodb","stepTree":{"primaryInput":{"searchName":"GenesByTaxon"},"secondaryInput":{"searchName":"GenesByTaxon"}},"positiveControls":["PF3D7_0100100"]} | 422 | /stepTree/operator
            step without search       | {"siteId":"plasmodb","mode":"multi-step","stepTree":{"parameters":{}},"positiveControls":["PF3D7_0100100"]} | 422 | /stepTree/searchName
            bad tree step parameter   | {"siteId":"plasmodb","stepTree":{"operator":"UNION","primaryInput":{"searchName":"GenesByTaxon","parameters":{"organism":["Plasmodium falciparum 3D7"]}},"secondaryInput":{"searchName":"GenesByTaxon","parameters":{"organism":["Nosuchia"]}}},"positiveControls":["PF3D7_0100100"]} | 422 | /stepTree/secondaryInput/parameters/organism
            tree mode without a tree  | {"siteId":"plasmodb","mode":"multi-step","positiveControls":["PF3D7_0100100"]}                      | 422 | /stepTree
            unknown mode              | {"siteId":"plasmodb","mode":"sideways","targetGeneIds":["PF3D7_0100100"],"positiveControls":["PF3D7_0100100"]} | 400 | /mode
            too many folds            | {"siteId":"plasmodb","targetGeneIds":["PF3D7_0100100"],"positiveControls":["PF3D7_0100100"],"enableCrossValidation":true,"kFolds":11} | 400 | kFolds
            unknown enrichment type   | {"siteId":"plasmodb","targetGeneIds":["PF3D7_0100100"],"positiveControls":["PF3D7_0100100"],"enrichmentTypes":["pathway","kegg"]} | 400 | /enrichmentTypes/1
            step analysis of gene IDs | {"siteId":"plasmodb","targetGeneIds":["PF3D7_0100100"],"positiveControls":["PF3D7_0100100"],"enableStepAnalysis":true} | 422 | /enableStepAnalysis
            optimisation of gene IDs  | {"siteId":"plasmodb","targetGeneIds":["PF3D7_0100100"],"positiveControls":["PF3D7_0100100"],"optimizationSpecs":[{"name":"x","type":"categorical","choices":["a"]}]} | 422 | /optimizationSpecs
            import by strategy id     | {"siteId":"plasmodb","mode":"import","sourceStrategyId":"12","stepTree":{"searchName":"GenesByTaxon"},"positiveControls":["PF3D7_0100100"]} | 400 | /sourceStrategyId
            bad sort direction        | {"siteId":"plasmodb","targetGeneIds":["PF3D7_0100100"],"positiveControls":["PF3D7_0100100"],"sortDirection":"UP"} | 400 | /sortDirection
            too many bootstrap runs   | {"siteId":"plasmodb","targetGeneIds":["PF3D7_0100100"],"positiveControls":["PF3D7_0100100"],"bootstrapIterations":999999} | 400 | /bootstrapIterations
            too few folds             | {"siteId":"plasmodb","targetGeneIds":["PF3D7_0100100"],"positiveControls":["PF3D7_0100100"],"kFolds":1}      | 400 | kFolds
            unknown field             | {"siteId":"plasmodb","targetGeneIds":["PF3D7_0100100"],"positiveControls":["PF3D7_0100100"],"owner":"bob"}   | 400 | owner
            number for a string       | {"siteId":"plasmodb","targetGeneIds":[1],"positiveControls":["PF3D7_0100100"]}                     | 400 | targetGeneIds
            name too long             | {"siteId":"plasmodb","targetGeneIds":["PF3D7_0100100"],"positiveControls":["PF3D7_0100100"],"name":"%s"}       | 400 | name
            """)
    void aBadExperimentIsRefusedNamingTheField(String what, String body, int status, String field) {
        as(user()).body(body.replace("%s", "n".repeat(201))).when().post(EXPERIMENTS)
                .then().statusCode(status).contentType("application/problem+json")
                .body("errors.pointer", hasItem(containsString(field)));
    }

    @Test
    void controlListsOverTheLimitAreRefused() {
        StringBuilder ids = new StringBuilder("[");
        for (int i = 0; i < 2001; i++) { // one over the tests' control-sets.max-ids
            ids.append(i == 0 ? "" : ",").append("\"G").append(i).append('"');
        }
        ids.append(']');
        as(user()).body("{\"siteId\":\"plasmodb\",\"targetGeneIds\":[\"PF3D7_0100100\"],\"positiveControls\":[\"PF3D7_0100100\"],\"negativeControls\":" + ids + "}")
                .when().post(EXPERIMENTS)
                .then().statusCode(400).contentType("application/problem+json")
                .body("errors.pointer", hasItem("/negativeControls"))
                .body("errors.message", hasItem(containsString("max-ids")));
    }

    @Test
    void badListAndChangeParametersAreRefusedNamingThem() {
        String hana = user();
        String id = geneIdExperiment(hana);
        as(hana).when().get(EXPERIMENTS + "?status=bogus").then().statusCode(400).body("errors.pointer", hasItem(containsString("status")));
        as(hana).when().get(EXPERIMENTS + "?limit=0").then().statusCode(400);
        as(hana).when().get(EXPERIMENTS + "?limit=abc").then().statusCode(400).body("errors.pointer", hasItem(containsString("limit")));
        as(hana).when().get(EXPERIMENTS + "?offset=-1").then().statusCode(400);
        as(hana).body("{\"notes\":\"" + "n".repeat(5001) + "\"}").when().patch(EXPERIMENTS + "/" + id)
                .then().statusCode(400).body("errors.pointer", hasItem(containsString("notes")));
        as(hana).body("{\"name\":\"  \"}").when().patch(EXPERIMENTS + "/" + id).then().statusCode(400)
                .body("errors.pointer", hasItem("/name"));
        as(hana).body("{\"status\":\"completed\"}").when().patch(EXPERIMENTS + "/" + id).then().statusCode(400);
        as(hana).body("{\"base\":{\"siteId\":\"plasmodb\"},\"targetOrganisms\":[]}").when().post(EXPERIMENTS + "/batch")
                .then().statusCode(400).body("errors.pointer", hasItem(containsString("organismParamName")));
        as(hana).body("{\"base\":{" + SEARCH + "},\"controlSets\":[]}").when().post(EXPERIMENTS + "/benchmark")
                .then().statusCode(400).body("errors.pointer", hasItem(containsString("controlSets")));
        as(hana).body("{\"" + SEARCH.substring(1) + ",\"positiveControls\":[\"PF3D7_0100100\"],\"controlSetId\":\"" + UUID.randomUUID() + "\"}")
                .when().post(EXPERIMENTS).then().statusCode(404).body("code", equalTo("CONTROL_SET_NOT_FOUND"))
                .body("errors.pointer", hasItem("/controlSetId"));
    }

    @Test
    void everythingOfAnotherUserIsNotFound() {
        String owner = user();
        String other = user();
        String id = geneIdExperiment(owner);
        String privateSet = as(owner).body("{\"name\":\"mine\",\"siteId\":\"plasmodb\",\"positiveIds\":[\"PF3D7_0100100\"]}")
                .when().post("/api/v1/control-sets").then().statusCode(201).extract().path("id");

        as(other).when().get(EXPERIMENTS + "/" + id).then().statusCode(404).body("code", equalTo("EXPERIMENT_NOT_FOUND"));
        as(other).body("{\"notes\":\"mine\"}").when().patch(EXPERIMENTS + "/" + id).then().statusCode(404);
        as(other).when().get(EXPERIMENTS + "/" + id + "/export").then().statusCode(404);
        as(other).when().delete(EXPERIMENTS + "/" + id).then().statusCode(404);
        as(other).when().get(EXPERIMENTS).then().statusCode(200).body("total", equalTo(0)).body("items.id", not(hasItem(id)));
        as(other).body("{\"siteId\":\"plasmodb\",\"targetGeneIds\":[\"PF3D7_0100100\"],\"controlSetId\":\"" + privateSet + "\"}")
                .when().post(EXPERIMENTS).then().statusCode(404).body("code", equalTo("CONTROL_SET_NOT_FOUND"));
        given404(EXPERIMENTS + "/not-a-uuid", other);
        // the owner still has it, unchanged
        as(owner).when().get(EXPERIMENTS + "/" + id).then().statusCode(200).body("notes", equalTo(null));
        io.restassured.RestAssured.given().when().get(EXPERIMENTS).then().statusCode(401);
    }

    @Test
    void theOwnerRenamesAnnotatesListsAndDeletes() {
        String ivan = user();
        String first = geneIdExperiment(ivan);
        String second = geneIdExperiment(ivan);
        as(ivan).body("{\"name\":\"renamed\",\"notes\":\"looks right\"}").when().patch(EXPERIMENTS + "/" + first)
                .then().statusCode(200).body("name", equalTo("renamed")).body("notes", equalTo("looks right"));
        as(ivan).when().get(EXPERIMENTS + "?limit=1").then().statusCode(200).body("total", equalTo(2))
                .body("items[0].id", equalTo(second)).body("items[0].truePositiveGenes", equalTo(null));
        as(ivan).when().get(EXPERIMENTS + "?status=completed&siteId=plasmodb&offset=1").then().statusCode(200)
                .body("items.id", org.hamcrest.Matchers.contains(first));
        as(ivan).when().delete(EXPERIMENTS + "/" + first).then().statusCode(204);
        as(ivan).when().get(EXPERIMENTS + "/" + first).then().statusCode(404);
        as(ivan).when().get(EXPERIMENTS).then().body("total", equalTo(1));
    }

    @Test
    void aCancelledRunStopsItsUpstreamWorkAndEndsCancelled() {
        String june = user();
        // every report of the site answers slowly, so the run is still waiting when the cancel comes
        UpstreamStackResource.simulator.faults().latency("/reports/", Latency.fixed(Duration.ofSeconds(20)));
        try {
            JsonPath started = as(june).body("{" + SEARCH + ",\"positiveControls\":[\"PF3D7_0100100\"]}").when().post(EXPERIMENTS)
                    .then().statusCode(202).extract().jsonPath();
            String operationId = started.getString("operationId");
            org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(30))
                    .until(() -> !events.read(operationId).isEmpty());
            index.requestCancel(UUID.fromString(operationId), june).await().atMost(Duration.ofSeconds(5));
            List<EventEnvelope> log = events.awaitEnd(operationId, Duration.ofSeconds(15));
            EventEnvelope end = log.get(log.size() - 1);
            assertEquals("experiment_end", end.type());
            assertEquals("cancelled", end.data().path("status").asText());
            as(june).when().get(EXPERIMENTS + "/" + started.getString("experimentId")).then().statusCode(200)
                    .body("status", equalTo("cancelled"));
        } finally {
            UpstreamStackResource.simulator.faults().reset();
        }
    }

    @Test
    void anUpstreamFailureMidRunEndsTheExperimentInErrorWithItsReason() {
        String kai = user();
        // the site fails every report (after upstream-gateway's retries): the controls cannot even be
        // looked up at submission, which says so (502) and starts nothing
        UpstreamStackResource.simulator.faults().errorRate("/reports/", 1.0, 500);
        try {
            // an id no earlier test looked up: upstream-gateway reuses recent resolutions, so a known one would not ask the site
            String neverLookedUp = "PF3D7_LOOKUP_" + UUID.randomUUID().toString().substring(0, 8).toUpperCase(java.util.Locale.ROOT);
            as(kai).body("{" + SEARCH + ",\"positiveControls\":[\"" + neverLookedUp + "\"]}").when().post(EXPERIMENTS)
                    .then().statusCode(502).contentType("application/problem+json")
                    .body("code", equalTo("UPSTREAM_ERROR"))
                    .body("title", equalTo("The site could not look the control genes up"));
            as(kai).when().get(EXPERIMENTS).then().statusCode(200).body("total", equalTo(0));
        } finally {
            UpstreamStackResource.simulator.faults().reset();
        }
        // the site fails every step's report (after upstream-gateway's retries): the control counts cannot be read
        UpstreamStackResource.simulator.faults().errorRate("/steps/[0-9]+/reports/", 1.0, 500);
        try {
            JsonPath started = as(kai).body("{" + SEARCH + ",\"positiveControls\":[\"PF3D7_0100100\"]}").when().post(EXPERIMENTS)
                    .then().statusCode(202).extract().jsonPath();
            List<EventEnvelope> log = events.awaitEnd(started.getString("operationId"), ExperimentApi.RUN);
            List<String> types = OperationEvents.types(log);
            assertEquals(List.of("experiment_error", "experiment_end"), types.subList(types.size() - 2, types.size()));
            assertEquals("error", log.get(log.size() - 1).data().path("status").asText());
            String reason = log.get(log.size() - 2).data().path("error").asText();
            org.junit.jupiter.api.Assertions.assertTrue(reason.contains("UPSTREAM"), reason);
            as(kai).when().get(EXPERIMENTS + "/" + started.getString("experimentId")).then().statusCode(200)
                    .body("status", equalTo("error")).body("error", equalTo(reason))
                    .body("completedAt", org.hamcrest.Matchers.notNullValue());
        } finally {
            UpstreamStackResource.simulator.faults().reset();
        }
        // the next run, with the site healthy again, completes
        geneIdExperiment(kai);
    }

    private String geneIdExperiment(String user) {
        JsonPath started = as(user).body(Map.of("siteId", "plasmodb", "targetGeneIds", List.of("PF3D7_0100100", "PF3D7_0100200"),
                        "positiveControls", List.of("PF3D7_0100100")))
                .when().post(EXPERIMENTS).then().statusCode(202).extract().jsonPath();
        events.awaitEnd(started.getString("operationId"), ExperimentApi.RUN);
        return started.getString("experimentId");
    }

    private static void given404(String path, String user) {
        as(user).when().get(path).then().statusCode(404).contentType("application/problem+json");
    }

    private static io.restassured.specification.RequestSpecification as(String user) {
        return io.restassured.RestAssured.given().header("Authorization", TestTokens.bearer(user)).contentType("application/json");
    }

    private static String user() {
        return "user-" + UUID.randomUUID();
    }
}
