package org.strategylab.upstream.client;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.strategylab.upstream.support.Callers.PLASMO;
import static org.strategylab.upstream.support.Callers.as;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.strategylab.simulator.UpstreamSimulator;
import org.strategylab.upstream.support.Callers;
import org.strategylab.upstream.support.InjectSimulator;
import org.strategylab.upstream.support.SimulatorResource;
import org.strategylab.upstream.support.Trees;
import org.strategylab.upstream.support.UpstreamTest;

/**
 * Which calls are sent again (issue 11 points 10 and 14). Reads are retried after a timeout; a call
 * that creates something is not, because the site may have made it although the answer never
 * arrived. Timeouts happen on {@link SimulatorResource#SHORT_DEADLINE_SITE}, whose deadline is short,
 * and the simulator holds the answer far longer than that, so no outcome depends on machine speed.
 */
@QuarkusTest
@UpstreamTest
class WdkTransportRetryTest {

    private static final String SITE = "/internal/v1/sites/" + SimulatorResource.SHORT_DEADLINE_SITE;
    private static final String VALIDATE = "/api/v1/sites/" + SimulatorResource.SHORT_DEADLINE_SITE
            + "/searches/transcript/GenesByTaxon/validate";
    private static final String VALID_TAXON = "{\"contextValues\":{\"organism\":[\"Plasmodium falciparum 3D7\"]}}";
    private static final String SEARCH_IN_CONTEXT = "/record-types/transcript/searches/GenesByTaxon$";
    private static final String STRATEGY_CREATE = "/users/[^/]+/strategies$";
    private static final String STEP_CREATE = "/users/[^/]+/steps$";
    /** Far beyond the short deadline: the gateway has given up long before the simulator would answer. */
    private static final Duration HOLD = Duration.ofSeconds(60);

    @InjectSimulator
    UpstreamSimulator simulator;

    @AfterEach
    void resetFaults() {
        simulator.faults().reset();
    }

    @Test
    void aReadThatTimesOutIsRetried() {
        simulator.faults().timeoutNext(SEARCH_IN_CONTEXT, 1, HOLD);
        given().contentType(ContentType.JSON).body(VALID_TAXON).when().post(VALIDATE)
                .then().statusCode(200).body("isValid", equalTo(true));
        assertEquals(1, simulator.faults().injectedCount("TIMEOUT"));
    }

    @Test
    void timeoutsOnEveryAttemptAre504() {
        simulator.faults().timeoutNext(SEARCH_IN_CONTEXT, 3, HOLD);
        given().contentType(ContentType.JSON).body(VALID_TAXON).when().post(VALIDATE)
                .then().statusCode(504).contentType("application/problem+json")
                .body("code", equalTo("UPSTREAM_TIMEOUT"))
                .body("upstreamStatus", nullValue());
        assertEquals(3, simulator.faults().injectedCount("TIMEOUT"));
    }

    @Test
    void aStrategyWhoseAnswerIsLostIsMadeOnceNotTwice() {
        String user = Callers.newUser("late");
        // the site makes the strategy, but its answer comes after the gateway has given up
        simulator.faults().answerLateNext(STRATEGY_CREATE, 1, HOLD);
        as(user).body("{\"name\":\"kinases once\",\"tree\":" + Trees.KINASES + "}").when().post(SITE + "/strategies")
                .then().statusCode(504).body("code", equalTo("UPSTREAM_TIMEOUT"));
        assertEquals(1, simulator.faults().injectedCount("ANSWER_LATE"));
        simulator.faults().releaseHeldAnswers();
        as(user).when().get(SITE + "/strategies")
                .then().statusCode(200)
                .body("total", equalTo(1))
                .body("items[0].name", equalTo("kinases once"));
    }

    @Test
    void aCreateIsSentAgainOnlyWhenTheSiteCertainlyDidNotActOnIt() {
        String user = Callers.newUser("twice");
        String step = "{\"searchName\":\"GenesByTaxon\",\"parameters\":{\"organism\":[\"Plasmodium falciparum 3D7\"]}}";
        // 503: the web application was not serving, so nothing was made; sending it again is safe
        simulator.faults().failNext(STEP_CREATE, 1, 503);
        as(user).body(step).when().post(PLASMO + "/steps").then().statusCode(201);
        assertEquals(1, simulator.faults().injectedCount("ERROR"));
        simulator.faults().reset();
        // 500: the site may have failed after making the step; it is not sent again
        simulator.faults().failNext(STEP_CREATE, 1, 500);
        as(user).body(step).when().post(PLASMO + "/steps")
                .then().statusCode(502).body("upstreamStatus", equalTo(500));
        assertEquals(1, simulator.faults().injectedCount("ERROR"));
    }
}
