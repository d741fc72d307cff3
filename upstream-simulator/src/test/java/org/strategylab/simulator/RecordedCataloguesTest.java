package org.strategylab.simulator;

import static io.restassured.RestAssured.given;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.restassured.path.json.JsonPath;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Sites the simulator does not simulate in full serve their real, recorded catalogues
 * ({@code RecordedCatalogues}): record types, searches with summaries and input record classes, and
 * search details whose parameters are plain strings; running such a search fails as WDK fails for a
 * search whose data is not loaded, and never answers made-up records.
 */
class RecordedCataloguesTest {

    private final UpstreamSimulator sim = SharedSimulator.get();
    private final String crypto = sim.serviceUrl("cryptodb");

    @Test
    void everyRecordedSiteNotSimulatedInFullIsServed() {
        for (String site : List.of("cryptodb", "microsporidiadb", "amoebadb", "giardiadb", "piroplasmadb", "trichdb")) {
            given().get(sim.serviceUrl(site) + "/record-types").then().statusCode(200).body("", hasItems("transcript", "gene"));
        }
        // toxodb is simulated in full: its synthetic catalogue, not the recorded one
        given().get(sim.serviceUrl("toxodb") + "/record-types/transcript/searches").then().statusCode(200)
                .body("urlSegment", hasItem("GenesByGoTerm")).body("urlSegment", not(hasItem("GenesByTelomereProximity")));
        given().get(sim.baseUrl() + "/__simulator/info").then().statusCode(200)
                .body("sites.find { it.id == 'cryptodb' }.catalogue", startsWith("recorded"));
    }

    @Test
    void recordedSearchesKeepTheirNamesSummariesAndInputs() {
        given().get(crypto + "/record-types?format=expanded").then().statusCode(200)
                .body("urlSegment", hasItems("transcript", "gene", "organism", "snp", "pathway", "compound"))
                .body("find { it.urlSegment == 'transcript' }.searches.urlSegment",
                        hasItems("GenesWithSignalPeptide", "GenesByTelomereProximity", "GenesByLocation"));
        JsonPath searches = given().get(crypto + "/record-types/transcript/searches").then().statusCode(200).extract().jsonPath();
        assertThat(searches.getString("find { it.urlSegment == 'GenesWithSignalPeptide' }.displayName"),
                equalTo("Predicted Signal Peptide"));
        assertThat(searches.getString("find { it.urlSegment == 'GenesByLocation' }.summary"), startsWith("Find genes within"));
        assertThat(searches.getList("find { it.urlSegment == 'TranscriptsFromGenes' }.allowedPrimaryInputRecordClassNames"),
                contains("gene"));
        assertThat(searches.getList("findAll { it.urlSegment.startsWith('boolean_question') }.fullName"),
                everyItem(startsWith("InternalQuestions.")));
    }

    @Test
    void searchDetailsHaveTheRecordedParameterNamesAsStrings() {
        JsonPath details = given().get(crypto + "/record-types/transcript/searches/GenesByTelomereProximity").then().statusCode(200)
                .extract().jsonPath();
        assertThat(details.getList("searchData.parameters.name"),
                contains("organismSinglePick", "telomere_chromosomes", "distanceFromTelomere"));
        assertThat(details.getList("searchData.parameters.type"), everyItem(equalTo("string")));
        assertThat(details.getString("searchData.summary"), notNullValue());
    }

    @Test
    void theIdListSearchTakesADatasetIdAsOnEverySite() {
        // issue 40: cryptodb was sent "ds_gene_ids":"[\"cgd1_10\",\"cgd1_100\"]"; WDK takes a dataset's id there
        given().get(crypto + "/record-types/transcript/searches/GeneByLocusTag").then().statusCode(200)
                .body("searchData.parameters.find { it.name == 'ds_gene_ids' }.type", equalTo("input-dataset"))
                .body("searchData.parameters.find { it.name == 'ds_gene_ids' }.recordClassName", equalTo("transcript"));
        Guest guest = Guest.on(crypto);
        guest.post("/users/current/steps", Map.of("searchName", "GeneByLocusTag", "searchConfig",
                        Map.of("parameters", Map.of("ds_gene_ids", "[\"cgd1_10\",\"cgd1_100\"]"))))
                .then().statusCode(422).body(containsString("ds_gene_ids"));
        long dataset = guest.post("/users/current/datasets",
                        Map.of("sourceType", "idList", "sourceContent", Map.of("ids", List.of("cgd1_10", "cgd1_100"))))
                .then().statusCode(200).extract().jsonPath().getLong("id");
        assertTrue(guest.createStep("GeneByLocusTag", Map.of("ds_gene_ids", String.valueOf(dataset))) > 0);
    }

    @Test
    void runningARecordedSearchIsAnUpstreamErrorNotFakeGenes() {
        Guest guest = Guest.on(crypto);
        guest.post("/record-types/transcript/searches/GenesWithSignalPeptide/reports/standard", Map.of("searchConfig",
                        Map.of("parameters", Map.of("organism", "Cryptosporidium parvum Iowa II")),
                        "reportConfig", Map.of("pagination", Map.of("offset", 0, "numRecords", 0))))
                .then().statusCode(500).contentType(startsWith("text/plain")).header("x-log-marker", notNullValue())
                .body(equalTo("Internal Error"));
        long step = guest.createStep("GenesWithSignalPeptide", Map.of());
        guest.strategy("recorded", Map.of("stepId", step));
        guest.report(step, Map.of("pagination", Map.of("offset", 0, "numRecords", 0))).then().statusCode(500);
        given().get(sim.baseUrl() + "/__simulator/info").then()
                .body("sites.find { it.id == 'cryptodb' }.genes", equalTo(0))
                .body("sites.find { it.id == 'plasmodb' }.genes", greaterThan(0));
    }
}
