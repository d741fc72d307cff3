package org.strategylab.gateway.rest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.strategylab.testsupport.node.NodeProject;
import org.junit.jupiter.api.Test;
import org.strategylab.gateway.routing.FakeServicesResource;
import org.strategylab.testsupport.InProcessKafkaResource;
import org.strategylab.testsupport.PostgresResource;

/**
 * Issue 20: the event contract at {@code GET /api/v1/asyncapi}, without a token, as YAML or JSON;
 * issue 31: both valid by the official AsyncAPI parser (run by Node from {@code src/test/node/asyncapi}).
 */
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
    void theJsonIsTheYamlWithItsAliasesResolved() {
        // asyncapi.yaml shares one headers object among the messages (&id006 … *id006)
        given().accept("application/json").when().get("/api/v1/asyncapi")
                .then().statusCode(200)
                .body("components.messages.experiment_progress.headers.$ref",
                        equalTo("#/components/schemas/RecordHeaders"))
                .body("components.messages.operation_completed.headers.$ref",
                        equalTo("#/components/schemas/RecordHeaders"))
                .body("components.messages.experiment_end.headers.$ref",
                        equalTo("#/components/schemas/RecordHeaders"));
    }

    @Test
    void bothRenderingsAreValidByTheOfficialAsyncApiParser() throws Exception {
        NodeProject validator = NodeProject.install(Path.of("src/test/node/asyncapi"), Path.of("target/node/asyncapi"));
        Path served = Files.createDirectories(validator.directory().resolve("served"));
        Path yaml = served.resolve("asyncapi.yaml");
        Path json = served.resolve("asyncapi.json");
        Files.writeString(yaml, given().when().get("/api/v1/asyncapi").then().statusCode(200).extract().asString(),
                StandardCharsets.UTF_8);
        Files.writeString(json, given().accept("application/json").when().get("/api/v1/asyncapi")
                .then().statusCode(200).extract().asString(), StandardCharsets.UTF_8);

        NodeProject.NodeRun run = validator.node(Duration.ofMinutes(2), "validate.mjs", "served/asyncapi.yaml",
                "served/asyncapi.json");
        // warnings and hints are printed for a reader of the build log; only errors fail
        System.out.println(run.output());
        assertEquals(0, run.exitCode(), run.output());
        assertTrue(run.output().contains("served/asyncapi.yaml: parsed, 0 errors"), run.output());
        assertTrue(run.output().contains("served/asyncapi.json: parsed, 0 errors"), run.output());
    }

    @Test
    void yamlWhenBothAreAccepted() {
        given().accept("application/yaml, application/json;q=0.5").when().get("/api/v1/asyncapi")
                .then().statusCode(200).contentType(startsWith("application/yaml"));
    }
}
