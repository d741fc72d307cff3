package org.strategylab.gateway.rest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.startsWith;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;
import org.strategylab.gateway.routing.FakeServicesResource;
import org.strategylab.testsupport.InProcessKafkaResource;
import org.strategylab.testsupport.PostgresResource;

/** Issue 20: the event contract at {@code GET /api/v1/asyncapi}, without a token, as YAML or JSON. */
@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = PostgresResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = FakeServicesResource.class, restrictToAnnotatedClass = false)
class AsyncApiResourceTest {

    @Test
    void yamlByDefaultWithoutAToken() {
        given().when().get("/api/v1/asyncapi")
                .then().statusCode(200)
                .contentType(startsWith("application/yaml"))
                .body(containsString("asyncapi: 3.0.0"), containsString("address: experiment.events"));
    }

    @Test
    void jsonWhenAskedFor() {
        given().accept("application/json").when().get("/api/v1/asyncapi")
                .then().statusCode(200)
                .contentType(startsWith("application/json"))
                .body("asyncapi", equalTo("3.0.0"))
                .body("channels.chatEvents.address", equalTo("chat.events"))
                .body("components.messages", hasKey("experiment_end"))
                .body("components.messages.experiment_end.x-terminal", equalTo(true));
    }

    @Test
    void yamlWhenBothAreAccepted() {
        given().accept("application/yaml, application/json;q=0.5").when().get("/api/v1/asyncapi")
                .then().statusCode(200).contentType(startsWith("application/yaml"));
    }
}
