package org.strategylab.experiment.analysis.controltest;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.strategylab.experiment.support.ExperimentApi;
import org.strategylab.evaluation.metrics.ClassificationMetrics;
import org.strategylab.evaluation.model.ExperimentMetrics;
import org.strategylab.experiment.support.UpstreamStackResource;
import org.strategylab.testsupport.InProcessKafkaResource;

/** {@code POST /api/v1/control-tests}: a search counted against controls now, nothing stored. */
@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = UpstreamStackResource.class, restrictToAnnotatedClass = false)
class ControlTestResourceTest {

    @Test
    void aSearchIsCountedAgainstItsControlsAsTheSiteAnswersIt() throws Exception {
        String cy = ExperimentApi.newUser("cy");
        ExperimentApi.SearchAnswer kinaseSearch = ExperimentApi.run(cy, ExperimentApi.KINASES);
        Set<String> kinases = new HashSet<>(kinaseSearch.ids());
        Set<String> all = new HashSet<>(ExperimentApi.run(cy, ExperimentApi.FALCIPARUM).ids());
        List<String> positives = kinases.stream().sorted().limit(4).toList();
        List<String> missed = all.stream().filter(g -> !kinases.contains(g)).sorted().limit(2).toList();
        List<String> negatives = all.stream().filter(g -> !kinases.contains(g)).sorted().skip(2).limit(5).toList();
        List<String> pos = new java.util.ArrayList<>(positives);
        pos.addAll(missed);
        String body = ExperimentApi.KINASES.substring(0, ExperimentApi.KINASES.length() - 1)
                + ",\"siteId\":\"plasmodb\",\"positiveControls\":" + ExperimentApi.json(pos)
                + ",\"negativeControls\":" + ExperimentApi.json(negatives) + "}";
        String text = ExperimentApi.as(cy).body(body).when().post("/api/v1/control-tests").then().statusCode(200)
                .extract().asString();
        JsonPath answer = new JsonPath(text);
        // rest-assured reads numbers as floats: the metrics are compared as JSON doubles
        com.fasterxml.jackson.databind.JsonNode metrics = new com.fasterxml.jackson.databind.ObjectMapper().readTree(text)
                .path("metrics");
        assertEquals(positives, answer.getList("truePositiveIds", String.class).stream().sorted().toList());
        assertEquals(missed, answer.getList("falseNegativeIds", String.class).stream().sorted().toList());
        assertEquals(List.of(), answer.getList("falsePositiveIds", String.class));
        assertEquals(negatives, answer.getList("trueNegativeIds", String.class));
        ExperimentMetrics expected = ClassificationMetrics.fromCounts(4, 6, 0, 5, answer.getInt("resultCount"));
        assertEquals(expected.sensitivity(), metrics.path("sensitivity").asDouble(), 1e-12);
        assertEquals(expected.f1Score(), metrics.path("f1Score").asDouble(), 1e-12);
        assertEquals(expected.mcc(), metrics.path("mcc").asDouble(), 1e-12);
        // counts are genes, with the transcript rows beside them
        assertEquals(kinaseSearch.geneCount(), answer.getLong("resultCount"));
        assertEquals(kinaseSearch.geneCount(), metrics.path("totalResults").asLong());
        assertEquals(kinaseSearch.count(), metrics.path("totalTranscripts").asLong());
        // nothing was stored
        ExperimentApi.as(cy).when().get("/api/v1/experiments").then().statusCode(200).body("total", equalTo(0));

        ExperimentApi.as(cy).body("{\"siteId\":\"plasmodb\",\"targetGeneIds\":[\"PF3D7_0100100\"],\"positiveControls\":[\"PF3D7_0100100\"]}")
                .when().post("/api/v1/control-tests").then().statusCode(422)
                .body("errors[0].pointer", equalTo("/targetGeneIds"));
        ExperimentApi.as(cy).body("{\"siteId\":\"plasmodb\",\"searchName\":\"GenesByNothing\",\"positiveControls\":[\"PF3D7_0100100\"]}")
                .when().post("/api/v1/control-tests").then().statusCode(422);
        // someone else's private control set is not found, as any resource of theirs
        String dee = ExperimentApi.newUser("dee");
        String deesSet = ExperimentApi.as(dee).body("{\"name\":\"dee's kinases\",\"siteId\":\"plasmodb\","
                + "\"positiveIds\":" + ExperimentApi.json(positives) + "}").when().post("/api/v1/control-sets")
                .then().statusCode(201).extract().path("id");
        ExperimentApi.as(cy).body(ExperimentApi.KINASES.substring(0, ExperimentApi.KINASES.length() - 1)
                        + ",\"siteId\":\"plasmodb\",\"controlSetId\":\"" + deesSet + "\"}")
                .when().post("/api/v1/control-tests").then().statusCode(404)
                .body("code", equalTo("CONTROL_SET_NOT_FOUND"));
        ExperimentApi.as(cy).body("{\"siteId\":\"plasmodb\",\"searchName\":\"GenesByTaxon\",\"positiveControls\":[]}")
                .when().post("/api/v1/control-tests").then().statusCode(400)
                .body("errors[0].pointer", equalTo("/positiveControls"));
    }

    @Test
    void theControlsOfATestAreResolvedBeforeTheyAreCounted() throws Exception {
        String flo = ExperimentApi.newUser("flo");
        List<String> kinases = ExperimentApi.run(flo, ExperimentApi.KINASES).ids().stream().sorted().limit(2).toList();
        String lower = kinases.get(0).toLowerCase(java.util.Locale.ROOT);
        String body = ExperimentApi.KINASES.substring(0, ExperimentApi.KINASES.length() - 1)
                + ",\"siteId\":\"plasmodb\",\"positiveControls\":" + ExperimentApi.json(List.of(lower, kinases.get(1),
                "FAKE_GENE_1", kinases.get(0))) + "}";
        ExperimentApi.as(flo).body(body).when().post("/api/v1/control-tests").then().statusCode(200)
                .body("truePositiveIds", org.hamcrest.Matchers.containsInAnyOrder(kinases.toArray()))
                .body("falseNegativeIds", equalTo(List.of()))
                .body("metrics.totalPositives", equalTo(2))
                .body("metrics.specificity", org.hamcrest.Matchers.nullValue())
                .body("controlResolution.positives.renamed.input", equalTo(List.of(lower)))
                .body("controlResolution.positives.unknown", equalTo(List.of("FAKE_GENE_1")))
                .body("controlResolution.positives.duplicates", equalTo(List.of(kinases.get(0))));
        ExperimentApi.as(flo).body(ExperimentApi.KINASES.substring(0, ExperimentApi.KINASES.length() - 1)
                        + ",\"siteId\":\"plasmodb\",\"positiveControls\":[\"FAKE_GENE_1\"]}")
                .when().post("/api/v1/control-tests").then().statusCode(422)
                .body("errors[0].pointer", equalTo("/positiveControls"))
                .body("errors[0].message", org.hamcrest.Matchers.containsString("FAKE_GENE_1"));
    }
}
