package org.strategylab.upstream.rest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.lessThanOrEqualTo;
import static org.hamcrest.Matchers.notNullValue;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import org.strategylab.upstream.support.UpstreamTest;

/**
 * Issue 35 item 2: a site's public strategies as example plans, ranked by meaning against a request,
 * each with its step tree read from the site (the simulator seeds about a dozen per simulated site).
 */
@QuarkusTest
@UpstreamTest
class PublicStrategyResourceTest {

    private static final String PLASMO = "/api/v1/sites/plasmodb/public-strategies";

    /** Each test its own client address, so the catalogue rate limit of one never meets another's requests. */
    private static RequestSpecification client(String address) {
        return given().header("X-Forwarded-For", address);
    }

    @Test
    void theBestMatchForARequestIsTheStrategyThatAnswersIt() {
        client("203.0.113.71").queryParam("query", "exported proteins").queryParam("limit", 3).when().get(PLASMO)
                .then().statusCode(200)
                .body("items[0].name", equalTo("Exported proteins: signal peptide without transmembrane domains"))
                .body("items[0].match.mode", equalTo("hybrid"))
                .body("items[0].score", greaterThan(0f))
                .body("items[0].author", notNullValue())
                .body("items[0].recordType", equalTo("transcript"))
                .body("items[0].estimatedSize", greaterThan(0))
                // the step tree: a MINUS of the signal-peptide search and the transmembrane-domain search
                .body("items[0].rootStep.operator", equalTo("MINUS"))
                .body("items[0].rootStep.primaryInput.searchName", equalTo("GenesWithSignalPeptide"))
                .body("items[0].rootStep.primaryInput.displayName", equalTo("Signal Peptide Prediction"))
                .body("items[0].rootStep.secondaryInput.searchName", equalTo("GenesByTransmembraneDomains"))
                .body("items[0].rootStep.secondaryInput.parameters.min_tm", equalTo("1"))
                .body("items.size()", lessThanOrEqualTo(3));

        client("203.0.113.71").queryParam("query", "proteases as drug targets").when().get(PLASMO)
                .then().statusCode(200).body("items[0].name", equalTo("Proteases and peptidases"))
                .body("items[0].rootStep.searchName", equalTo("GenesByGoTerm"))
                .body("items[0].rootStep.parameters.go_typeahead", hasItem("GO:0008233"));

        client("203.0.113.71").queryParam("query", "invasion organelle proteins").when().get(PLASMO)
                .then().statusCode(200).body("items[0].name", containsString("rhoptry or microneme"))
                .body("items[0].rootStep.operator", equalTo("UNION"));
    }

    @Test
    void withoutAQueryEveryPublicStrategyOfTheRecordTypeInTheSitesOrder() {
        client("203.0.113.72").queryParam("recordType", "transcript").queryParam("limit", 20).when().get(PLASMO)
                .then().statusCode(200)
                .body("total", greaterThanOrEqualTo(8))
                .body("items.recordType", everyItem(equalTo("transcript")))
                .body("items.rootStep", everyItem(notNullValue()))
                .body("items[0].match", equalTo(null));
        client("203.0.113.72").queryParam("recordType", "gene").when().get(PLASMO)
                .then().statusCode(200).body("total", equalTo(0));
    }

    @ParameterizedTest
    @CsvSource({"limit,0", "limit,21", "limit,abc"})
    void aLimitOutOfRangeIs400NamingIt(String name, String value) {
        client("203.0.113.73").queryParam(name, value).when().get(PLASMO)
                .then().statusCode(400).contentType("application/problem+json")
                .body("errors[0].pointer", equalTo(name));
    }

    @Test
    void unknownSiteAndRecordTypeAre404NamingThem() {
        client("203.0.113.74").when().get("/api/v1/sites/nosuchsite/public-strategies")
                .then().statusCode(404).contentType("application/problem+json").body("code", equalTo("SITE_NOT_FOUND"))
                .body("detail", containsString("nosuchsite"));
        client("203.0.113.74").queryParam("recordType", "nothing").when().get(PLASMO)
                .then().statusCode(404).contentType("application/problem+json")
                .body("code", equalTo("RECORD_TYPE_NOT_FOUND")).body("detail", containsString("nothing"));
    }
}
