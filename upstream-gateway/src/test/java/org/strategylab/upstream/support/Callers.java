package org.strategylab.upstream.support;

import static io.restassured.RestAssured.given;

import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import java.util.UUID;
import org.strategylab.testsupport.TestTokens;

/** Requests made as a StrategyLab user (a signed caller token, as other services forward it). */
public final class Callers {

    /** The internal API path of a site. */
    public static final String PLASMO = "/internal/v1/sites/plasmodb";

    private Callers() {
    }

    /** A request as {@code userId}, with a JSON body type. */
    public static RequestSpecification as(String userId) {
        return given().header("Authorization", TestTokens.bearer(userId)).contentType(ContentType.JSON);
    }

    /** A user id no other test uses, so each test starts without an upstream session. */
    public static String newUser(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }
}
