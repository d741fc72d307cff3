package org.strategylab.experiment.analysis.enrichment;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.strategylab.experiment.support.ExperimentApi;
import org.strategylab.experiment.support.OperationEvents;
import org.strategylab.experiment.support.SiteGuest;
import org.strategylab.experiment.support.UpstreamStackResource;
import org.strategylab.testsupport.InProcessKafkaResource;

/**
 * Enrichment of experiments through the site's plugins: the parsed terms equal what the simulated
 * site itself answers for the same genes (its exact Fisher p-values, BH and Bonferroni), a re-run
 * replaces a type, and injected analysis failures and timeouts end as that type's error.
 */
@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = UpstreamStackResource.class, restrictToAnnotatedClass = false)
public class ExperimentEnrichmentTest {

    public static final String PF = "Plasmodium falciparum 3D7";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern LINK = Pattern.compile("idList=([^&']*)[^>]*>(\\d+)<");

    @Inject
    OperationEvents events;

    @AfterEach
    void resetFaults() {
        UpstreamStackResource.simulator.faults().reset();
    }

    /** A completed search-mode experiment of kinases; answers its id. */
    private String kinaseExperiment(String user) throws Exception {
        ExperimentApi.SearchAnswer kinases = ExperimentApi.run(user, ExperimentApi.KINASES);
        ExperimentApi.SearchAnswer all = ExperimentApi.run(user, ExperimentApi.FALCIPARUM);
        List<String> others = new ArrayList<>(all.ids());
        others.removeAll(new HashSet<>(kinases.ids()));
        String body = "{\"siteId\":\"plasmodb\",\"searchName\":\"GenesByGoTerm\",\"parameters\":{\"organism\":[\"" + PF
                + "\"],\"go_typeahead\":[\"GO:0004672\"]},\"positiveControls\":" + ExperimentApi.json(kinases.ids().subList(0, 4))
                + ",\"negativeControls\":" + ExperimentApi.json(others.subList(0, 4)) + "}";
        return completed(user, body);
    }

    private String completed(String user, String body) {
        JsonPath run = ExperimentApi.as(user).body(body).when().post("/api/v1/experiments").then().statusCode(202)
                .extract().jsonPath();
        events.awaitEnd(run.getString("operationId"), ExperimentApi.RUN);
        ExperimentApi.as(user).when().get("/api/v1/experiments/" + run.getString("experimentId")).then()
                .statusCode(200).body("status", equalTo("completed"));
        return run.getString("experimentId");
    }

    private static JsonNode enrich(String user, String id, String body) throws Exception {
        return JSON.readTree(ExperimentApi.as(user).body(body).when().post("/api/v1/experiments/" + id + "/enrich")
                .then().statusCode(200).extract().asString());
    }

    private static JsonNode stored(String user, String id) throws Exception {
        return JSON.readTree(ExperimentApi.as(user).when().get("/api/v1/experiments/" + id).then().statusCode(200)
                .extract().asString()).path("enrichmentResults");
    }

    /** What the site answers itself for the kinase search's genes with these plugin values. */
    private static List<Map<String, Object>> reference(String plugin, Map<String, String> values) {
        SiteGuest guest = SiteGuest.on("plasmodb");
        long step = guest.strategyStep("GenesByGoTerm", Map.of("organism", "[\"" + PF + "\"]",
                "go_typeahead", "[\"GO:0004672\"]"));
        return guest.analysis(step, plugin, values).getList("resultData");
    }

    /** Every term equals the site's row: id, counts, genes, p-value, BH and Bonferroni, in the site's order. */
    private static void assertSameTerms(List<Map<String, Object>> rows, String idKey, JsonNode terms) {
        assertFalse(rows.isEmpty(), "the reference has terms");
        assertEquals(rows.size(), terms.size());
        for (int i = 0; i < rows.size(); i++) {
            Map<String, Object> row = rows.get(i);
            JsonNode term = terms.get(i);
            assertEquals(row.get(idKey), term.path("termId").asText());
            assertEquals(Integer.parseInt((String) row.get("bgdGenes")), term.path("backgroundCount").asInt());
            String genes = (String) row.get("resultGenes");
            Matcher link = LINK.matcher(genes);
            if (link.find()) {
                assertEquals(Integer.parseInt(link.group(2)), term.path("geneCount").asInt());
                List<String> ids = new ArrayList<>();
                term.path("genes").forEach(gene -> ids.add(gene.asText()));
                assertEquals(Arrays.asList(link.group(1).split(",")), ids);
            } else {
                assertEquals(Integer.parseInt(genes), term.path("geneCount").asInt());
            }
            assertEquals(Double.parseDouble((String) row.get("pValue")), term.path("pValue").asDouble(), 0.0);
            assertEquals(Double.parseDouble((String) row.get("benjamini")), term.path("fdr").asDouble(), 0.0);
            assertEquals(Double.parseDouble((String) row.get("bonferroni")), term.path("bonferroni").asDouble(), 0.0);
            assertEquals(Double.parseDouble((String) row.get("foldEnrich")), term.path("foldEnrichment").asDouble(), 0.0);
        }
    }

    @Test
    void goAndPathwayTermsEqualTheSitesOwnAnswerAndAreStoredOnTheExperiment() throws Exception {
        String ada = ExperimentApi.newUser("ada");
        String id = kinaseExperiment(ada);
        JsonNode answer = enrich(ada, id, "{\"enrichmentTypes\":[\"go_process\",\"pathway\"]}");
        assertEquals(2, answer.size());
        assertEquals("go_process", answer.get(0).path("analysisType").asText());
        assertTrue(answer.get(0).path("error").isNull());
        assertEquals("pathway", answer.get(1).path("analysisType").asText());

        assertSameTerms(reference("go-enrichment", Map.of("organism", "[\"" + PF + "\"]",
                "goAssociationsOntologies", "[\"Biological Process\"]", "goEvidenceCodes", "[\"Computed\",\"Curated\"]",
                "goSubset", "[\"No\"]", "pValueCutoff", "0.05")), "goId", answer.get(0).path("terms"));
        assertEquals("GO:0006468", answer.get(0).path("terms").get(0).path("termId").asText(),
                "protein phosphorylation tops a kinase result");
        assertSameTerms(reference("pathway-enrichment", Map.of("organism", "[\"" + PF + "\"]",
                "pathwaysSources", "[\"KEGG\",\"MetaCyc\"]", "pValueCutoff", "0.05", "exact_match_only", "[\"Yes\"]",
                "exclude_incomplete_ec", "[\"No\"]")), "pathwayId", answer.get(1).path("terms"));
        assertEquals(answer, stored(ada, id));
    }

    @Test
    void aReRunReplacesItsTypeAndAFailedOrTimedOutTypeKeepsThePreviousTermsWithItsError() throws Exception {
        String bo = ExperimentApi.newUser("bo");
        String id = kinaseExperiment(bo);
        JsonNode strict = enrich(bo, id, "{\"enrichmentTypes\":[\"word\"],\"parameters\":{\"word\":{\"pValueCutoff\":0.001}}}");
        JsonNode loose = enrich(bo, id, "{\"enrichmentTypes\":[\"word\",\"go_function\"],\"parameters\":{\"word\":{\"pValueCutoff\":1}}}");
        assertTrue(loose.get(0).path("terms").size() > strict.get(0).path("terms").size(),
                "cutoff 1 reports more words than 0.001");
        assertSameTerms(reference("word-enrichment", Map.of("organism", "[\"" + PF + "\"]", "pValueCutoff", "1")),
                "word", loose.get(0).path("terms"));
        JsonNode kept = stored(bo, id);
        assertEquals(List.of("word", "go_function"), types(kept), "one result per type");
        assertEquals(loose.get(0), kept.get(0));

        // every run of the instance ends in ERROR, more often than upstream-gateway re-runs it
        UpstreamStackResource.simulator.faults().analysisFailingRuns(10);
        JsonNode failed = enrich(bo, id, "{\"enrichmentTypes\":[\"word\"]}").get(0);
        assertTrue(failed.path("error").asText().startsWith("UPSTREAM_ANALYSIS_FAILED"), failed.toString());
        assertEquals(loose.get(0).path("terms"), failed.path("terms"), "the previous good terms stay");

        // an analysis that stays RUNNING past the wait (10 s in the tests) is a timeout, not a hung request
        UpstreamStackResource.simulator.faults().reset().analysisRunTime(Duration.ofSeconds(120));
        JsonNode slow = enrich(bo, id, "{\"enrichmentTypes\":[\"go_function\"]}").get(0);
        assertTrue(slow.path("error").asText().startsWith("UPSTREAM_ANALYSIS_TIMEOUT"), slow.toString());
        assertEquals(kept.get(1).path("terms"), slow.path("terms"));
        JsonNode after = stored(bo, id);
        assertEquals(List.of("word", "go_function"), types(after));
        assertTrue(after.get(0).path("error").asText().startsWith("UPSTREAM_ANALYSIS_FAILED"));
        assertTrue(after.get(1).path("error").asText().startsWith("UPSTREAM_ANALYSIS_TIMEOUT"));
        // what the researcher reads of these failures names no Java type
        new org.strategylab.testsupport.texts.UserFacingTexts()
                .add("failing word enrichment", failed.path("error").asText())
                .add("slow GO enrichment", slow.path("error").asText())
                .add("stored failures", after.get(0).path("error").asText())
                .add("stored timeout", after.get(1).path("error").asText())
                .assertReadable();
    }

    @Test
    void aGeneIdExperimentIsAnalysedAsItsGenesAndBadRequestsAreRefused() throws Exception {
        String cy = ExperimentApi.newUser("cy");
        ExperimentApi.SearchAnswer kinases = ExperimentApi.run(cy, ExperimentApi.KINASES);
        String id = completed(cy, "{\"siteId\":\"plasmodb\",\"targetGeneIds\":" + ExperimentApi.json(kinases.ids())
                + ",\"positiveControls\":" + ExperimentApi.json(kinases.ids().subList(0, 3)) + "}");
        JsonNode result = enrich(cy, id, "{\"enrichmentTypes\":[\"go_process\"]}").get(0);
        assertNull(result.path("error").textValue(), result.toString());
        // the same genes as the kinase search: the same terms
        assertSameTerms(reference("go-enrichment", Map.of("organism", "[\"" + PF + "\"]",
                "goAssociationsOntologies", "[\"Biological Process\"]", "goEvidenceCodes", "[\"Computed\",\"Curated\"]",
                "goSubset", "[\"No\"]", "pValueCutoff", "0.05")), "goId", result.path("terms"));

        ExperimentApi.as(cy).body("{\"enrichmentTypes\":[\"go_process\",\"kegg\",\"go_process\"]}").when()
                .post("/api/v1/experiments/" + id + "/enrich").then().statusCode(400)
                .body("errors.pointer", equalTo(List.of("/enrichmentTypes/1", "/enrichmentTypes/2")));
        ExperimentApi.as(cy).body("{\"enrichmentTypes\":[\"word\"],\"parameters\":{\"pathway\":{}}}").when()
                .post("/api/v1/experiments/" + id + "/enrich").then().statusCode(422)
                .body("errors[0].pointer", equalTo("/parameters/pathway"));
        ExperimentApi.as(cy).body("{\"enrichmentTypes\":[]}").when()
                .post("/api/v1/experiments/" + id + "/enrich").then().statusCode(400);
        ExperimentApi.as(ExperimentApi.newUser("other")).body("{\"enrichmentTypes\":[\"word\"]}").when()
                .post("/api/v1/experiments/" + id + "/enrich").then().statusCode(404);
        ExperimentApi.as(cy).body("{\"enrichmentTypes\":[\"word\"]}").when()
                .post("/api/v1/experiments/00000000-0000-0000-0000-000000000000/enrich").then().statusCode(404);
    }

    @Test
    void aRunWithEnrichmentTypesEnrichesItsResultAsAPhase() throws Exception {
        String dan = ExperimentApi.newUser("dan");
        ExperimentApi.SearchAnswer kinases = ExperimentApi.run(dan, ExperimentApi.KINASES);
        String body = "{\"siteId\":\"plasmodb\",\"searchName\":\"GenesByGoTerm\",\"parameters\":{\"organism\":[\"" + PF
                + "\"],\"go_typeahead\":[\"GO:0004672\"]},\"positiveControls\":" + ExperimentApi.json(kinases.ids().subList(0, 4))
                + ",\"enrichmentTypes\":[\"go_process\",\"word\"]}";
        ExperimentApi.as(dan).body(body.replace("\"word\"]", "\"words\"]")).when().post("/api/v1/experiments")
                .then().statusCode(400).body("errors[0].pointer", equalTo("/enrichmentTypes/1"));
        JsonPath run = ExperimentApi.as(dan).body(body).when().post("/api/v1/experiments").then().statusCode(202)
                .extract().jsonPath();
        List<String> phases = new ArrayList<>();
        events.awaitEnd(run.getString("operationId"), ExperimentApi.RUN).stream()
                .filter(e -> e.type().equals("experiment_progress"))
                .forEach(e -> phases.add(e.data().path("phase").asText()));
        assertTrue(phases.contains("enriching"), phases.toString());
        String id = run.getString("experimentId");
        JsonNode stored = stored(dan, id);
        assertEquals(List.of("go_process", "word"), types(stored));
        assertTrue(stored.get(0).path("error").isNull(), stored.toString());
        assertSameTerms(reference("go-enrichment", Map.of("organism", "[\"" + PF + "\"]",
                "goAssociationsOntologies", "[\"Biological Process\"]", "goEvidenceCodes", "[\"Computed\",\"Curated\"]",
                "goSubset", "[\"No\"]", "pValueCutoff", "0.05")), "goId", stored.get(0).path("terms"));
        assertEquals(List.of("go_process", "word"), JSON.convertValue(ExperimentApi.as(dan).when()
                .get("/api/v1/experiments/" + id).then().extract().jsonPath().getList("config.enrichmentTypes"), List.class));
    }

    private static List<String> types(JsonNode results) {
        List<String> types = new ArrayList<>();
        results.forEach(result -> types.add(result.path("analysisType").asText()));
        return types;
    }
}
