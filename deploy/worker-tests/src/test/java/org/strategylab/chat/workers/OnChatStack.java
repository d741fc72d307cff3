package org.strategylab.chat.workers;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.strategylab.eventlog.EventEnvelope;
import org.strategylab.testsupport.TestTokens;
import org.strategylab.testsupport.workers.EventsTopic;
import org.strategylab.testsupport.workers.WorkerStack;

/**
 * The worker ITs' common ground: the shared stack of {@link ChatStack} (two chat-service processes,
 * experiment-service beside them, a real broker), every instance running, and a reader of
 * {@code chat.events} per IT class.
 */
abstract class OnChatStack {

    static final ObjectMapper JSON = new ObjectMapper();

    static WorkerStack stack;
    static EventsTopic events;

    @BeforeAll
    static void startStack() {
        stack = WorkerStack.shared(ChatStack.CHAT_SERVICE);
        stack.everyInstanceRuns();
        events = new EventsTopic(stack.kafka().bootstrapServers(), ChatStack.CHAT_SERVICE.eventsTopic());
    }

    @AfterAll
    static void closeReader() {
        // a class of the other service's run never started the stack
        if (stack != null) {
            stack.simulator().faults().reset();
        }
        if (events != null) {
            events.close();
            events = null;
        }
    }

    /** One turn of the conversation, to its end: its events. */
    static List<EventEnvelope> turn(String user, String chatUri, String strategyId, String message) {
        String body = "{\"siteId\":\"plasmodb\",\"message\":\"" + message + "\""
                + (strategyId == null ? "" : ",\"strategyId\":\"" + strategyId + "\"") + "}";
        JsonPath started = as(user).body(body).post(chatUri + "/api/v1/chat").then().statusCode(202).extract().jsonPath();
        UUID operationId = UUID.fromString(started.getString("operationId"));
        await("the turn ends").atMost(Duration.ofSeconds(240)).until(() -> events.ended(operationId));
        List<EventEnvelope> log = events.of(operationId);
        assertEquals("completed", log.get(log.size() - 1).data().path("status").asText(), log.toString());
        return log;
    }

    static JsonNode toolResult(List<EventEnvelope> log, String tool) throws Exception {
        EventEnvelope end = log.stream().filter(e -> e.type().equals("tool_call_end")
                && tool.equals(e.data().path("name").asText())).findFirst().orElseThrow(() -> new AssertionError(
                tool + " was not called: " + log));
        JsonNode result = end.data().path("result");
        return result.isTextual() ? JSON.readTree(result.asText()) : result;
    }

    /** A search's genes as upstream-gateway answers them to the caller. */
    static List<String> ids(String user, String searchName, JsonNode parameters) {
        String body = "{\"searchName\":\"" + searchName + "\",\"parameters\":" + parameters + ",\"maxIds\":20000}";
        return as(user).body(body).post(stack.upstreamGateway().baseUri() + "/internal/v1/sites/plasmodb/searches/run")
                .then().statusCode(200).extract().jsonPath().getList("ids", String.class);
    }

    /** A JSON request as this user. */
    static RequestSpecification as(String user) {
        return given().header("Authorization", TestTokens.bearer(user)).contentType("application/json");
    }
}
