package org.strategylab.simulator;

import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Checklist 8 (reports, counts, filters, column distributions) and 9 (datasets). */
class ReportsAndDatasetsTest {

    private final Guest guest = Guest.on(SharedSimulator.plasmo());
    private static final Map<String, Object> COUNT_ONLY = Map.of("pagination", Map.of("offset", 0, "numRecords", 0));

    @Test
    void stepReportsRefuseStepsOutsideAStrategy() {
        long step = guest.taxonStep(Guest.PF);
        guest.report(step, COUNT_ONLY).then().statusCode(422).contentType(startsWith("text/plain"))
                .body(containsString("Step " + step + " is not part of a strategy, so cannot run."));
        guest.post("/users/current/steps/" + step + "/columns/gene_type/reports/byValue", Map.of("reportConfig", Map.of()))
                .then().statusCode(422);
    }

    @Test
    void totalCountCountsTranscriptsAndDisplayTotalCountGenes() {
        long step = guest.runnableLeaf("GenesByTaxon", Map.of("organism", "[\"" + Guest.PF + "\"]"));
        JsonPath meta = guest.report(step, COUNT_ONLY).then().statusCode(200).contentType(ContentType.JSON)
                .body("records", hasSize(0)).body("meta.responseCount", equalTo(0)).extract().jsonPath();
        int transcripts = meta.getInt("meta.totalCount");
        int genes = meta.getInt("meta.displayTotalCount");
        assertEquals(5621, genes);
        assertTrue(transcripts > genes, transcripts + " transcripts vs " + genes + " genes");
        guest.report(step, Map.of("viewFilters", List.of())).then().statusCode(400);
        guest.post("/users/current/steps/" + step + "/reports/standard", Map.of("reportConfig", COUNT_ONLY,
                "viewFilters", List.of(Map.of("name", "representativeTranscriptOnly", "value", Map.of()))))
                .then().statusCode(200).body("meta.totalCount", equalTo(transcripts))
                .body("meta.viewTotalCount", equalTo(genes)).body("meta.displayViewTotalCount", equalTo(genes));
        guest.request().get(guest.base + "/users/current/steps/" + step).then().body("estimatedSize", equalTo(genes))
                .body("lastRunTime", org.hamcrest.Matchers.notNullValue());
    }

    @Test
    void absentPaginationMeansAllAndAbsentAttributesMeanNone() {
        long step = guest.runnableLeaf("GenesByTransmembraneDomains", Map.of("organism", "[\"" + Guest.PF + "\"]", "min_tm", "8"));
        JsonPath all = guest.report(step, Map.of()).then().statusCode(200).extract().jsonPath();
        int total = all.getInt("meta.totalCount");
        assertEquals(total, all.getList("records").size());
        assertTrue(total > 0);
        assertEquals(Map.of(), all.getMap("records[0].attributes"));
        assertEquals(List.of("gene_source_id", "source_id", "project_id"), all.getList("records[0].id.name"));
        assertEquals("TranscriptRecordClasses.TranscriptRecordClass", all.getString("records[0].recordClassName"));
        guest.report(step, Map.of("attributes", "__DEFAULT_ATTRIBUTES__", "pagination", Map.of("offset", 0, "numRecords", 1)))
                .then().body("records[0].attributes", hasKey("gene_product")).body("records[0].attributes", hasKey("organism"));
        guest.report(step, Map.of("attributes", List.of("no_such_attribute"))).then().statusCode(422);
    }

    @Test
    void sortingOrdersRecordsAndTablesAreIncludedOnRequest() {
        long step = guest.runnableLeaf("GenesByMolecularWeight", Map.of("organism", "[\"" + Guest.PF + "\"]",
                "min_molecular_weight", "20000", "max_molecular_weight", "40000"));
        List<String> weights = guest.report(step, Map.of("attributes", List.of("molecular_weight"),
                        "sorting", List.of(Map.of("attributeName", "molecular_weight", "direction", "DESC")),
                        "pagination", Map.of("offset", 0, "numRecords", 50), "tables", List.of("GOTerms")))
                .then().statusCode(200).body("records[0].tables", hasKey("GOTerms"))
                .body("meta.sorting[0].direction", equalTo("DESC")).extract().jsonPath().getList("records.attributes.molecular_weight");
        List<Double> numbers = new ArrayList<>(weights.stream().map(Double::parseDouble).toList());
        List<Double> sorted = new ArrayList<>(numbers);
        sorted.sort(java.util.Comparator.reverseOrder());
        assertEquals(sorted, numbers);
        assertTrue(numbers.get(0) <= 40000 && numbers.get(numbers.size() - 1) >= 20000);
    }

    @Test
    void persistentFiltersLiveInTheSearchConfigAndAnswerParamsCannotChange() {
        long a = guest.taxonStep(Guest.PF);
        long b = guest.goStep("GO:0004672");
        long c = guest.booleanStep("INTERSECT");
        guest.strategy("filters", Guest.node(c, Guest.node(a), Guest.node(b)));
        int before = guest.count(c);
        Map<String, Object> params = Map.of(Guest.LEFT, String.valueOf(a), Guest.RIGHT, String.valueOf(b), "bq_operator", "INTERSECT");
        guest.request().body(Map.of("parameters", params, "filters",
                List.of(Map.of("name", "representativeTranscriptOnly", "value", Map.of()))))
                .put(guest.base + "/users/current/steps/" + c + "/search-config").then().statusCode(204);
        int after = guest.count(c);
        assertTrue(after <= before);
        guest.request().get(guest.base + "/users/current/steps/" + c).then()
                .body("searchConfig.filters[0].name", equalTo("representativeTranscriptOnly")).body("isFiltered", is(true));
        guest.request().body(Map.of("parameters", Map.of(Guest.LEFT, "1", Guest.RIGHT, String.valueOf(b), "bq_operator", "UNION")))
                .put(guest.base + "/users/current/steps/" + c + "/search-config").then().statusCode(422)
                .body(containsString("Changes to answer param values are not allowed."));
        guest.request().body(Map.of("parameters", params, "filters", List.of(Map.of("name", "nope", "value", Map.of()))))
                .put(guest.base + "/users/current/steps/" + c + "/search-config").then().statusCode(422);
        guest.request().body(Map.of("parameters", Map.of(Guest.LEFT, String.valueOf(a), Guest.RIGHT, String.valueOf(b),
                "bq_operator", "UNION"))).put(guest.base + "/users/current/steps/" + c + "/search-config").then().statusCode(204);
        assertNotEquals(before, guest.count(c));
    }

    @Test
    void columnDistributions() {
        long step = guest.runnableLeaf("GenesByTaxon", Map.of("organism", "[\"" + Guest.PF + "\"]"));
        String base = "/users/current/steps/" + step + "/columns/";
        guest.post(base + "gene_type/reports/byValue", Map.of("reportConfig", Map.of())).then().statusCode(200)
                .body("histogram.binLabel", org.hamcrest.Matchers.hasItem("protein coding gene"))
                .body("statistics.subsetSize", greaterThan(5621)).body("statistics.numDistinctValues", greaterThan(1));
        guest.post(base + "molecular_weight/reports/byValue", Map.of("reportConfig", Map.of())).then().statusCode(200)
                .body("histogram", hasSize(10)).body("histogram[0]", hasKey("binStart")).body("statistics", hasKey("subsetMean"));
        guest.post(base + "primary_key/reports/byValue", Map.of("reportConfig", Map.of())).then().statusCode(200)
                .body("histogram", hasSize(0));
        guest.post(base + "no_such_column/reports/byValue", Map.of("reportConfig", Map.of())).then().statusCode(404)
                .contentType(startsWith("text/plain"));
    }

    @Test
    void datasetsAreOwnedAndGeneByLocusTagDropsUnknownIds() {
        var created = guest.post("/users/current/datasets", Map.of("sourceType", "idList",
                "sourceContent", Map.of("ids", List.of("PF3D7_1222600", "NOT_A_GENE", "PF3D7_1031000.1", "PF3D7_0209000"))));
        created.then().statusCode(200).contentType(ContentType.JSON);
        assertTrue(created.jsonPath().get("id") instanceof Number);
        long dataset = created.jsonPath().getLong("id");
        long step = guest.runnableLeaf("GeneByLocusTag", Map.of("ds_gene_ids", String.valueOf(dataset)));
        JsonPath report = guest.report(step, Map.of("attributes", List.of("input_id", "dataset_order"),
                "sorting", List.of(Map.of("attributeName", "dataset_order", "direction", "ASC")))).jsonPath();
        assertEquals(List.of("PF3D7_1222600", "PF3D7_1031000", "PF3D7_0209000"),
                report.getList("records.id.collect { it[0].value }").stream().distinct().toList());
        assertEquals("PF3D7_1031000.1", report.getList("records.attributes.input_id").get(report.getList("records").size() - 2 >= 0
                ? report.getList("records.attributes.input_id").indexOf("PF3D7_1031000.1") : 0));
        guest.post("/users/current/datasets", Map.of("sourceType", "idList", "sourceContent", Map.of("ids", List.of())))
                .then().statusCode(422).body(containsString("At least 1 ID must be submitted"));
        guest.post("/users/current/datasets", Map.of("sourceType", "idList", "displayName", "x",
                "sourceContent", Map.of("ids", List.of("PF3D7_1222600")))).then().statusCode(400);
        Guest other = Guest.on(guest.base);
        other.post("/users/current/steps", Map.of("searchName", "GeneByLocusTag",
                "searchConfig", Map.of("parameters", Map.of("ds_gene_ids", String.valueOf(dataset))))).then().statusCode(422)
                .body(containsString("ds_gene_ids"));
    }

    @Test
    void anonymousReportsNeedBothTopLevelKeys() {
        guest.post("/record-types/transcript/searches/GenesByTaxon/reports/standard", Map.of("reportConfig", COUNT_ONLY))
                .then().statusCode(400).body(containsString("searchConfig"));
        guest.post("/record-types/transcript/searches/GenesByOrthologs/reports/standard", Map.of("searchConfig",
                Map.of("parameters", Map.of()), "reportConfig", COUNT_ONLY)).then().statusCode(422);
        guest.post("/record-types/transcript/searches/GenesByTaxon/reports/standard", Map.of("searchConfig",
                        Map.of("parameters", Map.of("organism", "[\"Plasmodium vivax P01\"]")), "reportConfig", COUNT_ONLY))
                .then().statusCode(200).body("meta.displayTotalCount", greaterThan(5000))
                .body("meta", not(hasKey("displayedCount"))).body("meta.sorting.attributeName", contains("organism", "gene_location_text"));
    }
}
