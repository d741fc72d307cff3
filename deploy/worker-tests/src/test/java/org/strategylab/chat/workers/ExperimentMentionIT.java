package org.strategylab.chat.workers;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.restassured.path.json.JsonPath;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.strategylab.eventlog.EventEnvelope;
import org.strategylab.testsupport.TestTokens;
import org.strategylab.testsupport.process.QuarkusAppProcess;

/**
 * Mentioned experiments, read from the real experiment-service as the caller: the owner's is given
 * to the model (the mock says it kept it in mind), anyone else's is a 404 before the turn starts.
 */
class ExperimentMentionIT extends OnChatStack {

    @Test
    void theOwnersExperimentIsContextAndAnyoneElsesIsNotFound() {
        String owner = "lea-" + UUID.randomUUID();
        String other = "max-" + UUID.randomUUID();
        QuarkusAppProcess experiments = stack.sibling("experiment-service");
        String experimentId = given().header("Authorization", TestTokens.bearer(owner)).contentType("application/json")
                .body("{\"name\":\"kinase screen\",\"siteId\":\"plasmodb\",\"targetGeneIds\":[\"PF3D7_0100100\","
                        + "\"PF3D7_0100200\"],\"positiveControls\":[\"PF3D7_0100100\"]}")
                .post(experiments.baseUri() + "/api/v1/experiments").then().statusCode(202).extract().path("experimentId");
        String mention = "\"mentions\":[{\"type\":\"experiment\",\"id\":\"" + experimentId + "\",\"displayName\":\"screen\"}]";
        QuarkusAppProcess chat = stack.workers().get(0);

        given().header("Authorization", TestTokens.bearer(other)).contentType("application/json")
                .body("{\"siteId\":\"plasmodb\",\"message\":\"kinases\"," + mention + "}")
                .post(chat.baseUri() + "/api/v1/chat").then().statusCode(404).body("code", equalTo("EXPERIMENT_NOT_FOUND"));

        JsonPath started = given().header("Authorization", TestTokens.bearer(owner)).contentType("application/json")
                .body("{\"siteId\":\"plasmodb\",\"message\":\"kinases in falciparum\"," + mention + "}")
                .post(chat.baseUri() + "/api/v1/chat").then().statusCode(202).extract().jsonPath();
        UUID operationId = UUID.fromString(started.getString("operationId"));
        await("the turn ends").atMost(Duration.ofSeconds(120)).until(() -> events.ended(operationId));
        List<EventEnvelope> log = events.of(operationId);
        EventEnvelope message = log.stream().filter(e -> e.type().equals("assistant_message")).findFirst().orElseThrow();
        assertTrue(message.data().path("content").asText().contains("experiment \u201ckinase screen\u201d"),
                message.data().toString());
        assertEquals("completed", log.get(log.size() - 1).data().path("status").asText());
    }
}
