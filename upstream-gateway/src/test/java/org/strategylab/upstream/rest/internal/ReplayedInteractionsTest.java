package org.strategylab.upstream.rest.internal;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.matchesPattern;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.strategylab.upstream.support.Callers.PLASMO;
import static org.strategylab.upstream.support.Callers.as;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.cache.Cache;
import io.quarkus.cache.CacheName;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.net.URI;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.strategylab.simulator.RequestJournal.RecordedRequest;
import org.strategylab.simulator.UpstreamSimulator;
import org.strategylab.upstream.service.catalog.CachedCatalog;
import org.strategylab.upstream.support.Callers;
import org.strategylab.upstream.support.InjectSimulator;
import org.strategylab.upstream.support.Trees;
import org.strategylab.upstream.support.UpstreamTest;

/**
 * Issue 40: interactions recorded from the VEuPathDB sites, replayed against the simulator made to
 * answer as the sites did, with the requests the site received asserted from its journal.
 */
@QuarkusTest
@UpstreamTest
class ReplayedInteractionsTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String TRICH = "/internal/v1/sites/trichdb";
    private static final String LOCUS_TAGS = "{\"searchName\":\"GeneByLocusTag\",\"parameters\":"
            + "{\"ds_gene_ids\":[\"PF3D7_0100100\",\"PF3D7_0831900\"]}}";

    private static final String alice = Callers.newUser("alice");
    private static final String bob = Callers.newUser("bob");

    @InjectSimulator
    UpstreamSimulator simulator;

    @Inject
    @CacheName(CachedCatalog.CACHE)
    Cache catalogCache;

    @AfterEach
    void resetFaults() {
        simulator.faults().reset();
    }

    // ------------------------------------------------------------------ 1. a 404 below a confirmed parent

    @Test
    void aRecordTypesSearchesAnswering404IsTheSitesFailureNotAnUnknownRecordType() {
        // trichdb: the record-type list includes transcript, then its searches answer 404
        catalogCache.invalidateAll().await().indefinitely();
        simulator.faults().refuseNext("GET", "/trichdb/service/record-types/transcript/searches$", 1, 404);
        long mark = simulator.journal().mark();
        given().queryParam("recordType", "transcript").when().get("/api/v1/sites/trichdb/searches")
                .then().statusCode(502).contentType("application/problem+json")
                .body("code", equalTo("UPSTREAM_ERROR"))
                .body("siteId", equalTo("trichdb"))
                .body("upstreamStatus", equalTo(404));
        List<RecordedRequest> seen = site(mark, "trichdb");
        int types = indexOf(seen, "GET", "/record-types$");
        int searches = indexOf(seen, "GET", "/record-types/transcript/searches$");
        assertTrue(types >= 0 && types < searches, "the list was read, then the searches: " + seen);
        assertEquals(200, seen.get(types).status());
        assertEquals(404, seen.get(searches).status());

        // a strategy on it is the same upstream failure, not a 422 saying the search does not exist
        simulator.faults().refuseNext("GET", "/trichdb/service/record-types/transcript/searches$", 1, 404);
        long before = simulator.journal().mark();
        as(alice).body("{\"name\":\"ids\",\"tree\":{\"searchName\":\"GeneByLocusTag\",\"parameters\":"
                        + "{\"ds_gene_ids\":\"TVAG_000010\"}}}")
                .when().post(TRICH + "/strategies")
                .then().statusCode(502)
                .body("code", equalTo("UPSTREAM_ERROR"))
                .body("upstreamStatus", equalTo(404));
        assertEquals(-1, indexOf(site(before, "trichdb"), "POST", "/users/\\d+/(steps|strategies|datasets)$"),
                "nothing was made on the site");
        // the next request asks the site again
        given().queryParam("recordType", "transcript").when().get("/api/v1/sites/trichdb/searches")
                .then().statusCode(200).body("items.name", hasItem("GeneByLocusTag"));
    }

    @Test
    void aStepsAnalysisTypesAnswering404IsTheSitesFailureNotAnUnknownStep() {
        long step = rootOf(Trees.KINASES);
        simulator.faults().refuseNext("GET", "/steps/" + step + "/analysis-types$", 1, 404);
        long mark = simulator.journal().mark();
        as(alice).when().get(PLASMO + "/steps/" + step + "/analysis-types")
                .then().statusCode(502).contentType("application/problem+json")
                .body("code", equalTo("UPSTREAM_ERROR"))
                .body("upstreamStatus", equalTo(404))
                .body("detail", matchesPattern("^(?!.*does not exist).*$"));
        List<RecordedRequest> seen = site(mark, "plasmodb");
        int read = indexOf(seen, "GET", "/steps/" + step + "$");
        int types = indexOf(seen, "GET", "/steps/" + step + "/analysis-types$");
        assertTrue(read >= 0 && read < types, "the step was read, then its analysis types: " + seen);
        assertEquals(200, seen.get(read).status());
        assertEquals(404, seen.get(types).status());
        as(alice).when().get(PLASMO + "/steps/" + step + "/analysis-types")
                .then().statusCode(200).body("name", hasItem("go-enrichment"));

        // the same for its report
        simulator.faults().refuseNext("POST", "/steps/" + step + "/reports/standard$", 1, 404);
        as(alice).queryParam("limit", 5).when().get(PLASMO + "/steps/" + step + "/records")
                .then().statusCode(502).body("code", equalTo("UPSTREAM_ERROR")).body("upstreamStatus", equalTo(404));
        // a step that is really not the caller's stays a 404
        as(bob).when().get(PLASMO + "/steps/" + step + "/analysis-types")
                .then().statusCode(404).body("code", equalTo("STEP_NOT_FOUND"));
    }

    // ------------------------------------------------------------------ 2. ID lists of dataset parameters

    @Test
    void aStepsIdListIsUploadedAsADatasetBeforeTheStep() throws Exception {
        long mark = simulator.journal().mark();
        JsonPath step = as(alice).body(LOCUS_TAGS).when().post(PLASMO + "/steps")
                .then().statusCode(201)
                .body("parameters.ds_gene_ids", matchesPattern("\\d+"))
                .extract().jsonPath();
        String datasetId = step.getString("parameters.ds_gene_ids");
        List<RecordedRequest> seen = site(mark, "plasmodb");
        int upload = indexOf(seen, "POST", "/users/\\d+/datasets$");
        int create = indexOf(seen, "POST", "/users/\\d+/steps$");
        assertTrue(upload >= 0 && upload < create, "the dataset is uploaded before the step: " + seen);
        JsonNode dataset = JSON.readTree(seen.get(upload).body());
        assertEquals("idList", dataset.path("sourceType").asText());
        assertEquals(List.of("PF3D7_0100100", "PF3D7_0831900"),
                JSON.convertValue(dataset.path("sourceContent").path("ids"), List.class));
        JsonNode created = JSON.readTree(seen.get(create).body());
        assertEquals(datasetId, created.path("searchConfig").path("parameters").path("ds_gene_ids").asText(),
                "the step takes the dataset's id, not the IDs");
    }

    @Test
    void theRecordedCryptodbTreeLeafUploadsItsIdsAsADataset() throws Exception {
        // as replayed: sent as "ds_gene_ids":"[\"cgd1_10\",\"cgd1_100\"]" with no dataset uploaded
        long mark = simulator.journal().mark();
        as(alice).body("{\"name\":\"crypto ids\",\"tree\":{\"searchName\":\"GeneByLocusTag\",\"parameters\":"
                        + "{\"ds_gene_ids\":[\"cgd1_10\",\"cgd1_100\"]}}}")
                .when().post("/internal/v1/sites/cryptodb/strategies")
                .then().statusCode(201)
                .body("steps.collect { it.value.parameters.ds_gene_ids }", contains(matchesPattern("\\d+")));
        List<RecordedRequest> seen = site(mark, "cryptodb");
        int upload = indexOf(seen, "POST", "/users/\\d+/datasets$");
        int step = indexOf(seen, "POST", "/users/\\d+/steps$");
        assertTrue(upload >= 0 && upload < step, "upload, then the step: " + seen);
        assertEquals(List.of("cgd1_10", "cgd1_100"),
                JSON.convertValue(JSON.readTree(seen.get(upload).body()).path("sourceContent").path("ids"), List.class));
        assertEquals(200, seen.get(step).status());
    }

    @Test
    void treesAndSearchRunsUploadTheirIdListsToo() {
        long mark = simulator.journal().mark();
        JsonPath strategy = as(alice).body("{\"name\":\"locus tags\",\"tree\":"
                        + Trees.combine("INTERSECT", Trees.FALCIPARUM, LOCUS_TAGS) + "}")
                .when().post(PLASMO + "/strategies")
                .then().statusCode(201).extract().jsonPath();
        long root = strategy.getLong("stepTree.stepId");
        as(alice).queryParam("limit", 0).when().get(PLASMO + "/steps/" + root + "/records")
                .then().statusCode(200).body("displayTotalCount", equalTo(2));
        List<RecordedRequest> seen = site(mark, "plasmodb");
        int upload = indexOf(seen, "POST", "/users/\\d+/datasets$");
        int locusStep = -1;
        for (int i = 0; i < seen.size(); i++) {
            if (seen.get(i).is("POST", "/users/\\d+/steps$") && seen.get(i).body().contains("GeneByLocusTag")) {
                locusStep = i;
            }
        }
        assertTrue(upload >= 0 && upload < locusStep, "upload before the step that reads it: " + seen);
        assertFalse(seen.get(locusStep).body().contains("["), "no JSON-array string: " + seen.get(locusStep).body());

        long run = simulator.journal().mark();
        as(alice).body("{\"searchName\":\"GeneByLocusTag\",\"parameters\":{\"ds_gene_ids\":"
                        + "\"PF3D7_0100100, PF3D7_0831900\\nNOT_A_GENE\"}}")
                .when().post(PLASMO + "/searches/run")
                .then().statusCode(200)
                .body("ids", containsInAnyOrder("PF3D7_0100100", "PF3D7_0831900"));
        List<RecordedRequest> ran = site(run, "plasmodb");
        int runUpload = indexOf(ran, "POST", "/users/\\d+/datasets$");
        int report = indexOf(ran, "POST", "/searches/GeneByLocusTag/reports/standard$");
        assertTrue(runUpload >= 0 && runUpload < report, "upload before the report: " + ran);
        assertTrue(ran.get(runUpload).body().contains("NOT_A_GENE"), "IDs split at commas, spaces and new lines");
    }

    @Test
    void anIdListIsRefusedWhereNoDatasetCanBeUploaded() {
        long mark = simulator.journal().mark();
        // the public catalogue has no user to upload as
        given().contentType(ContentType.JSON).body("{\"contextValues\":{\"ds_gene_ids\":[\"PF3D7_0100100\"]}}")
                .when().post("/api/v1/sites/plasmodb/searches/transcript/GeneByLocusTag/validate")
                .then().statusCode(422).contentType("application/problem+json")
                .body("errors.pointer", contains("/contextValues/ds_gene_ids"))
                .body("errors[0].message", containsString("ds_gene_ids"));
        // bad input: no IDs at all
        as(alice).body("{\"searchName\":\"GeneByLocusTag\",\"parameters\":{\"ds_gene_ids\":[]}}")
                .when().post(PLASMO + "/steps")
                .then().statusCode(422).body("errors.pointer", contains("/parameters/ds_gene_ids"));
        assertEquals(-1, indexOf(site(mark, "plasmodb"), "POST", "/datasets$"), "nothing uploaded");
    }

    @Test
    void someoneElsesDatasetIdIsRefusedNamingTheParameter() {
        String datasetId = as(alice).body("{\"ids\":[\"PF3D7_0100100\"]}").when().post(PLASMO + "/datasets")
                .then().statusCode(200).extract().jsonPath().getString("datasetId");
        as(alice).body("{\"searchName\":\"GeneByLocusTag\",\"parameters\":{\"ds_gene_ids\":\"" + datasetId + "\"}}")
                .when().post(PLASMO + "/steps")
                .then().statusCode(201).body("parameters.ds_gene_ids", equalTo(datasetId));
        as(bob).body("{\"searchName\":\"GeneByLocusTag\",\"parameters\":{\"ds_gene_ids\":\"" + datasetId + "\"}}")
                .when().post(PLASMO + "/steps")
                .then().statusCode(422).body("errors.pointer", hasItem("/parameters/ds_gene_ids"));
    }

    // ------------------------------------------------------------------ 3. a create whose read-back fails

    @Test
    void aStepWhoseReadBackFailsIsDeletedAndTheCallerGetsA502() {
        simulator.faults().refuseNext("GET", "/plasmo/service/users/\\d+/steps/\\d+$", 1, 404);
        long mark = simulator.journal().mark();
        as(alice).body(Trees.FALCIPARUM).when().post(PLASMO + "/steps")
                .then().statusCode(502).contentType("application/problem+json")
                .body("code", equalTo("UPSTREAM_ERROR"))
                .body("upstreamStatus", equalTo(404));
        List<RecordedRequest> seen = site(mark, "plasmodb");
        int create = indexOf(seen, "POST", "/users/\\d+/steps$");
        long stepId = idIn(seen, "GET", "/users/\\d+/steps/(\\d+)$");
        int read = indexOf(seen, "GET", "/steps/" + stepId + "$");
        int delete = indexOf(seen, "DELETE", "/steps/" + stepId + "$");
        assertTrue(create < read && read < delete, "create, failed read, delete: " + seen);
        assertEquals(404, seen.get(read).status());
        assertEquals(204, seen.get(delete).status());
        as(alice).when().get(PLASMO + "/steps/" + stepId).then().statusCode(404).body("code", equalTo("STEP_NOT_FOUND"));
    }

    @Test
    void aStrategyWhoseReadBackFailsIsDeletedAndTheCallerGetsA502() {
        simulator.faults().refuseNext("GET", "/plasmo/service/users/\\d+/strategies/\\d+$", 1, 404);
        long mark = simulator.journal().mark();
        as(alice).body("{\"name\":\"read back\",\"tree\":" + Trees.combine("UNION", Trees.KINASES, Trees.SIGNAL_PEPTIDE) + "}")
                .when().post(PLASMO + "/strategies")
                .then().statusCode(502).body("code", equalTo("UPSTREAM_ERROR")).body("upstreamStatus", equalTo(404));
        List<RecordedRequest> seen = site(mark, "plasmodb");
        long strategyId = idIn(seen, "GET", "/users/\\d+/strategies/(\\d+)$");
        int read = indexOf(seen, "GET", "/strategies/" + strategyId + "$");
        int delete = indexOf(seen, "DELETE", "/strategies/" + strategyId + "$");
        assertTrue(indexOf(seen, "POST", "/users/\\d+/strategies$") < read && read < delete, "create, read, delete: " + seen);
        assertEquals(204, seen.get(delete).status());
        as(alice).when().get(PLASMO + "/strategies/" + strategyId)
                .then().statusCode(404).body("code", equalTo("STRATEGY_NOT_FOUND"));
    }

    // ------------------------------------------------------------------ smaller

    @Test
    void idListsHoldTheCallersMaximumWhenTheSiteAnswersMore() {
        long step = rootOf(Trees.FALCIPARUM);
        simulator.faults().reportRecordsBeyondPage(7);
        as(alice).body("{\"searchName\":\"GenesByTaxon\",\"parameters\":{\"organism\":[\"Plasmodium falciparum 3D7\"]},"
                        + "\"maxIds\":10}")
                .when().post(PLASMO + "/searches/run")
                .then().statusCode(200).body("ids", hasSize(10)).body("truncated", equalTo(true));
        as(alice).queryParam("max", 10).when().get(PLASMO + "/steps/" + step + "/ordered-ids")
                .then().statusCode(200).body("ids", hasSize(10)).body("truncated", equalTo(true));
    }

    @Test
    void downloadColumnsAreCheckedAgainstTheRecordType() {
        long step = rootOf(Trees.KINASES);
        long mark = simulator.journal().mark();
        as(alice).body("{\"format\":\"csv\",\"attributes\":[\"gene_product\",\"product\"]}")
                .when().post(PLASMO + "/steps/" + step + "/temporary-results")
                .then().statusCode(422).contentType("application/problem+json")
                .body("errors.pointer", contains("/attributes/1"))
                .body("errors[0].message", containsString("'product'"));
        assertEquals(-1, indexOf(site(mark, "plasmodb"), "POST", "/temporary-results$"), "nothing asked of the site");
        as(alice).body("{\"format\":\"tab\",\"attributes\":[\"gene_product\"]}")
                .when().post(PLASMO + "/steps/" + step + "/temporary-results")
                .then().statusCode(200);
        // a search's own (dynamic) attributes are columns of its steps too
        long ids = rootOf(LOCUS_TAGS);
        as(alice).body("{\"format\":\"csv\",\"attributes\":[\"input_id\",\"gene_product\"]}")
                .when().post(PLASMO + "/steps/" + ids + "/temporary-results")
                .then().statusCode(200);
        as(alice).body("{\"format\":\"csv\",\"attributes\":[\"input_id\"]}")
                .when().post(PLASMO + "/steps/" + step + "/temporary-results")
                .then().statusCode(422).body("errors.pointer", contains("/attributes/0"));
    }

    // ------------------------------------------------------------------ helpers

    private static long rootOf(String tree) {
        return as(alice).body("{\"name\":\"replay\",\"tree\":" + tree + "}").when().post(PLASMO + "/strategies")
                .then().statusCode(201).extract().jsonPath().getLong("stepTree.stepId");
    }

    /** The requests one site received since the mark. */
    private List<RecordedRequest> site(long mark, String siteId) {
        String servicePath = URI.create(simulator.serviceUrl(siteId)).getPath();
        return simulator.journal().since(mark).stream().filter(r -> r.path().startsWith(servicePath + "/")).toList();
    }

    private static int indexOf(List<RecordedRequest> requests, String method, String pathRegex) {
        for (int i = 0; i < requests.size(); i++) {
            if (requests.get(i).is(method, pathRegex)) {
                return i;
            }
        }
        return -1;
    }

    /** The id the first request of the method matching the pattern carries in its group 1. */
    private static long idIn(List<RecordedRequest> requests, String method, String pathRegex) {
        Pattern pattern = Pattern.compile(pathRegex);
        for (RecordedRequest request : requests) {
            Matcher matcher = pattern.matcher(request.path());
            if (request.method().equals(method) && matcher.find()) {
                return Long.parseLong(matcher.group(1));
            }
        }
        throw new AssertionError("no " + method + " " + pathRegex + " in " + requests);
    }
}
