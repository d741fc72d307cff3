package org.strategylab.experiment.analysis.enrichment;

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
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.strategylab.experiment.support.ExperimentApi;
import org.strategylab.evaluation.enrichment.CustomEnrichment;
import org.strategylab.evaluation.json.EvaluationJson;
import org.strategylab.experiment.support.OperationEvents;
import org.strategylab.experiment.support.UpstreamStackResource;
import org.strategylab.testsupport.InProcessKafkaResource;
import org.strategylab.experiment.controlsets.ControlResolutionResourceTest;

/** Custom gene-set enrichment against an experiment's result, and the enrichment comparison across experiments. */
@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = UpstreamStackResource.class, restrictToAnnotatedClass = false)
class ExperimentEnrichmentCompareTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String PF = "Plasmodium falciparum 3D7";
    private static final String VIVAX = "Plasmodium vivax P01";

    @Inject
    OperationEvents events;

    private String completed(String user, String body) {
        JsonPath run = ExperimentApi.as(user).body(body).when().post("/api/v1/experiments").then().statusCode(202)
                .extract().jsonPath();
        events.awaitEnd(run.getString("operationId"), ExperimentApi.RUN);
        ExperimentApi.as(user).when().get("/api/v1/experiments/" + run.getString("experimentId")).then()
                .statusCode(200).body("status", equalTo("completed"));
        return run.getString("experimentId");
    }

    private static JsonNode post(String user, String path, String body, int status) throws Exception {
        return JSON.readTree(ExperimentApi.as(user).body(body).when().post("/api/v1/experiments" + path).then()
                .statusCode(status).extract().asString());
    }

    @Test
    void aGeneSetWithinAnExplicitBackgroundHasTheHandComputedHypergeometricNumbers() throws Exception {
        String dee = ExperimentApi.newUser("dee");
        String id = completed(dee, "{\"siteId\":\"plasmodb\",\"targetGeneIds\":[\"PF3D7_0300100\",\"PF3D7_0300200\",\"PF3D7_0300300\",\"PF3D7_0300400\",\"PF3D7_0300500\"],"
                + "\"positiveControls\":[\"PF3D7_0300100\",\"PF3D7_0400100\"],\"negativeControls\":[\"PF3D7_0400200\"]}");
        List<String> background = new ArrayList<>(List.of("PF3D7_0300100", "PF3D7_0300200", "PF3D7_0300300", "PF3D7_0300400", "PF3D7_0300500", "PF3D7_0500400"));
        for (int i = 1; i <= 14; i++) {
            background.add(String.format(java.util.Locale.ROOT, "PF3D7_04%03d00", i));
        }
        JsonNode result = post(dee, "/" + id + "/custom-enrich", "{\"geneSetName\":\"mine\",\"geneIds\":[\"PF3D7_0300100\",\"PF3D7_0300200\",\"PF3D7_0300300\","
                + "\"PF3D7_0500400\",\"PF3D7_0600900\"],\"backgroundIds\":" + ExperimentApi.json(background) + "}", 200);
        // N = 20, K = 4 (Z9 lies outside), n = 5, a = 3: P(X >= 3) = (C(4,3)·C(16,2) + C(4,4)·C(16,1)) / C(20,5) = 496/15504
        assertEquals(496.0 / 15504.0, result.path("pValue").asDouble(), 1e-15);
        assertEquals("mine", result.path("geneSetName").asText());
        assertEquals(4, result.path("geneSetSize").asInt());
        assertEquals(3, result.path("overlapCount").asInt());
        assertEquals(List.of("PF3D7_0300100", "PF3D7_0300200", "PF3D7_0300300"), JSON.convertValue(result.path("overlapGenes"), List.class));
        assertEquals(20, result.path("backgroundSize").asInt());
        assertEquals(1, result.path("tpCount").asInt());
        assertEquals(3.0, result.path("foldEnrichment").asDouble(), 1e-12);   // a·N/(n·K) = 60/20
        assertEquals(21.0, result.path("oddsRatio").asDouble(), 1e-12);       // (3·14)/(2·1)
        assertEquals(3.5 * 14.5 / (2.5 * 1.5), result.path("oddsRatioHaldane").asDouble(), 1e-12);
        assertEquals(1, result.path("geneSetIdsOutsideBackground").asInt());
        assertEquals("backgroundIds", result.path("backgroundSource").asText());
        assertTrue(result.path("backgroundOrganism").isMissingNode(), result.toString());

        JsonNode tooBig = post(dee, "/" + id + "/custom-enrich", "{\"geneSetName\":\"big\",\"geneIds\":[\"PF3D7_0300100\",\"PF3D7_0300200\"],"
                + "\"backgroundIds\":[\"PF3D7_0300100\"]}", 422);
        assertEquals("/geneIds", tooBig.path("errors").get(0).path("pointer").asText());
        // an experiment none of whose genes the site knows (its controls are genes of the site, as a run
        // needs): no organism to take the background from, and the answer says so
        String unknownGenes = completed(dee, "{\"siteId\":\"plasmodb\",\"targetGeneIds\":[\"T1\",\"T2\",\"T3\"],"
                + "\"positiveControls\":[\"PF3D7_0300100\"],\"negativeControls\":[\"PF3D7_0400200\"]}");
        JsonNode noOrganism = post(dee, "/" + unknownGenes + "/custom-enrich", "{\"geneSetName\":\"x\",\"geneIds\":[\"T1\"]}", 422);
        assertEquals("/backgroundIds", noOrganism.path("errors").get(0).path("pointer").asText());
        assertTrue(noOrganism.path("errors").get(0).path("message").asText().contains("none of the experiment's genes"),
                noOrganism.toString());
        post(dee, "/" + id + "/custom-enrich", "{\"geneSetName\":\"x\",\"geneIds\":[]}", 400);
        post(ExperimentApi.newUser("other"), "/" + id + "/custom-enrich", "{\"geneSetName\":\"x\",\"geneIds\":[\"PF3D7_0300100\"]}", 404);
    }

    @Test
    void aSearchExperimentIsTestedAgainstItsWholeResultWithinItsOrganismsGenes() throws Exception {
        String eli = ExperimentApi.newUser("eli");
        ExperimentApi.SearchAnswer kinases = ExperimentApi.run(eli, ExperimentApi.KINASES);
        ExperimentApi.SearchAnswer all = ExperimentApi.run(eli, ExperimentApi.FALCIPARUM);
        List<String> others = new ArrayList<>(all.ids());
        others.removeAll(new HashSet<>(kinases.ids()));
        List<String> positives = kinases.ids().subList(0, 4);
        String id = completed(eli, "{\"siteId\":\"plasmodb\",\"searchName\":\"GenesByGoTerm\",\"parameters\":{\"organism\":[\""
                + PF + "\"],\"go_typeahead\":[\"GO:0004672\"]},\"positiveControls\":" + ExperimentApi.json(positives)
                + ",\"negativeControls\":" + ExperimentApi.json(others.subList(0, 3)) + "}");
        List<String> geneSet = new ArrayList<>(kinases.ids().subList(2, 12));
        geneSet.addAll(others.subList(10, 20));
        JsonNode result = post(eli, "/" + id + "/custom-enrich", "{\"geneSetName\":\"half kinases\",\"geneIds\":"
                + ExperimentApi.json(geneSet) + "}", 200);
        // the whole result (every kinase, not only the controls found) within every gene of the organism
        JsonNode expected = EvaluationJson.mapper().valueToTree(CustomEnrichment.analyse("half kinases", geneSet,
                kinases.ids(), all.ids(), positives));
        assertEquals(expected, withoutBackground(result));
        assertEquals(geneSet.size(), result.path("geneSetResolution").path("resolved").asInt(), "genes of the site as typed");
        assertEquals(0, result.path("geneSetResolution").path("unknown").size());
        assertTrue(result.path("backgroundResolution").isMissingNode(), "no background given");
        assertEquals("search", result.path("backgroundSource").asText());
        assertEquals(PF, result.path("backgroundOrganism").asText());
        assertEquals(10, result.path("overlapCount").asInt());
        assertEquals(2, result.path("tpCount").asInt());
        assertEquals(all.ids().size(), result.path("backgroundSize").asInt());
    }

    @Test
    void aGeneIdExperimentsBackgroundIsTheOrganismOfItsGenesUnlessThatIsAmbiguous() throws Exception {
        String gus = ExperimentApi.newUser("gus");
        ExperimentApi.SearchAnswer kinases = ExperimentApi.run(gus, ExperimentApi.KINASES);
        ExperimentApi.SearchAnswer all = ExperimentApi.run(gus, ExperimentApi.FALCIPARUM);
        ExperimentApi.SearchAnswer vivax = ExperimentApi.run(gus, ExperimentApi.FALCIPARUM.replace(PF, VIVAX));
        List<String> targets = kinases.ids().subList(0, 20);
        List<String> positives = targets.subList(0, 3);
        String id = completed(gus, "{\"siteId\":\"plasmodb\",\"targetGeneIds\":" + ExperimentApi.json(targets)
                + ",\"positiveControls\":" + ExperimentApi.json(positives) + "}");
        List<String> geneSet = new ArrayList<>(kinases.ids().subList(10, Math.min(30, kinases.ids().size())));
        JsonNode result = post(gus, "/" + id + "/custom-enrich", "{\"geneSetName\":\"kinases\",\"geneIds\":"
                + ExperimentApi.json(geneSet) + "}", 200);
        assertEquals("genes", result.path("backgroundSource").asText());
        assertEquals(PF, result.path("backgroundOrganism").asText());
        assertEquals(EvaluationJson.mapper().valueToTree(CustomEnrichment.analyse("kinases", geneSet, targets, all.ids(),
                positives)), withoutBackground(result));
        assertEquals(all.ids().size(), result.path("backgroundSize").asInt());

        // genes of two organisms: the background is ambiguous, and the refusal names both
        List<String> mixed = new ArrayList<>(targets.subList(0, 5));
        mixed.addAll(vivax.ids().subList(0, 5));
        String both = completed(gus, "{\"siteId\":\"plasmodb\",\"targetGeneIds\":" + ExperimentApi.json(mixed)
                + ",\"positiveControls\":" + ExperimentApi.json(positives) + "}");
        JsonNode ambiguous = post(gus, "/" + both + "/custom-enrich", "{\"geneSetName\":\"kinases\",\"geneIds\":"
                + ExperimentApi.json(geneSet) + "}", 422);
        assertEquals("/organism", ambiguous.path("errors").get(0).path("pointer").asText());
        String why = ambiguous.path("errors").get(0).path("message").asText();
        assertTrue(why.contains("2 organisms") && why.contains(PF) && why.contains(VIVAX), why);
        JsonNode named = post(gus, "/" + both + "/custom-enrich", "{\"geneSetName\":\"kinases\",\"geneIds\":"
                + ExperimentApi.json(geneSet) + ",\"organism\":\"" + VIVAX + "\"}", 200);
        assertEquals("organism", named.path("backgroundSource").asText());
        assertEquals(VIVAX, named.path("backgroundOrganism").asText());
        assertEquals(vivax.ids().size(), named.path("backgroundSize").asInt());
        post(ExperimentApi.newUser("other"), "/" + id + "/custom-enrich", "{\"geneSetName\":\"x\",\"geneIds\":[\"T1\"]}", 404);
    }

    @Test
    void theGeneSetAndTheBackgroundAreResolvedAgainstTheSiteBeforeTheyAreCounted() throws Exception {
        // issue 38: a lowercase spelling, a transcript ID, no such gene, a gene, the first gene again
        String ida = ExperimentApi.newUser("ida");
        List<String> targets = List.of("PF3D7_0105300", "PF3D7_0100100", "PF3D7_0100600", "PF3D7_0100700");
        String id = completed(ida, "{\"siteId\":\"plasmodb\",\"targetGeneIds\":" + ExperimentApi.json(targets)
                + ",\"positiveControls\":[\"PF3D7_0105300\"]}");
        List<String> background = new ArrayList<>();
        for (int i = 1; i <= 16; i++) {
            background.add(String.format(java.util.Locale.ROOT, "PF3D7_01%03d00", i));
        }
        background.add("PF3D7_0105300");
        background.add("BOGUS");
        background.add("pf3d7_0100200");
        List<String> geneSet = ControlResolutionResourceTest.ISSUE_POSITIVES;
        JsonNode result = post(ida, "/" + id + "/custom-enrich", "{\"geneSetName\":\"issue 38\",\"geneIds\":"
                + ExperimentApi.json(geneSet) + ",\"backgroundIds\":" + ExperimentApi.json(background) + "}", 200);
        List<String> genes = List.of("PF3D7_0105300", "PF3D7_0100100", "PF3D7_0100600");
        List<String> backgroundGenes = background.subList(0, 17);
        JsonNode expected = EvaluationJson.mapper().valueToTree(CustomEnrichment.analyse("issue 38", genes, targets,
                backgroundGenes, List.of("PF3D7_0105300")));
        assertEquals(expected, withoutBackground(result));
        assertEquals(3, result.path("geneSetSize").asInt(), "three genes: the unknown ID uncounted, the twin merged");
        assertEquals(3, result.path("overlapCount").asInt());
        assertEquals(17, result.path("backgroundSize").asInt());
        JsonNode set = result.path("geneSetResolution");
        assertEquals(3, set.path("resolved").asInt());
        assertEquals(List.of("pf3d7_0105300", "PF3D7_0100100.1"), texts(set.path("renamed"), "input"));
        assertEquals(List.of("PF3D7_0105300", "PF3D7_0100100"), texts(set.path("renamed"), "geneId"));
        assertEquals(List.of("FAKE_GENE_1"), JSON.convertValue(set.path("unknown"), List.class));
        assertEquals(List.of("PF3D7_0105300"), JSON.convertValue(set.path("duplicates"), List.class));
        JsonNode given = result.path("backgroundResolution");
        assertEquals(17, given.path("resolved").asInt());
        assertEquals(List.of("BOGUS"), JSON.convertValue(given.path("unknown"), List.class));
        assertEquals(List.of("pf3d7_0100200"), JSON.convertValue(given.path("duplicates"), List.class));

        // nothing the site knows: the list is named, with its IDs
        JsonNode noGene = post(ida, "/" + id + "/custom-enrich", "{\"geneSetName\":\"x\",\"geneIds\":[\"FAKE_GENE_1\",\"BOGUS\"],"
                + "\"backgroundIds\":" + ExperimentApi.json(background) + "}", 422);
        assertEquals("/geneIds", noGene.path("errors").get(0).path("pointer").asText());
        assertTrue(noGene.path("errors").get(0).path("message").asText().contains("FAKE_GENE_1, BOGUS"), noGene.toString());
        JsonNode noBackground = post(ida, "/" + id + "/custom-enrich", "{\"geneSetName\":\"x\",\"geneIds\":[\"PF3D7_0100100\"],"
                + "\"backgroundIds\":[\"BOGUS\",\"NOT_A_GENE\"]}", 422);
        assertEquals("/backgroundIds", noBackground.path("errors").get(0).path("pointer").asText());
        assertTrue(noBackground.path("errors").get(0).path("message").asText().contains("BOGUS, NOT_A_GENE"),
                noBackground.toString());
    }

    private static List<String> texts(JsonNode items, String field) {
        List<String> out = new ArrayList<>();
        items.forEach(item -> out.add(item.path(field).asText()));
        return out;
    }

    /** The answer without the background's description and the lists' resolutions, which evaluation-core's result does not have. */
    private static JsonNode withoutBackground(JsonNode result) {
        com.fasterxml.jackson.databind.node.ObjectNode copy = result.deepCopy();
        copy.remove(List.of("backgroundSource", "backgroundOrganism", "geneSetResolution", "backgroundResolution"));
        return copy;
    }

    @Test
    void theComparisonHoldsEveryStoredTermWithEachExperimentsFoldEnrichment() throws Exception {
        String fay = ExperimentApi.newUser("fay");
        ExperimentApi.SearchAnswer kinases = ExperimentApi.run(fay, ExperimentApi.KINASES);
        String search = completed(fay, "{\"siteId\":\"plasmodb\",\"name\":\"all kinases\",\"searchName\":\"GenesByGoTerm\","
                + "\"parameters\":{\"organism\":[\"" + PF + "\"],\"go_typeahead\":[\"GO:0004672\"]},\"positiveControls\":"
                + ExperimentApi.json(kinases.ids().subList(0, 3)) + "}");
        String half = completed(fay, "{\"siteId\":\"plasmodb\",\"name\":\"half\",\"targetGeneIds\":"
                + ExperimentApi.json(kinases.ids().subList(0, kinases.ids().size() / 2)) + ",\"positiveControls\":"
                + ExperimentApi.json(kinases.ids().subList(0, 3)) + "}");
        JsonNode a = post(fay, "/" + search + "/enrich", "{\"enrichmentTypes\":[\"go_process\",\"word\"]}", 200);
        JsonNode b = post(fay, "/" + half + "/enrich", "{\"enrichmentTypes\":[\"go_process\"]}", 200);

        JsonNode matrix = post(fay, "/enrichment-compare", "{\"experimentIds\":[\"" + search + "\",\"" + half
                + "\"],\"analysisType\":\"go_process\"}", 200);
        assertEquals(Map.of(search, "all kinases", half, "half"), JSON.convertValue(matrix.path("experimentLabels"), Map.class));
        Map<String, Double> foldA = folds(a.get(0));
        Map<String, Double> foldB = folds(b.get(0));
        Set<String> union = new LinkedHashSet<>(foldA.keySet());
        union.addAll(foldB.keySet());
        assertEquals(union.size(), matrix.path("totalTerms").asInt());
        double previousMax = Double.MAX_VALUE;
        for (JsonNode row : matrix.path("rows")) {
            String term = row.path("termKey").asText().substring("go_process:".length());
            assertEquals("go_process", row.path("analysisType").asText());
            assertScore(foldA.get(term), row.path("scores").path(search));
            assertScore(foldB.get(term), row.path("scores").path(half));
            int count = (foldA.containsKey(term) ? 1 : 0) + (foldB.containsKey(term) ? 1 : 0);
            assertEquals(count, row.path("experimentCount").asInt());
            double max = Math.max(foldA.getOrDefault(term, 0.0), foldB.getOrDefault(term, 0.0));
            assertEquals(max, row.path("maxScore").asDouble(), 1e-9);
            assertTrue(max <= previousMax, "rows by their highest score");
            previousMax = max;
        }
        JsonNode everything = post(fay, "/enrichment-compare", "{\"experimentIds\":[\"" + search + "\",\"" + half + "\"]}", 200);
        assertEquals(union.size() + a.get(1).path("terms").size(), everything.path("totalTerms").asInt(),
                "without a filter the word terms count too");

        assertEquals("/experimentIds", post(fay, "/enrichment-compare", "{\"experimentIds\":[\"" + search + "\"]}", 400)
                .path("errors").get(0).path("pointer").asText());
        assertEquals("/analysisType", post(fay, "/enrichment-compare", "{\"experimentIds\":[\"" + search + "\",\"" + half
                + "\"],\"analysisType\":\"kegg\"}", 400).path("errors").get(0).path("pointer").asText());
        post(fay, "/enrichment-compare", "{\"experimentIds\":[\"" + search + "\",\"" + java.util.UUID.randomUUID()
                + "\"]}", 404);
        post(ExperimentApi.newUser("other"), "/enrichment-compare", "{\"experimentIds\":[\"" + search + "\",\"" + half
                + "\"]}", 404);
    }

    private static Map<String, Double> folds(JsonNode result) {
        Map<String, Double> folds = new HashMap<>();
        result.path("terms").forEach(term -> folds.put(term.path("termId").asText(), term.path("foldEnrichment").asDouble()));
        assertTrue(!folds.isEmpty(), result.toString());
        return folds;
    }

    private static void assertScore(Double expected, JsonNode actual) {
        if (expected == null) {
            assertTrue(actual.isNull(), "absent terms score null");
        } else {
            assertEquals(expected, actual.asDouble(), 1e-9);
        }
    }
}
