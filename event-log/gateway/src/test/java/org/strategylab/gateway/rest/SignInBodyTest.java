package org.strategylab.gateway.rest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.strategylab.gateway.routing.FakeServicesResource;
import org.strategylab.testsupport.InProcessKafkaResource;
import org.strategylab.testsupport.PostgresResource;

/**
 * Issue 11 point c: a sign-in body that parses but does not fit (a top-level array, a number or a
 * list as the user id, a key given twice, text after the JSON, an unpaired surrogate) is a 400
 * problem naming the field, never an empty 400.
 */
@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = PostgresResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = FakeServicesResource.class, restrictToAnnotatedClass = false)
class SignInBodyTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "[]|/",
            "[{\"userId\":\"carol\"}]|/",
            "\"carol\"|/",
            "{\"userId\":123}|/userId",
            "{\"userId\":true}|/userId",
            "{\"userId\":[\"carol\"]}|/userId",
            "{\"userId\":{\"name\":\"carol\"}}|/userId",
            "{\"userId\":\"carol\",\"role\":\"admin\"}|/role",
            "{\"userId\":\"carol\",\"userId\":\"admin\"}|/userId",
            "{\"userId\":\"carol\"} {\"userId\":\"admin\"}|/",
            "{\"userId\":\"carol\"}garbage|/",
            "{\"userId\":\"\\ud800\"}|/userId",
            "{\"userId\":1e999999999}|/userId",
            "{\"userId\":|/userId",
    })
    void unfitSignInBodiesAre400NamingTheField(String body, String pointer) {
        given().contentType("application/json").body(body).when().post("/api/v1/auth/local/sign-in")
                .then().statusCode(400).contentType("application/problem+json")
                .body("code", equalTo("INVALID_BODY"))
                .body("errors", hasSize(1))
                .body("errors[0].pointer", equalTo(pointer));
    }
}
