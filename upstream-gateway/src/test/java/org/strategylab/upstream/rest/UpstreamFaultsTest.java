package org.strategylab.upstream.rest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.containsString;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.strategylab.upstream.support.Callers.PLASMO;
import static org.strategylab.upstream.support.Callers.as;

import io.quarkus.cache.Cache;
import io.quarkus.cache.CacheName;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import io.restassured.http.ContentType;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.strategylab.simulator.UpstreamSimulator;
import org.strategylab.testsupport.texts.UserFacingTexts;
import org.strategylab.upstream.service.catalog.CachedCatalog;
import org.strategylab.upstream.support.Callers;
import org.strategylab.upstream.support.InjectSimulator;
import org.strategylab.upstream.support.UpstreamTest;

/**
 * Upstream failures: 5xx retried with back-off (success and exhaustion), WDK's delayed result (202),
 * and statuses never passed through as ours. Timeouts: {@code client/WdkTransportRetryTest}.
 */
@QuarkusTest
@UpstreamTest
class UpstreamFaultsTest {

    private static final String VALIDATE = "/api/v1/sites/plasmodb/searches/transcript/GenesByTaxon/validate";
    private static final String VALID_TAXON = "{\"contextValues\":{\"organism\":[\"Plasmodium falciparum 3D7\"]}}";
    private static final String SEARCH_IN_CONTEXT = "/record-types/transcript/searches/GenesByTaxon$";
    private static final String RUN = "{\"searchName\":\"GenesByTaxon\",\"parameters\":{\"organism\":[\"Plasmodium vivax P01\"]},"
            + "\"maxIds\":10}";

    @InjectSimulator
    UpstreamSimulator simulator;

    @Inject
    @CacheName(CachedCatalog.CACHE)
    Cache catalogCache;

    @AfterEach
    void resetFaults() {
        simulator.faults().reset();
    }

    @Test
    void fiveHundredsAreRetriedUntilTheySucceed() {
        simulator.faults().failNext(SEARCH_IN_CONTEXT, 2, 503);
        given().contentType(ContentType.JSON).body(VALID_TAXON).when().post(VALIDATE)
                .then().statusCode(200).body("isValid", equalTo(true));
        assertEquals(2, simulator.faults().injectedCount("ERROR"));
    }

    @Test
    void exhaustedRetriesAre502WithTheUpstreamStatusButNotItsBody() {
        simulator.faults().failNext(SEARCH_IN_CONTEXT, 3, 500);
        String detail = given().contentType(ContentType.JSON).body(VALID_TAXON).when().post(VALIDATE)
                .then().statusCode(502).contentType("application/problem+json")
                .body("code", equalTo("UPSTREAM_ERROR"))
                .body("upstreamStatus", equalTo(500))
                .body("siteId", equalTo("plasmodb"))
                .body("detail", not(containsString("Internal Error")))
                .extract().path("detail");
        assertEquals(3, simulator.faults().injectedCount("ERROR"));
        new UserFacingTexts().add("502 problem detail", detail).assertReadable();
    }

    @Test
    void anUpstream4xxIsNeverPassedThrough() {
        // orthomcl runs another WDK model (groups, sequences): the simulator serves no orthomcl web application,
        // so the site answers a text/plain 404, which is the site's refusal, not a missing resource of ours
        UserFacingTexts shown = new UserFacingTexts();
        shown.add("record-types problem detail", given().when().get("/api/v1/sites/orthomcl/record-types")
                .then().statusCode(502).contentType("application/problem+json")
                .body("code", equalTo("UPSTREAM_ERROR"))
                .body("siteId", equalTo("orthomcl"))
                .body("upstreamStatus", equalTo(404))
                .body("detail", not(containsString("HTTP 404")))
                .extract().<String>path("detail"));
        // catalogue search reads the same list: the same typed upstream error, not an empty result or a 500
        shown.add("search problem detail", given().queryParam("q", "orthologous groups").when().get("/api/v1/sites/orthomcl/searches")
                .then().statusCode(502).contentType("application/problem+json")
                .body("code", equalTo("UPSTREAM_ERROR"))
                .body("upstreamStatus", equalTo(404))
                .extract().<String>path("detail"));
        shown.assertReadable();
    }

    @Test
    void theDelayedResult202IsRetried() {
        String user = Callers.newUser("henry");
        simulator.faults().delayedResultNext(2);
        as(user).body(RUN).when().post(PLASMO + "/searches/run")
                .then().statusCode(200).body("ids.size()", equalTo(10));
        assertEquals(2, simulator.faults().injectedCount("DELAYED_RESULT"));
    }

    @Test
    void aResultThatStaysDelayedIs504() {
        String user = Callers.newUser("ida");
        simulator.faults().delayedResultNext(3);
        String detail = as(user).body(RUN).when().post(PLASMO + "/searches/run")
                .then().statusCode(504)
                .body("code", equalTo("UPSTREAM_RESULT_DELAYED"))
                .body("upstreamStatus", equalTo(202))
                .extract().path("detail");
        new UserFacingTexts().add("504 problem detail", detail).assertReadable();
    }

    @Test
    void aFailingCatalogueReadIsNotCached() {
        catalogCache.invalidateAll().await().atMost(Duration.ofSeconds(5));
        simulator.faults().failNext("/toxo/service/record-types$", 3, 503);
        String detail = given().when().get("/api/v1/sites/toxodb/record-types").then().statusCode(502)
                .body("upstreamStatus", equalTo(503)).extract().path("detail");
        new UserFacingTexts().add("catalogue problem detail", detail).assertReadable();
        given().when().get("/api/v1/sites/toxodb/record-types").then().statusCode(200);
    }
}
