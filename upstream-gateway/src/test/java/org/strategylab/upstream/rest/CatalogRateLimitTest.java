package org.strategylab.upstream.rest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;
import org.strategylab.testsupport.TestTokens;
import org.strategylab.upstream.support.Callers;
import org.strategylab.upstream.support.UpstreamTest;

/**
 * Issue 11 point 5: the public catalogue is rate-limited per client (the gateway's
 * {@code X-Forwarded-For} address, or the signed-in user), with a 429 problem and {@code Retry-After}.
 */
@QuarkusTest
@UpstreamTest
class CatalogRateLimitTest {

    private static final String RECORD_TYPES = "/api/v1/sites/plasmodb/record-types";

    @Test
    void aClientThatAsksTooOftenIsToldToWait() {
        String greedy = "192.0.2.10";
        Response refused = exhaust(greedy, null);
        refused.then().statusCode(429).contentType("application/problem+json")
                .body("code", equalTo("RATE_LIMITED"))
                .body("status", equalTo(429));
        long retryAfter = Long.parseLong(refused.header("Retry-After"));
        assertTrue(retryAfter >= 1, "Retry-After is a positive number of seconds");

        // other clients are not affected: another address, a signed-in user at the same address
        given().header("X-Forwarded-For", "192.0.2.11").when().get(RECORD_TYPES).then().statusCode(200);
        given().header("X-Forwarded-For", greedy).header("Authorization", TestTokens.bearer(Callers.newUser("calm")))
                .when().get(RECORD_TYPES).then().statusCode(200);
        // the local lists of sites are not limited
        given().header("X-Forwarded-For", greedy).when().get("/api/v1/sites").then().statusCode(200);
        given().header("X-Forwarded-For", greedy).when().get("/api/v1/sites/plasmodb").then().statusCode(200);
    }

    @Test
    void aSignedInUserIsLimitedWhateverItsAddress() {
        String user = Callers.newUser("greedy");
        exhaust("192.0.2.20", user).then().statusCode(429);
        // The bucket refills (5 a second by default) while the test runs, so a request or two from the
        // other address may pass; a limit of its own would let the whole burst of 100 pass.
        int passedElsewhere = 0;
        while (given().header("X-Forwarded-For", "192.0.2.21").header("Authorization", TestTokens.bearer(user))
                .when().get(RECORD_TYPES).statusCode() == 200 && passedElsewhere < 100) {
            passedElsewhere++;
        }
        assertTrue(passedElsewhere < 50,
                "the same user from another address shares the limit; passed " + passedElsewhere);
    }

    /** Asks until refused (bounded: the default burst is 100 with 5 more a second). */
    private static Response exhaust(String address, String user) {
        for (int i = 0; i < 2000; i++) {
            var request = given().header("X-Forwarded-For", address);
            if (user != null) {
                request = request.header("Authorization", TestTokens.bearer(user));
            }
            Response response = request.when().get(RECORD_TYPES);
            if (response.statusCode() != 200) {
                return response;
            }
        }
        throw new AssertionError("never limited after 2000 requests");
    }
}
