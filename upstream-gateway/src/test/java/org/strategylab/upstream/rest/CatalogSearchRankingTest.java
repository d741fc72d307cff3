package org.strategylab.upstream.rest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.strategylab.upstream.support.Callers.as;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.specification.RequestSpecification;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.strategylab.upstream.support.Callers;
import org.strategylab.upstream.support.UpstreamTest;

/**
 * Issue 19: searches and vocabulary values found by a researcher's words (lexical, semantic, hybrid),
 * over the real catalogues the simulator serves for the sites it does not simulate in full.
 */
@QuarkusTest
@UpstreamTest
class CatalogSearchRankingTest {

    private static final String CRYPTO = "/api/v1/sites/cryptodb/searches";

    /** Each test its own client address, so the catalogue rate limit of one never meets another's requests. */
    private static RequestSpecification client(String address) {
        return given().header("X-Forwarded-For", address);
    }

    @Test
    void secretedProteinsFindsThePredictedSignalPeptideFirst() {
        client("203.0.113.1").queryParam("q", "secreted proteins").when().get(CRYPTO)
                .then().statusCode(200)
                .body("items[0].name", equalTo("GenesWithSignalPeptide"))
                .body("items[0].displayName", equalTo("Predicted Signal Peptide"))
                .body("items[0].score", greaterThan(0f))
                .body("items[0].match.mode", equalTo("hybrid"))
                .body("items[0].match.similarity", notNullValue())
                .body("items[0].match.semanticRank", equalTo(1));
    }

    @Test
    void lexicalModeStillNeedsEveryWord() {
        client("203.0.113.2").queryParam("q", "signal peptide").queryParam("mode", "lexical").when().get(CRYPTO)
                .then().statusCode(200)
                .body("items[0].name", equalTo("GenesWithSignalPeptide"))
                .body("items[0].match.mode", equalTo("lexical"))
                .body("items[0].match.matchedWords", equalTo(List.of("signal", "peptide")))
                .body("items[0].match.similarity", nullValue());
        // the researcher's own words: no search has both, so lexical ranking finds nothing
        client("203.0.113.2").queryParam("q", "secreted proteins").queryParam("mode", "lexical").when().get(CRYPTO)
                .then().statusCode(200).body("total", equalTo(0));
    }

    @Test
    void semanticModeRanksByMeaningAlone() {
        client("203.0.113.3").queryParam("q", "genes near the ends of chromosomes").queryParam("mode", "semantic")
                .queryParam("limit", 3).when().get(CRYPTO)
                .then().statusCode(200)
                .body("items.name", hasItem("GenesByTelomereProximity"))
                .body("items.match.mode", everyItem(equalTo("semantic")))
                .body("items.match.lexicalRank", everyItem(nullValue()));
    }

    @Test
    void hybridSaysWhichWordsMatched() {
        client("203.0.113.4").queryParam("q", "proteins with transmembrane helices").when().get(CRYPTO)
                .then().statusCode(200)
                .body("items[0].name", equalTo("GenesByTransmembraneDomains"))
                .body("items[0].match.matchedWords", hasItem("transmembrane"))
                .body("items[0].match.lexicalRank", notNullValue());
    }

    @Test
    void recordTypeAndPagingApplyToRankedResults() {
        client("203.0.113.5").queryParam("q", "chemical formula of a metabolite").queryParam("recordType", "compound")
                .when().get(CRYPTO)
                .then().statusCode(200)
                .body("items.recordType", everyItem(equalTo("compound")))
                .body("items[0].name", equalTo("CompoundsByMolecularFormula"));
        int total = client("203.0.113.5").queryParam("q", "genes").when().get(CRYPTO).then().statusCode(200)
                .extract().path("total");
        client("203.0.113.5").queryParam("q", "genes").queryParam("offset", 2).queryParam("limit", 2).when().get(CRYPTO)
                .then().statusCode(200).body("total", equalTo(total)).body("items.size()", equalTo(2));
    }

    @Test
    void internalSearchesAreNeverRanked() {
        for (String mode : List.of("lexical", "semantic", "hybrid")) {
            client("203.0.113.6").queryParam("q", "boolean combination of two results").queryParam("mode", mode)
                    .queryParam("limit", 500).when().get(CRYPTO)
                    .then().statusCode(200)
                    .body("items.name", not(hasItem(startsWith("boolean_question_"))))
                    .body("items.name", not(hasItem("GeneRecordClasses_GeneRecordClassBySnapshotBasket")));
        }
    }

    @Test
    void anUnknownModeIs400NamingIt() {
        client("203.0.113.7").queryParam("q", "kinase").queryParam("mode", "fuzzy").when().get(CRYPTO)
                .then().statusCode(400).contentType("application/problem+json")
                .body("code", equalTo("VALIDATION_ERROR"))
                .body("errors[0].pointer", equalTo("mode"));
    }

    @Test
    void vocabularyValuesAreFoundByMeaning() {
        String organisms = "/api/v1/sites/veupathdb/searches/transcript/GenesByTaxon/param-specs/organism/vocabulary";
        client("203.0.113.8").when().get(organisms)
                .then().statusCode(200)
                .body("items.term", hasItem("Plasmodium falciparum 3D7"))
                .body("items.find { it.term == 'Plasmodium falciparum 3D7' }.leaf", equalTo(true))
                .body("items[0].score", nullValue());
        client("203.0.113.8").queryParam("q", "malaria parasite of humans").when().get(organisms)
                .then().statusCode(200)
                .body("items[0].term", startsWith("Plasmodium"))
                .body("items[0].match.mode", equalTo("hybrid"));
        client("203.0.113.8").queryParam("q", "falciparum").queryParam("mode", "lexical").when().get(organisms)
                .then().statusCode(200)
                .body("items[0].term", startsWith("Plasmodium falciparum"))
                .body("items.term", hasItem("Plasmodium falciparum 3D7"))
                .body("items.term", not(hasItem("Plasmodium vivax P01")));
    }

    @Test
    void aParameterWithoutVocabularyIs404NamingIt() {
        String search = "/api/v1/sites/plasmodb/searches/transcript/GenesByMolecularWeight/param-specs/";
        client("203.0.113.9").when().get(search + "nope/vocabulary")
                .then().statusCode(404).body("code", equalTo("PARAM_NOT_FOUND"));
        client("203.0.113.9").when().get("/api/v1/sites/plasmodb/searches/transcript/GenesByText/param-specs/text_expression/vocabulary")
                .then().statusCode(404).body("code", equalTo("PARAM_NOT_FOUND"));
    }

    @Test
    void everyRecordedSiteHasItsRealCatalogue() {
        for (String site : List.of("cryptodb", "giardiadb", "trichdb", "piroplasmadb", "microsporidiadb")) {
            client("203.0.113.10").when().get("/api/v1/sites/" + site + "/record-types")
                    .then().statusCode(200)
                    .body("items.find { it.name == 'transcript' }.searchCount", greaterThanOrEqualTo(50));
        }
        client("203.0.113.10").when().get(CRYPTO + "/transcript/GenesByTelomereProximity/param-specs")
                .then().statusCode(200)
                .body("parameters.name", equalTo(List.of("organismSinglePick", "telomere_chromosomes", "distanceFromTelomere")));
    }

    @Test
    void aSiteWithADerivedCatalogueRanksItsSearchesToo() {
        // fungidb has no recording: the simulator serves the searches every recorded component site shares
        String fungi = "/api/v1/sites/fungidb/searches";
        client("203.0.113.11").queryParam("q", "secreted proteins").when().get(fungi)
                .then().statusCode(200)
                .body("items[0].name", equalTo("GenesWithSignalPeptide"))
                .body("items[0].match.mode", equalTo("hybrid"))
                .body("items.name", not(hasItem(endsWith("_RSRC"))));
        client("203.0.113.11").queryParam("q", "genes near the ends of chromosomes").when().get(fungi)
                .then().statusCode(200)
                // the telomere search is a dataset-free search of only five of the seven recordings: not derived
                .body("items.name", not(hasItem("GenesByTelomereProximity")));
        as(Callers.newUser("fay")).body(Map.of("searchName", "GenesWithSignalPeptide", "parameters", Map.of()))
                .when().post("/internal/v1/sites/fungidb/searches/run")
                .then().statusCode(502)
                .body("code", equalTo("UPSTREAM_ERROR"))
                .body("upstreamStatus", equalTo(500));
    }

    @Test
    void runningASearchWhoseDataIsNotLoadedIsAnUpstreamError() {
        as(Callers.newUser("rae")).body(Map.of("searchName", "GenesWithSignalPeptide", "parameters", Map.of()))
                .when().post("/internal/v1/sites/cryptodb/searches/run")
                .then().statusCode(502)
                .body("code", equalTo("UPSTREAM_ERROR"))
                .body("upstreamStatus", equalTo(500));
    }
}
