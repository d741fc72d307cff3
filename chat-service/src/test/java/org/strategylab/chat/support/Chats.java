package org.strategylab.chat.support;

import static io.restassured.RestAssured.given;

import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import java.time.Duration;
import java.util.UUID;
import org.strategylab.testsupport.TestTokens;

/** Calls of the chat API as a signed-in user, for the module's tests. */
public final class Chats {

    /** How long a mock turn may take in a test (a slowed-down site included). */
    public static final Duration TURN = Duration.ofSeconds(90);

    /**
     * The site's paths a step's count goes through (a pattern for the simulator's faults): the anonymous
     * report that counts a lone search, and the helper strategy upstream-gateway counts a larger part in.
     * Slowing them keeps a turn running while it counts.
     */
    public static final String COUNTING = "/strategies|/searches/[^/]+/reports/standard$";

    private Chats() {
    }

    public static RequestSpecification as(String user) {
        return given().header("Authorization", TestTokens.bearer(user)).contentType("application/json");
    }

    /** A user of this test alone. */
    public static String newUser(String name) {
        return name + "-" + UUID.randomUUID();
    }

    /** Sends a chat request that must be accepted; answers {operationId, strategyId, messageId}. */
    public static JsonPath send(String user, String body) {
        return as(user).body(body).post("/api/v1/chat").then().statusCode(202).extract().jsonPath();
    }
}
