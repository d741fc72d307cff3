package org.strategylab.simulator;

import static io.restassured.RestAssured.given;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.restassured.path.json.JsonPath;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The ApiCommon component sites with no recording (tritrypdb, fungidb, hostdb, vectorbase) serve the
 * derived catalogue: the record types and searches every recorded component site shares, with one
 * recording's texts under the site's own project name, and no data.
 */
class DerivedCataloguesTest {

    private static final List<String> DERIVED = List.of("tritrypdb", "fungidb", "hostdb", "vectorbase");
    private static final List<String> RECORDED_PROJECTS = List.of("CryptoDB", "MicrosporidiaDB", "AmoebaDB", "GiardiaDB",
            "ToxoDB", "PiroplasmaDB", "TrichDB");

    private final UpstreamSimulator sim = SharedSimulator.get();
    private final String fungi = sim.serviceUrl("fungidb");

    @Test
    void everyDerivedSiteServesExactlyTheSearchesAllRecordingsShare() throws IOException {
        Map<String, Set<String>> shared = sharedSearchesOfTheBundledRecordings();
        int expectedSearches = shared.values().stream().mapToInt(Set::size).sum();
        for (String site : DERIVED) {
            String base = sim.serviceUrl(site);
            List<String> recordTypes = given().get(base + "/record-types").then().statusCode(200).extract().jsonPath().getList("");
            assertEquals(shared.keySet(), new LinkedHashSet<>(recordTypes), site + " record types");
            JsonPath expanded = given().get(base + "/record-types?format=expanded").then().statusCode(200).extract().jsonPath();
            for (String type : shared.keySet()) {
                List<String> served = expanded.getList("find { it.urlSegment == '" + type + "' }.searches.urlSegment");
                assertEquals(shared.get(type), new HashSet<>(served), site + " searches of " + type);
            }
            given().get(sim.baseUrl() + "/__simulator/info").then().statusCode(200)
                    .body("sites.find { it.id == '" + site + "' }.catalogue",
                            equalTo("derived (the searches all recorded component sites share; no data)"))
                    .body("sites.find { it.id == '" + site + "' }.searches", equalTo(expectedSearches))
                    .body("sites.find { it.id == '" + site + "' }.recordTypes", equalTo(shared.size()))
                    .body("sites.find { it.id == '" + site + "' }.genes", equalTo(0));
        }
    }

    @Test
    void sharedModelSearchesAppearButDatasetAndSiteSpecificOnesDoNot() {
        JsonPath searches = given().get(fungi + "/record-types/transcript/searches").then().statusCode(200).extract().jsonPath();
        List<String> names = searches.getList("urlSegment");
        assertThat(names, hasItems("GenesWithSignalPeptide", "GenesByGoTerm", "GenesByTaxon", "GenesByOrthologs",
                "boolean_question_TranscriptRecordClasses_TranscriptRecordClass"));
        assertThat(searches.getString("find { it.urlSegment == 'GenesWithSignalPeptide' }.displayName"),
                equalTo("Predicted Signal Peptide"));
        // a CryptoDB dataset's search, and one five of the seven recordings offer
        assertThat(names, not(hasItem("GenesByRNASeqcparIowaII_Lippuner_rnaSeq_RSRC")));
        assertThat(names, not(hasItem("GenesByTelomereProximity")));
        assertThat(names, everyItem(not(containsString("_RSRC"))));
        // snp is not a record type of GiardiaDB or TrichDB: not derived, and no search takes it as input
        given().get(fungi + "/record-types").then().body("", not(hasItem("snp")));
        assertThat(searches.getList("find { it.urlSegment == 'GenesBySpanLogic' }.allowedPrimaryInputRecordClassNames"),
                not(hasItem("snp")));
        given().get(fungi + "/record-types/transcript/searches/GenesByTelomereProximity").then().statusCode(404);
    }

    @Test
    void textsNameTheSiteItselfAndNoRecordedSite() {
        for (String site : DERIVED) {
            String project = given().get(sim.baseUrl() + "/__simulator/info").then().extract().jsonPath()
                    .getString("sites.find { it.id == '" + site + "' }.projectId");
            JsonPath searches = given().get(sim.serviceUrl(site) + "/record-types/transcript/searches").then().statusCode(200)
                    .extract().jsonPath();
            assertThat(searches.getString("find { it.urlSegment == 'GenesWithEpitopes' }.description"), containsString(project));
            assertThat(searches.getString("find { it.urlSegment == 'GenesByMassSpec' }.description"), containsString(project));
            List<String> texts = new ArrayList<>();
            for (String key : List.of("displayName", "shortDisplayName", "summary", "description")) {
                texts.addAll(searches.getList(key));
            }
            String all = String.join(" ", texts.stream().map(String::valueOf).toList());
            for (String recorded : RECORDED_PROJECTS) {
                assertThat(site, all, not(containsString(recorded)));
            }
            // CryptoDB's recording of this search speaks of its own species
            assertThat(searches.getString("find { it.urlSegment == 'GenesByESTOverlap' }.description"),
                    not(containsString("Cryptosporidium")));
        }
    }

    @Test
    void searchDetailsHaveTheRecordedParameterNames() {
        JsonPath details = given().get(fungi + "/record-types/transcript/searches/GenesByGoTerm").then().statusCode(200)
                .extract().jsonPath();
        assertThat(details.getList("searchData.parameters.name"), hasItem("go_typeahead"));
        assertThat(details.getList("searchData.parameters.type"), everyItem(equalTo("string")));
    }

    @Test
    void runningADerivedSearchIsTheUpstreamErrorOfMissingDataNeverGenes() {
        Guest guest = Guest.on(fungi);
        guest.post("/record-types/transcript/searches/GenesWithSignalPeptide/reports/standard", Map.of("searchConfig",
                        Map.of("parameters", Map.of()),
                        "reportConfig", Map.of("pagination", Map.of("offset", 0, "numRecords", 10))))
                .then().statusCode(500).contentType(startsWith("text/plain")).header("x-log-marker", notNullValue())
                .body(equalTo("Internal Error"));
        long step = guest.createStep("GenesByTaxon", Map.of());
        guest.strategy("derived", Map.of("stepId", step));
        guest.report(step, Map.of("pagination", Map.of("offset", 0, "numRecords", 10))).then().statusCode(500)
                .header("x-log-marker", notNullValue()).body(equalTo("Internal Error"));
    }

    @Test
    void orthomclRunsAnotherModelAndGetsNoCatalogue() {
        given().get(sim.baseUrl() + "/orthomcl/service/record-types").then().statusCode(404).contentType(startsWith("text/plain"));
        given().get(sim.baseUrl() + "/__simulator/info").then().body("sites.id", not(hasItem("orthomcl")));
    }

    /** Per record type on every recording, the url segments every recording offers (computed here from the file). */
    private static Map<String, Set<String>> sharedSearchesOfTheBundledRecordings() throws IOException {
        JsonNode sites;
        try (InputStream in = DerivedCataloguesTest.class.getResourceAsStream(
                "/org/strategylab/simulator/catalog/veupathdb-catalogues.json")) {
            sites = new ObjectMapper().readTree(in).path("sites");
        }
        Map<String, Set<String>> shared = null;
        for (JsonNode site : sites) {
            Map<String, Set<String>> offered = new LinkedHashMap<>();
            for (JsonNode type : site.path("recordTypes")) {
                Set<String> names = new HashSet<>();
                type.path("searches").forEach(s -> names.add(s.path("urlSegment").asText()));
                offered.put(type.path("urlSegment").asText(), names);
            }
            if (shared == null) {
                shared = offered;
            } else {
                shared.keySet().retainAll(offered.keySet());
                shared.forEach((type, names) -> names.retainAll(offered.get(type)));
            }
        }
        shared.values().removeIf(Set::isEmpty);
        return shared;
    }
}
