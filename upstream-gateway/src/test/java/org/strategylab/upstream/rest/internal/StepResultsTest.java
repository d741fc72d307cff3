package org.strategylab.upstream.rest.internal;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.strategylab.upstream.support.Callers.PLASMO;
import static org.strategylab.upstream.support.Callers.as;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.strategylab.upstream.support.Callers;
import org.strategylab.upstream.support.Trees;
import org.strategylab.upstream.support.UpstreamTest;

/** Steps, results, ordered IDs, filters, distributions, downloads, records, datasets and search runs. */
@QuarkusTest
@UpstreamTest
class StepResultsTest {

    private static final String alice = Callers.newUser("alice");

    @Test
    void anUnattachedStepCannotBeReadUntilItIsInAStrategy() {
        JsonPath step = as(alice).body("{\"searchName\":\"GenesByGoTerm\",\"customName\":\"kinases\",\"parameters\":"
                        + "{\"organism\":\"Plasmodium falciparum 3D7\",\"go_typeahead\":\"GO:0004672\"}}")
                .when().post(PLASMO + "/steps")
                .then().statusCode(201).extract().jsonPath();
        long stepId = step.getLong("stepId");
        assertEquals("kinases", step.getString("customName"));
        assertEquals("[\"GO:0004672\"]", step.getString("parameters.go_typeahead"));
        as(alice).when().get(PLASMO + "/steps/" + stepId + "/records")
                .then().statusCode(409).body("code", equalTo("STEP_NOT_IN_STRATEGY"));
        as(alice).body("{\"customName\":\"protein kinases\"}").when().patch(PLASMO + "/steps/" + stepId)
                .then().statusCode(200).body("customName", equalTo("protein kinases"));
        // an existing step in a new strategy
        as(alice).body("{\"name\":\"wrap\",\"tree\":{\"stepId\":" + stepId + "}}").when().post(PLASMO + "/strategies")
                .then().statusCode(201);
        as(alice).when().get(PLASMO + "/steps/" + stepId).then().statusCode(200).body("strategyId", notNullValue());
        as(alice).when().delete(PLASMO + "/steps/" + stepId)
                .then().statusCode(409).body("code", equalTo("STEP_IN_STRATEGY"));
    }

    @Test
    void previewPagesSortAndCounts() {
        long step = rootOf(Trees.FALCIPARUM);
        JsonPath preview = as(alice).when().get(PLASMO + "/steps/" + step + "/records")
                .then().statusCode(200).extract().jsonPath();
        assertEquals(100, preview.getList("records").size(), "default preview is 100 records");
        assertTrue(preview.getLong("totalCount") > preview.getLong("displayTotalCount"), "transcripts outnumber genes");
        as(alice).queryParam("offset", 10).queryParam("limit", 5).queryParam("sort", "gene_end_max")
                .queryParam("direction", "desc").queryParam("attributes", "gene_end_max,gene_product")
                .when().get(PLASMO + "/steps/" + step + "/records")
                .then().statusCode(200)
                .body("records.size()", equalTo(5))
                .body("offset", equalTo(10))
                .body("records[0].primaryKey.project_id", equalTo("PlasmoDB"))
                .body("records[0].attributes.gene_product", notNullValue());
        as(alice).queryParam("attributes", "no_such_attribute").when().get(PLASMO + "/steps/" + step + "/records")
                .then().statusCode(422);
        as(alice).queryParam("direction", "sideways").when().get(PLASMO + "/steps/" + step + "/records")
                .then().statusCode(422).body("errors.pointer", contains("query:direction"));
    }

    @Test
    void orderedIdsDefaultToAtMost5000OnePerGene() {
        long step = rootOf(Trees.FALCIPARUM);
        JsonPath all = as(alice).when().get(PLASMO + "/steps/" + step + "/ordered-ids")
                .then().statusCode(200).extract().jsonPath();
        List<String> ids = all.getList("ids");
        assertEquals(5000, ids.size());
        assertEquals(ids.size(), new HashSet<>(ids).size(), "one id per gene");
        assertTrue(all.getBoolean("truncated"));
        assertTrue(all.getLong("totalCount") > 5000);

        List<Number> weights = new ArrayList<>();
        JsonPath heavy = as(alice).queryParam("max", 20).queryParam("sortAttribute", "gene_end_max")
                .queryParam("direction", "DESC").when().get(PLASMO + "/steps/" + step + "/ordered-ids")
                .then().statusCode(200).extract().jsonPath();
        assertEquals(20, heavy.getList("ids").size());
        assertEquals("DESC", heavy.getString("direction"));
        // the heaviest gene first: its weight is at least the 20th's
        for (String id : List.of(heavy.getList("ids").get(0).toString(), heavy.getList("ids").get(19).toString())) {
            weights.add(Double.parseDouble(as(alice).body("{\"primaryKey\":{\"gene_source_id\":\"" + id + "\",\"source_id\":\""
                            + id + ".1\"},\"attributes\":[\"gene_end_max\"]}")
                    .when().post(PLASMO + "/records").then().statusCode(200)
                    .extract().jsonPath().getString("attributes.gene_end_max").replace(",", "")));
        }
        assertTrue(weights.get(0).doubleValue() >= weights.get(1).doubleValue());
        as(alice).queryParam("max", 999999).when().get(PLASMO + "/steps/" + step + "/ordered-ids")
                .then().statusCode(422).body("errors.pointer", contains("query:max"));
    }

    /**
     * Counts are genes (issue 38 item 2): sorted by a transcript-level attribute (the
     * representative flag, "No" before "Yes"), a gene takes the rank of its first transcript row,
     * holds one rank only, and the answer states genes and transcripts.
     */
    @Test
    void orderedIdsRankEachGeneOnceAtItsFirstTranscriptRow() {
        long step = rootOf(Trees.KINASES);
        JsonPath rows = as(alice).queryParam("limit", 1000).queryParam("sort", "is_representative")
                .queryParam("direction", "ASC").queryParam("attributes", "gene_transcript_count")
                .when().get(PLASMO + "/steps/" + step + "/records")
                .then().statusCode(200).extract().jsonPath();
        long transcripts = rows.getLong("totalCount");
        long genes = rows.getLong("displayTotalCount");
        List<String> rowGenes = rows.getList("records.primaryKey.gene_source_id", String.class);
        assertEquals(transcripts, rowGenes.size(), "every transcript row read");
        assertTrue(transcripts > genes, "the GO result has genes with several transcripts");
        List<String> firstSeen = new ArrayList<>(new java.util.LinkedHashSet<>(rowGenes));
        assertEquals(genes, firstSeen.size());

        JsonPath ranked = as(alice).queryParam("sortAttribute", "is_representative").queryParam("direction", "ASC")
                .when().get(PLASMO + "/steps/" + step + "/ordered-ids")
                .then().statusCode(200).extract().jsonPath();
        assertEquals(firstSeen, ranked.getList("ids", String.class), "each gene once, at its first transcript row");
        assertEquals(genes, ranked.getLong("totalCount"), "the total is in genes");
        assertEquals(transcripts, ranked.getLong("totalTranscripts"), "transcripts beside it");
        assertEquals(false, ranked.getBoolean("truncated"));
        // a gene with several transcripts has a non-representative row, so it ranks before every one-transcript gene
        java.util.Map<String, Integer> transcriptsOf = new java.util.HashMap<>();
        List<String> counts = rows.getList("records.attributes.gene_transcript_count", String.class);
        for (int i = 0; i < rowGenes.size(); i++) {
            transcriptsOf.put(rowGenes.get(i), Integer.parseInt(counts.get(i)));
        }
        List<String> ids = ranked.getList("ids", String.class);
        long several = ids.stream().filter(id -> transcriptsOf.get(id) > 1).count();
        assertTrue(several > 0);
        assertTrue(ids.subList(0, (int) several).stream().allMatch(id -> transcriptsOf.get(id) > 1),
                "genes with a non-representative transcript first");

        // fewer genes asked for than the first rows hold: the ranks are the same, cut at the maximum
        JsonPath top = as(alice).queryParam("max", (int) several).queryParam("sortAttribute", "is_representative")
                .queryParam("direction", "ASC").when().get(PLASMO + "/steps/" + step + "/ordered-ids")
                .then().statusCode(200).extract().jsonPath();
        assertEquals(firstSeen.subList(0, (int) several), top.getList("ids", String.class));
        assertTrue(top.getBoolean("truncated"));
    }

    @Test
    void filtersLiveInTheSearchConfig() {
        long step = rootOf(Trees.KINASES);
        long before = as(alice).queryParam("limit", 0).when().get(PLASMO + "/steps/" + step + "/records")
                .then().statusCode(200).extract().jsonPath().getLong("totalCount");
        as(alice).when().get(PLASMO + "/steps/" + step + "/filters").then().statusCode(200).body("filters", empty());
        as(alice).body("{\"filters\":[{\"name\":\"representativeTranscriptOnly\",\"value\":{}}]}")
                .when().put(PLASMO + "/steps/" + step + "/filters")
                .then().statusCode(200).body("filters.name", contains("representativeTranscriptOnly"));
        as(alice).when().get(PLASMO + "/steps/" + step + "/filters")
                .then().statusCode(200).body("filters.name", contains("representativeTranscriptOnly"));
        long after = as(alice).queryParam("limit", 0).when().get(PLASMO + "/steps/" + step + "/records")
                .then().statusCode(200).extract().jsonPath().getLong("totalCount");
        assertTrue(after < before, "one transcript per gene is fewer records");
        as(alice).body("{\"filters\":[{\"name\":\"no_such_filter\",\"value\":{}}]}")
                .when().put(PLASMO + "/steps/" + step + "/filters")
                .then().statusCode(422).body("errors.pointer", hasItem(startsWith("/filters")));
    }

    @Test
    void columnDistributionsAreEmptyWhenUnsupported() {
        long step = rootOf(Trees.KINASES);
        as(alice).when().get(PLASMO + "/steps/" + step + "/columns/gene_type/distribution")
                .then().statusCode(200)
                .body("supported", equalTo(true))
                .body("histogram.size()", greaterThan(0))
                .body("statistics.subsetSize", greaterThan(0));
        as(alice).when().get(PLASMO + "/steps/" + step + "/columns/gene_go_terms/distribution")
                .then().statusCode(200).body("supported", equalTo(false)).body("histogram", empty())
                .body("statistics", equalTo(java.util.Map.of()));
        as(alice).when().get(PLASMO + "/steps/" + step + "/columns/no_such_column/distribution")
                .then().statusCode(200).body("supported", equalTo(false)).body("histogram", empty())
                .body("statistics", equalTo(java.util.Map.of()));
    }

    @Test
    void temporaryResultsAreDownloadableFromTheSite() {
        long step = rootOf(Trees.KINASES);
        JsonPath csv = as(alice).body("{\"format\":\"csv\",\"attributes\":[\"gene_product\"]}")
                .when().post(PLASMO + "/steps/" + step + "/temporary-results")
                .then().statusCode(200).extract().jsonPath();
        String url = csv.getString("downloadUrl");
        assertTrue(url.endsWith("/plasmo/service/temporary-results/" + csv.getString("id")), url);
        String body = given().when().get(url).then().statusCode(200).contentType(startsWith("text/csv"))
                .extract().asString();
        assertTrue(body.lines().count() > 1 && body.contains("PF3D7_"), body.substring(0, Math.min(200, body.length())));
        as(alice).body("{\"format\":\"xml\"}").when().post(PLASMO + "/steps/" + step + "/temporary-results")
                .then().statusCode(400).body("errors.pointer", contains("/format"));
    }

    @Test
    void singleRecordsGetTheirProjectIdFromTheSite() {
        as(alice).body("{\"primaryKey\":{\"gene_source_id\":\"PF3D7_0100100\",\"source_id\":\"PF3D7_0100100.1\"},"
                        + "\"attributes\":[\"gene_product\",\"organism\"],\"tables\":[\"GOTerms\"]}")
                .when().post(PLASMO + "/records")
                .then().statusCode(200)
                .body("id", equalTo("PF3D7_0100100"))
                .body("primaryKey.project_id", equalTo("PlasmoDB"))
                .body("attributes.gene_product", notNullValue())
                .body("tables.GOTerms", notNullValue());
        as(alice).body("{\"primaryKey\":{\"gene_source_id\":\"PF3D7_0100100\"}}").when().post(PLASMO + "/records")
                .then().statusCode(422).body("errors.pointer", contains("/primaryKey/source_id"));
        as(alice).body("{\"primaryKey\":{\"gene_source_id\":\"PF3D7_9999999\",\"source_id\":\"PF3D7_9999999.1\"}}")
                .when().post(PLASMO + "/records")
                .then().statusCode(404).body("code", equalTo("RECORD_NOT_FOUND"));
        as(alice).body("{\"primaryKey\":{\"source_id\":\"PVP01_0100100\"}}")
                .when().post("/internal/v1/sites/veupathdb/records")
                .then().statusCode(422).body("errors.pointer", hasItem("/primaryKey/project_id"));
    }

    @Test
    void searchRunsGiveIdsAndCounts() {
        JsonPath run = as(alice).body("{\"searchName\":\"GenesByGoTerm\",\"parameters\":{\"organism\":[\"Plasmodium falciparum 3D7\"],"
                        + "\"go_typeahead\":[\"GO:0004672\"]},\"maxIds\":10}")
                .when().post(PLASMO + "/searches/run")
                .then().statusCode(200).extract().jsonPath();
        assertEquals(10, run.getList("ids").size());
        assertTrue(run.getLong("count") >= run.getLong("geneCount"));
        assertTrue(run.getBoolean("truncated"));
        as(alice).body("{\"searchName\":\"GenesByGoTerm\",\"parameters\":{\"go_typeahead\":[\"nope\"]}}")
                .when().post(PLASMO + "/searches/run")
                .then().statusCode(422).body("errors.pointer", hasItem("/parameters/go_typeahead"));
        as(alice).body("{\"searchName\":\"GenesByOrthologs\",\"parameters\":{}}")
                .when().post(PLASMO + "/searches/run")
                .then().statusCode(422).body("errors.pointer", contains("/searchName"));
    }

    @Test
    void datasetsFeedIdListSearches() {
        long dataset = as(alice).body("{\"ids\":[\"PF3D7_0100100\",\" \",\"PF3D7_0831900\",\"NOT_A_GENE\"]}")
                .when().post(PLASMO + "/datasets")
                .then().statusCode(200).body("submitted", equalTo(3)).extract().jsonPath().getLong("datasetId");
        as(alice).body("{\"searchName\":\"GeneByLocusTag\",\"parameters\":{\"ds_gene_ids\":" + dataset + "}}")
                .when().post(PLASMO + "/searches/run")
                .then().statusCode(200).body("ids", org.hamcrest.Matchers.containsInAnyOrder("PF3D7_0100100", "PF3D7_0831900"));
        as(alice).body("{\"ids\":[]}").when().post(PLASMO + "/datasets")
                .then().statusCode(400).body("errors.pointer", contains("/ids"));
    }

    @Test
    void analysisTypesOfAStep() {
        long step = rootOf(Trees.KINASES);
        as(alice).when().get(PLASMO + "/steps/" + step + "/analysis-types")
                .then().statusCode(200)
                .body("name", org.hamcrest.Matchers.hasItems("go-enrichment", "pathway-enrichment", "word-enrichment"))
                .body("find { it.name == 'go-enrichment' }.paramNames", hasItem("pValueCutoff"));
    }

    private static long rootOf(String tree) {
        return as(alice).body("{\"name\":\"results\",\"tree\":" + tree + "}").when().post(PLASMO + "/strategies")
                .then().statusCode(201).extract().jsonPath().getLong("stepTree.stepId");
    }
}
