package org.strategylab.experiment.results;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.strategylab.experiment.support.ExperimentApi;
import org.strategylab.testsupport.InProcessKafkaResource;
import org.strategylab.experiment.support.OperationEvents;
import org.strategylab.experiment.support.UpstreamStackResource;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import org.strategylab.experiment.analysis.enrichment.ExperimentEnrichmentTest;

/**
 * The HTML report of a run experiment as a biologist reads it (issue 38 item 7): enrichment sections
 * with the real gene counts under readable names, the control set by name, and the classified results
 * as a CSV download beside it.
 */
@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = UpstreamStackResource.class, restrictToAnnotatedClass = false)
class ExperimentReportTest {
    private static final String EXPERIMENTS = "/api/v1/experiments";

    @Inject
    OperationEvents events;

    /** A completed kinase experiment whose controls come from a named set, enriched for GO processes. */
    private String experiment(String user, String setName) throws Exception {
        ExperimentApi.SearchAnswer kinases = ExperimentApi.run(user, ExperimentApi.KINASES);
        ExperimentApi.SearchAnswer all = ExperimentApi.run(user, ExperimentApi.FALCIPARUM);
        List<String> others = new ArrayList<>(all.ids());
        others.removeAll(new HashSet<>(kinases.ids()));
        String set = ExperimentApi.as(user).body("{\"name\":\"" + setName + "\",\"siteId\":\"plasmodb\",\"positiveIds\":"
                        + ExperimentApi.json(kinases.ids().subList(0, 4)) + ",\"negativeIds\":"
                        + ExperimentApi.json(others.subList(0, 4)) + "}")
                .when().post("/api/v1/control-sets").then().statusCode(201).extract().path("id");
        String body = "{\"siteId\":\"plasmodb\",\"searchName\":\"GenesByGoTerm\",\"parameters\":{\"organism\":[\""
                + ExperimentEnrichmentTest.PF + "\"],\"go_typeahead\":[\"GO:0004672\"]},\"controlSetId\":\"" + set
                + "\",\"enrichmentTypes\":[\"go_process\"]}";
        JsonPath run = ExperimentApi.as(user).body(body).when().post(EXPERIMENTS).then().statusCode(202)
                .extract().jsonPath();
        events.awaitEnd(run.getString("operationId"), ExperimentApi.RUN);
        String id = run.getString("experimentId");
        ExperimentApi.as(user).when().get(EXPERIMENTS + "/" + id).then().statusCode(200)
                .body("status", equalTo("completed"));
        return id;
    }

    @Test
    void theReportStatesTheGenesAnalysedNamesSectionsAndTheControlSetAndLinksTheCsv() throws Exception {
        String eve = ExperimentApi.newUser("eve");
        String id = experiment(eve, "Curated kinases, 2026");
        JsonPath stored = ExperimentApi.as(eve).when().get(EXPERIMENTS + "/" + id).then().statusCode(200)
                .extract().jsonPath();
        int resultGenes = stored.getInt("metrics.totalResults");
        assertTrue(resultGenes > 0);
        assertEquals(resultGenes, stored.getInt("enrichmentResults[0].totalGenesAnalyzed"),
                "the API answer carries the genes analysed: the result's genes");

        String html = ExperimentApi.as(eve).when().get(EXPERIMENTS + "/" + id + "/export").then().statusCode(200)
                .extract().asString();
        assertTrue(html.contains("<h3>GO biological process</h3>"), "readable section name");
        assertFalse(html.contains("<h3>go_process</h3>"));
        assertTrue(html.contains(resultGenes + " genes analysed;"), "the real gene count");
        assertFalse(html.contains(">0 genes analysed"), "never 0 genes");
        assertTrue(html.contains("<tr><th>Control set</th><td>Curated kinases, 2026</td></tr>"), "the set by name");
        Matcher link = Pattern.compile("<a id=\"results-csv\" href=\"([^\"]+)\"").matcher(html);
        assertTrue(link.find(), "the report links the CSV");
        assertEquals("results.csv", link.group(1), "relative to .../{id}/export, so .../{id}/results.csv");
    }

    @Test
    void theClassifiedResultsDownloadAsCsvTheOwnersOnly() throws Exception {
        String fay = ExperimentApi.newUser("fay");
        String id = experiment(fay, "kinases");
        JsonPath stored = ExperimentApi.as(fay).when().get(EXPERIMENTS + "/" + id).then().extract().jsonPath();
        Map<String, String> expected = new LinkedHashMap<>();
        Map<String, String> products = new LinkedHashMap<>();
        for (String[] list : new String[][] {{"truePositiveGenes", "TP"}, {"falseNegativeGenes", "FN"},
                {"falsePositiveGenes", "FP"}, {"trueNegativeGenes", "TN"}}) {
            List<Map<String, Object>> genes = stored.getList(list[0]);
            for (Map<String, Object> g : genes) {
                expected.put((String) g.get("id"), list[1]);
                products.put((String) g.get("id"), (String) g.get("product"));
            }
        }
        assertTrue(expected.containsValue("TP"), expected.toString());

        String csv = ExperimentApi.as(fay).when().get(EXPERIMENTS + "/" + id + "/results.csv").then()
                .statusCode(200).contentType(startsWith("text/csv"))
                .header("Content-Disposition", equalTo("attachment; filename=\"experiment-" + id + "-results.csv\""))
                .extract().asString();
        ObjectReader reader = new CsvMapper().readerFor(Map.class).with(CsvSchema.emptySchema().withHeader());
        Map<String, String> classes = new LinkedHashMap<>();
        try (MappingIterator<Map<String, String>> rows = reader.readValues(csv)) {
            while (rows.hasNext()) {
                Map<String, String> row = rows.next();
                assertEquals(List.of("gene_id", "class", "name", "organism", "product"), List.copyOf(row.keySet()));
                classes.put(row.get("gene_id"), row.get("class"));
                String product = products.get(row.get("gene_id"));
                assertEquals(product == null ? "" : product, row.get("product"), "quoted fields read back whole");
            }
        }
        assertEquals(expected, classes, "one row per classified gene with its class");

        ExperimentApi.as(ExperimentApi.newUser("other")).when().get(EXPERIMENTS + "/" + id + "/results.csv")
                .then().statusCode(404).contentType(startsWith("application/problem+json"));
        ExperimentApi.as(fay).when().get(EXPERIMENTS + "/not-a-uuid/results.csv").then().statusCode(404)
                .contentType(startsWith("application/problem+json")).body("code", equalTo("EXPERIMENT_NOT_FOUND"));
    }
}
