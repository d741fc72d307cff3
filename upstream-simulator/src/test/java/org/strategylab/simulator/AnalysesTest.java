package org.strategylab.simulator;

import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.restassured.path.json.JsonPath;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.strategylab.simulator.faults.AnalysisFirstRun;

/** Checklist 10: step analyses (types, forms, lifecycle, ERROR on first run and re-run, result shape). */
class AnalysesTest {

    private final UpstreamSimulator sim = SharedSimulator.get();
    private final Guest guest = Guest.on(SharedSimulator.plasmo());

    @AfterEach
    void reset() {
        sim.faults().reset();
    }

    private static Map<String, String> goParams() {
        return Map.of("organism", Guest.PF, "goAssociationsOntologies", "[\"Biological Process\"]",
                "goEvidenceCodes", "[\"Computed\",\"Curated\"]", "goSubset", "No", "pValueCutoff", "0.05");
    }

    private long kinaseStrategyRoot() {
        long a = guest.taxonStep(Guest.PF);
        long b = guest.goStep("GO:0004672");
        long c = guest.booleanStep("INTERSECT");
        guest.strategy("kinases", Guest.node(c, Guest.node(a), Guest.node(b)));
        return c;
    }

    private String analyses(long step) {
        return "/users/current/steps/" + step + "/analyses";
    }

    @Test
    void typesAndFormsWithDefaults() {
        long step = kinaseStrategyRoot();
        guest.request().get(guest.base + "/users/current/steps/" + step + "/analysis-types").then().statusCode(200)
                .body("name", hasItems("go-enrichment", "pathway-enrichment", "word-enrichment"))
                .body("[0]", hasKey("paramNames")).body("[0]", hasKey("releaseVersion"));
        guest.request().get(guest.base + "/users/current/steps/" + step + "/analysis-types/go-enrichment").then().statusCode(200)
                .body("searchData.name", equalTo("go-enrichment")).body("validation.isValid", equalTo(true))
                .body("searchData.parameters.find { it.name == 'pValueCutoff' }.initialDisplayValue", equalTo("0.05"))
                .body("searchData.parameters.find { it.name == 'goEvidenceCodes' }.initialDisplayValue", equalTo("[\"Computed\",\"Curated\"]"))
                .body("searchData.parameters.find { it.name == 'organism' }.initialDisplayValue", equalTo(Guest.PF));
        guest.request().get(guest.base + "/users/current/steps/" + step + "/analysis-types/nope").then().statusCode(404);
        long loose = guest.taxonStep(Guest.PF);
        guest.request().get(guest.base + "/users/current/steps/" + loose + "/analysis-types").then().statusCode(422);
    }

    @Test
    void lifecycleCreatedRun202ThenResult204Then200WithRealRowKeys() {
        sim.faults().analysisRunTime(Duration.ofMillis(400));
        long step = kinaseStrategyRoot();
        JsonPath instance = guest.post(analyses(step), Map.of("analysisName", "go-enrichment", "parameters", goParams()))
                .then().statusCode(200).body("status", equalTo("CREATED")).body("stepId", equalTo((int) step))
                .body("analysisName", equalTo("go-enrichment")).extract().jsonPath();
        long id = instance.getLong("analysisId");
        String path = guest.base + analyses(step) + "/" + id;
        guest.request().post(path + "/result").then().statusCode(202).body("status", equalTo("RUNNING"));
        guest.request().get(path + "/result").then().statusCode(204);
        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(50)).until(() ->
                guest.request().get(path + "/result/status").jsonPath().getString("status").equals("COMPLETE"));
        JsonPath result = guest.request().get(path + "/result").then().statusCode(200)
                .body("$", hasKey("contextHash")).body("downloadUrl", containsString("/analyses/" + id + "/resources"))
                .body("goOntologies", equalTo(List.of("Biological Process"))).extract().jsonPath();
        Map<String, Object> row = result.getMap("resultData[0]");
        assertEquals(List.of("goId", "goTerm", "bgdGenes", "resultGenes", "percentInResult", "foldEnrich", "oddsRatio",
                "pValue", "benjamini", "bonferroni"), List.copyOf(row.keySet()));
        assertTrue(row.values().stream().allMatch(v -> v instanceof String));
        assertTrue(((String) row.get("resultGenes")).startsWith("<a href='/a/app/search/transcript/GeneByLocusTag?param.ds_gene_ids.idList="));
        assertEquals("GO:0006468", row.get("goId"), "protein phosphorylation should top a kinase result");
        assertFalse(result.getMap("").containsKey("resultSize"));
        guest.request().get(guest.base + analyses(step)).then().body("analysisId", hasItems((int) id));
    }

    @Test
    void aCombinedStepErrorsOnItsFirstRunAndSucceedsOnReRun() {
        sim.faults().analysisFirstRun(AnalysisFirstRun.ERRORS_ON_COMBINED_STEPS).analysisRunTime(Duration.ofMillis(10));
        long step = kinaseStrategyRoot();
        long id = guest.post(analyses(step), Map.of("analysisName", "pathway-enrichment", "parameters", Map.of(
                "organism", Guest.PF, "pathwaysSources", "[\"KEGG\",\"MetaCyc\"]", "pValueCutoff", "1",
                "exact_match_only", "Yes", "exclude_incomplete_ec", "No"))).then().statusCode(200).extract().jsonPath().getLong("analysisId");
        String path = guest.base + analyses(step) + "/" + id;
        guest.request().post(path + "/result").then().statusCode(202);
        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(20)).until(() ->
                guest.request().get(path + "/result/status").jsonPath().getString("status").equals("ERROR"));
        guest.request().get(path + "/result").then().statusCode(204);
        guest.request().post(path + "/result").then().statusCode(202);
        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(20)).until(() ->
                guest.request().get(path + "/result/status").jsonPath().getString("status").equals("COMPLETE"));
        guest.request().get(path + "/result").then().statusCode(200).body("resultData[0]", hasKey("pathwaySource"))
                .body("pathwaySources", equalTo(List.of("KEGG", "MetaCyc")));
    }

    @Test
    void laterRunsCanFailRunRequestsCanBeIgnoredAndResultsWithheld() {
        sim.faults().analysisRunTime(Duration.ofMillis(10)).analysisFailingRuns(2).analysisIgnoredRuns(1);
        long step = kinaseStrategyRoot();
        long id = guest.post(analyses(step), Map.of("analysisName", "go-enrichment", "parameters", goParams()))
                .then().statusCode(200).extract().jsonPath().getLong("analysisId");
        String path = guest.base + analyses(step) + "/" + id;
        // the first run request is acknowledged but not registered
        guest.request().post(path + "/result").then().statusCode(202).body("status", equalTo("CREATED"));
        guest.request().get(path + "/result/status").then().body("status", equalTo("CREATED"));
        for (int run = 1; run <= 2; run++) {
            guest.request().post(path + "/result").then().statusCode(202);
            await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(20)).until(() ->
                    guest.request().get(path + "/result/status").jsonPath().getString("status").equals("ERROR"));
        }
        sim.faults().analysisResultWithheld(true);
        guest.request().post(path + "/result").then().statusCode(202);
        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(20)).until(() ->
                guest.request().get(path + "/result/status").jsonPath().getString("status").equals("COMPLETE"));
        guest.request().get(path + "/result").then().statusCode(204);
        sim.faults().analysisResultWithheld(false);
        guest.request().get(path + "/result").then().statusCode(200);
    }

    @Test
    void createFillsNoDefaultsAndValidatesPluginRules() {
        long step = kinaseStrategyRoot();
        guest.post(analyses(step), Map.of("analysisName", "go-enrichment", "parameters", Map.of("organism", Guest.PF)))
                .then().statusCode(422).contentType(startsWith("text/plain")).body(containsString("pValueCutoff"));
        Map<String, String> zero = new java.util.HashMap<>(goParams());
        zero.put("pValueCutoff", "0");
        guest.post(analyses(step), Map.of("analysisName", "go-enrichment", "parameters", zero)).then().statusCode(422);
        Map<String, String> wrongOrganism = new java.util.HashMap<>(goParams());
        wrongOrganism.put("organism", "Plasmodium vivax P01");
        guest.post(analyses(step), Map.of("analysisName", "go-enrichment", "parameters", wrongOrganism)).then().statusCode(422);
        guest.post(analyses(step), Map.of("analysisName", "word-enrichment", "parameters",
                        Map.of("organism", Guest.PF, "pValueCutoff", "0.05"), "extra", 1)).then().statusCode(400);
        long id = guest.post(analyses(step), Map.of("analysisName", "word-enrichment", "parameters",
                Map.of("organism", Guest.PF, "pValueCutoff", "0.05"))).then().statusCode(200).extract().jsonPath().getLong("analysisId");
        String path = guest.base + analyses(step) + "/" + id;
        guest.request().post(path + "/result").then().statusCode(202);
        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(20)).until(() ->
                guest.request().get(path + "/result").statusCode() == 200);
        guest.request().get(path + "/result").then().body("resultData[0]", hasKey("word")).body("resultData[0]", hasKey("pathwayName"))
                .body("resultData[0].word", equalTo("kinase"));
        guest.request().delete(path).then().statusCode(204);
        guest.request().get(path).then().statusCode(404);
    }
}
