package org.strategylab.experiment.genesets;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.ExtractableResponse;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.strategylab.evaluation.json.EvaluationJson;
import org.strategylab.experiment.persistence.ExperimentEntity;
import org.strategylab.experiment.persistence.ExperimentRepository;
import org.strategylab.experiment.support.ExperimentApi;
import org.strategylab.experiment.support.OperationEvents;
import org.strategylab.experiment.support.UpstreamStackResource;
import org.strategylab.testsupport.InProcessKafkaResource;

/** {@code POST /api/v1/experiments/{id}/gene-set} (issue 39 item 4): an experiment's result saved as a gene set. */
@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = UpstreamStackResource.class, restrictToAnnotatedClass = false)
class ResultGeneSetTest {

    private static final String EXPERIMENTS = "/api/v1/experiments/";

    @Inject
    OperationEvents events;

    @Inject
    ExperimentRepository repository;

    @Test
    void theResultAndItsTruePositivesAreSavedAsGeneSetsOfTheirGenes() throws Exception {
        String rosa = ExperimentApi.newUser("rosa");
        ExperimentApi.SearchAnswer kinases = ExperimentApi.run(rosa, ExperimentApi.KINASES);
        ExperimentApi.SearchAnswer secreted = ExperimentApi.run(rosa, ExperimentApi.SIGNAL_PEPTIDE);
        ExperimentApi.SearchAnswer all = ExperimentApi.run(rosa, ExperimentApi.FALCIPARUM);
        List<String> others = new ArrayList<>(all.ids());
        others.removeAll(new HashSet<>(kinases.ids()));
        List<String> positives = new ArrayList<>(kinases.ids().subList(0, 5));
        positives.add(others.get(0));
        List<String> negatives = List.of(kinases.ids().get(5), others.get(1));
        String id = run(rosa, "{\"siteId\":\"plasmodb\",\"name\":\"Kinases\"," + ExperimentApi.KINASES.substring(1, ExperimentApi.KINASES.length() - 1)
                + ",\"positiveControls\":" + ExperimentApi.json(positives) + ",\"negativeControls\":" + ExperimentApi.json(negatives) + "}");
        JsonPath experiment = ExperimentApi.as(rosa).when().get(EXPERIMENTS + id).then().statusCode(200).extract().jsonPath();

        // the whole result (the default): the search's genes, each once, as many as the result's genes
        ExtractableResponse<Response> saved = ExperimentApi.as(rosa).body("{\"name\":\"  Kinase result \"}")
                .when().post(EXPERIMENTS + id + "/gene-set").then().statusCode(201)
                .header("Location", containsString("/api/v1/control-sets/"))
                .body("name", equalTo("Kinase result")).body("siteId", equalTo("plasmodb"))
                .body("tags", equalTo(List.of(GeneSets.TAG))).body("source", equalTo("experiment result"))
                .body("provenanceNotes", containsString(id)).body("provenanceNotes", containsString("'Kinases'"))
                .body("negativeIds", equalTo(List.of())).body("isPublic", equalTo(false))
                .extract();
        List<String> resultGenes = saved.jsonPath().getList("positiveIds", String.class);
        assertEquals(new HashSet<>(kinases.ids()), new HashSet<>(resultGenes));
        assertEquals(resultGenes.size(), new HashSet<>(resultGenes).size(), "each gene once");
        assertEquals(experiment.getLong("metrics.totalResults"), resultGenes.size(), "counted as genes, not transcripts");
        String setId = saved.jsonPath().getString("id");
        ExperimentApi.as(rosa).when().get("/api/v1/control-sets?tags=gene-set").then().statusCode(200)
                .body("items.id", hasItem(setId));
        ExperimentApi.as(rosa).when().get(saved.header("Location").replaceFirst("^https?://[^/]+", "")).then()
                .statusCode(200).body("positiveIds", equalTo(resultGenes));

        // the true positives: the run's classes, in their order
        List<String> truePositives = experiment.getList("truePositiveGenes.id", String.class);
        assertEquals(5, truePositives.size());
        ExperimentApi.as(rosa).body("{\"name\":\"Kinase hits\",\"which\":\"truePositives\"}")
                .when().post(EXPERIMENTS + id + "/gene-set").then().statusCode(201)
                .body("positiveIds", equalTo(truePositives)).body("source", equalTo("experiment true positives"))
                .body("provenanceNotes", containsString("the true positives"))
                .body("resolution.status", equalTo("resolved"));
        ExperimentApi.as(rosa).body("{\"name\":\"Missed\",\"which\":\"falseNegatives\"}")
                .when().post(EXPERIMENTS + id + "/gene-set").then().statusCode(201)
                .body("positiveIds", equalTo(List.of(others.get(0))));

        // someone else's experiment, or no experiment at all, is a 404
        String other = ExperimentApi.newUser("olaf");
        ExperimentApi.as(other).body("{\"name\":\"Stolen\"}").when().post(EXPERIMENTS + id + "/gene-set").then()
                .statusCode(404).contentType("application/problem+json").body("code", equalTo("EXPERIMENT_NOT_FOUND"));
        ExperimentApi.as(other).when().get("/api/v1/control-sets?tags=gene-set").then().body("total", equalTo(0));
        ExperimentApi.as(rosa).body("{\"name\":\"x\"}").when().post(EXPERIMENTS + "not-an-id/gene-set").then().statusCode(404);

        // refined: the result is the new step's; its classes are stale until re-evaluated
        ExperimentApi.as(rosa).body("{\"action\":\"combine\",\"searchName\":\"GenesWithSignalPeptide\","
                        + "\"parameters\":{\"organism\":[\"Plasmodium falciparum 3D7\"]},\"operator\":\"INTERSECT\"}")
                .when().post(EXPERIMENTS + id + "/refine").then().statusCode(200);
        ExperimentApi.as(rosa).body("{\"name\":\"Stale hits\",\"which\":\"truePositives\"}")
                .when().post(EXPERIMENTS + id + "/gene-set").then().statusCode(409)
                .contentType("application/problem+json").body("code", equalTo("METRICS_STALE"));
        Set<String> both = new HashSet<>(kinases.ids());
        both.retainAll(new HashSet<>(secreted.ids()));
        assertTrue(!both.isEmpty() && both.size() < kinases.geneCount());
        List<String> refined = ExperimentApi.as(rosa).body("{\"name\":\"Secreted kinases\",\"which\":\"result\"}")
                .when().post(EXPERIMENTS + id + "/gene-set").then().statusCode(201)
                .body("provenanceNotes", containsString("version 2")).extract().jsonPath().getList("positiveIds", String.class);
        assertEquals(both, new HashSet<>(refined));
    }

    @Test
    void badInputNamesTheFieldAndOnlyACompletedExperimentIsSaved() {
        String sam = ExperimentApi.newUser("sam");
        String id = run(sam, "{\"siteId\":\"plasmodb\",\"targetGeneIds\":[\"" + ExperimentApi.G1 + "\",\"" + ExperimentApi.G3
                + "\"],\"positiveControls\":[\"" + ExperimentApi.G1 + "\"]}");
        String path = EXPERIMENTS + id + "/gene-set";
        // a gene-ID experiment's result is its given genes
        ExperimentApi.as(sam).body("{\"name\":\"Given\"}").when().post(path).then().statusCode(201)
                .body("positiveIds", equalTo(List.of(ExperimentApi.G1, ExperimentApi.G3)));

        ExperimentApi.as(sam).body("{\"name\":\"  \"}").when().post(path).then().statusCode(400)
                .contentType("application/problem+json").body("errors.pointer", hasItem(endsWith("name")));
        ExperimentApi.as(sam).body("{}").when().post(path).then().statusCode(400)
                .contentType("application/problem+json").body("errors.pointer", hasItem(endsWith("name")));
        ExperimentApi.as(sam).body("{\"name\":\"" + "n".repeat(256) + "\"}").when().post(path).then().statusCode(400)
                .contentType("application/problem+json").body("errors.pointer", hasItem(endsWith("name")));
        ExperimentApi.as(sam).body("{\"name\":\"x\",\"which\":\"hits\"}").when().post(path).then().statusCode(400)
                .contentType("application/problem+json").body("errors.pointer", hasItem(endsWith("which")))
                .body("errors.message", hasItem(containsString("truePositives")));
        ExperimentApi.as(sam).body("{\"name\":\"x\",\"classes\":[\"TP\"]}").when().post(path).then().statusCode(400)
                .contentType("application/problem+json");
        // a class without a gene: nothing to save
        ExperimentApi.as(sam).body("{\"name\":\"x\",\"which\":\"trueNegatives\"}").when().post(path).then().statusCode(422)
                .contentType("application/problem+json").body("errors.pointer", equalTo(List.of("/which")))
                .body("errors.message", hasItem(containsString("true negatives")));

        // a result larger than a set may hold (the tests' control-sets.max-ids is 2,000)
        String everything = run(sam, "{\"siteId\":\"plasmodb\"," + ExperimentApi.FALCIPARUM.substring(1, ExperimentApi.FALCIPARUM.length() - 1)
                + ",\"positiveControls\":[\"" + ExperimentApi.G1 + "\"]}");
        ExperimentApi.as(sam).body("{\"name\":\"All\"}").when().post(EXPERIMENTS + everything + "/gene-set").then().statusCode(422)
                .contentType("application/problem+json").body("errors.pointer", equalTo(List.of("/which")))
                .body("errors.message", hasItem(containsString("control-sets.max-ids")));

        // an experiment that did not complete has no result to save
        ExperimentEntity failed = new ExperimentEntity();
        failed.id = UUID.randomUUID();
        failed.ownerId = sam;
        failed.siteId = "plasmodb";
        failed.name = "failed run";
        failed.status = ExperimentRepository.ERROR;
        failed.error = "UPSTREAM_TIMEOUT: the site did not answer";
        failed.config = EvaluationJson.mapper().createObjectNode().put("mode", "gene-ids").put("siteId", "plasmodb");
        repository.insert(failed).await().atMost(Duration.ofSeconds(10));
        ExperimentApi.as(sam).body("{\"name\":\"x\"}").when().post(EXPERIMENTS + failed.id + "/gene-set").then().statusCode(409)
                .contentType("application/problem+json").body("code", equalTo("EXPERIMENT_NOT_COMPLETED"))
                .body("detail", containsString("is error"));
        ExperimentApi.as(sam).when().get("/api/v1/control-sets?tags=gene-set").then().body("total", equalTo(1));
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
