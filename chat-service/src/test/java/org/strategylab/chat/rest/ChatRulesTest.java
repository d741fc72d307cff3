package org.strategylab.chat.rest;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.strategylab.chat.service.ChatService;
import org.strategylab.chat.support.ChatEvents;
import org.strategylab.eventlog.EventEnvelope;
import org.strategylab.eventlog.index.OperationStatus;
import org.strategylab.eventlog.index.OperationsIndex;
import org.strategylab.eventlog.operation.OperationHandle;
import org.strategylab.eventlog.operation.Operations;
import org.strategylab.chat.support.Chats;
import org.strategylab.simulator.faults.Latency;
import org.strategylab.testsupport.InProcessKafkaResource;
import org.strategylab.testsupport.events.OperationLog;
import org.strategylab.testsupport.metrics.MetricsScrape;
import org.strategylab.testsupport.upstream.UpstreamStackResource;

/** What a chat request may not do: bad fields, someone else's conversations and mentions, two turns at once. */
@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = UpstreamStackResource.class, restrictToAnnotatedClass = false)
class ChatRulesTest {

    @Inject
    ChatEvents events;

    @Inject
    OperationsIndex index;

    @Inject
    Operations operations;

    static final String WAITS = "strategylab_chat_turns_start_waits_total{kind=\"chat\"";

    static String body(String fields) {
        return "{\"siteId\":\"plasmodb\",\"message\":\"kinases\"" + (fields.isEmpty() ? "" : "," + fields) + "}";
    }

    @Test
    void aUserWithAsManyTurnsAsTheyMayHaveIsRefusedOneMoreWithRetryAfter() {
        String user = ChatTurnTest.newUser("busy");
        // eight turns of theirs going on (turns.per-user-max-active): held here, as a worker holds them
        List<OperationHandle> going = new java.util.ArrayList<>();
        for (int i = 0; i < 8; i++) {
            going.add(operations.start(user, ChatService.KIND, UUID.randomUUID().toString(), ChatService.EVENTS_TOPIC)
                    .await().atMost(Duration.ofSeconds(10)));
        }
        try {
            ChatTurnTest.as(user).body(body("")).post("/api/v1/chat").then()
                    .statusCode(429).contentType("application/problem+json")
                    .header("Retry-After", org.hamcrest.Matchers.notNullValue())
                    .body("code", equalTo("TOO_MANY_TURNS"))
                    .body("detail", org.hamcrest.Matchers.containsString("turns.per-user-max-active = 8"));
            // another user is not held back by them
            ChatTurnTest.as(ChatTurnTest.newUser("other")).body(body("")).post("/api/v1/chat").then().statusCode(202);
        } finally {
            going.forEach(handle -> handle.fail("test over").await().atMost(Duration.ofSeconds(10)));
        }
        // with one of them ended, the next turn is taken
        ChatTurnTest.as(user).body(body("")).post("/api/v1/chat").then().statusCode(202);
    }

    @Test
    void everyBadFieldIsA422NamingIt() {
        String user = ChatTurnTest.newUser("bob");
        String tooLong = "x".repeat(200_001);
        List<String[]> table = List.of(
                new String[] {"{\"siteId\":\"plasmodb\",\"message\":\"  \"}", "/message"},
                new String[] {"{\"siteId\":\"plasmodb\",\"message\":\"" + tooLong + "\"}", "/message"},
                new String[] {"{\"message\":\"kinases\"}", "/siteId"},
                new String[] {"{\"siteId\":\"nosuchdb\",\"message\":\"kinases\"}", "/siteId"},
                new String[] {body("\"provider\":\"acme\""), "/provider"},
                new String[] {body("\"model\":\"acme/big\""), "/model"},
                new String[] {body("\"reasoningEffort\":\"extreme\""), "/reasoningEffort"},
                new String[] {body("\"temperature\":3.5"), "/temperature"},
                new String[] {body("\"responseTokens\":0"), "/responseTokens"},
                new String[] {body("\"responseTokens\":32769"), "/responseTokens"},
                new String[] {body("\"reasoningBudget\":-1"), "/reasoningBudget"},
                new String[] {body("\"reasoningBudget\":32769"), "/reasoningBudget"},
                new String[] {body("\"strategyId\":\"not-a-uuid\""), "/strategyId"},
                new String[] {body("\"mentions\":[{\"type\":\"gene\",\"id\":\"" + UUID.randomUUID() + "\"}]"), "/mentions/0/type"},
                new String[] {body("\"mentions\":[{\"type\":\"strategy\",\"id\":\"x\"}]"), "/mentions/0/id"},
                new String[] {body("\"disabledTools\":[\"rm_rf\"]"), "/disabledTools/0"});
        for (String[] row : table) {
            ChatTurnTest.as(user).body(row[0]).post("/api/v1/chat").then()
                    .statusCode(422).contentType("application/problem+json")
                    .body("errors.pointer", hasItem(row[1]));
        }
        // a vendor without a key: the message says which setting enables it
        ChatTurnTest.as(user).body(body("\"model\":\"openai/gpt-5\"")).post("/api/v1/chat").then().statusCode(422)
                .body("errors[0].pointer", equalTo("/model"))
                .body("errors[0].message", org.hamcrest.Matchers.containsString("OPENAI_API_KEY"));
        ChatTurnTest.as(user).body(body("\"provider\":\"anthropic\"")).post("/api/v1/chat").then().statusCode(422)
                .body("errors[0].pointer", equalTo("/provider"))
                .body("errors[0].message", org.hamcrest.Matchers.containsString("ANTHROPIC_API_KEY"));
        ChatTurnTest.as(user).get("/api/v1/strategies").then().statusCode(200).body("total", equalTo(0));
    }

    @Test
    void someoneElsesConversationIsNotFoundEverywhere() {
        String owner = ChatTurnTest.newUser("carol");
        String other = ChatTurnTest.newUser("dave");
        JsonPath started = ChatTurnTest.send(owner, body("\"provider\":\"mock\""));
        String strategyId = started.getString("strategyId");
        events.awaitEnd(started.getString("operationId"), ChatTurnTest.TURN);
        String path = "/api/v1/strategies/" + strategyId;
        ChatTurnTest.as(other).get(path).then().statusCode(404).body("code", equalTo("STRATEGY_NOT_FOUND"));
        ChatTurnTest.as(other).get(path + "/messages").then().statusCode(404);
        ChatTurnTest.as(other).body("{\"name\":\"mine\"}").patch(path).then().statusCode(404);
        ChatTurnTest.as(other).delete(path).then().statusCode(404);
        ChatTurnTest.as(other).post(path + "/push").then().statusCode(404);
        ChatTurnTest.as(other).body(body("\"strategyId\":\"" + strategyId + "\"")).post("/api/v1/chat").then().statusCode(404);
        ChatTurnTest.as(other).body(body("\"mentions\":[{\"type\":\"strategy\",\"id\":\"" + strategyId + "\"}]"))
                .post("/api/v1/chat").then().statusCode(404);
        ChatTurnTest.as(other).get("/api/v1/strategies/not-an-id").then().statusCode(404);
        // the owner still has it, unchanged
        ChatTurnTest.as(owner).get(path).then().statusCode(200).body("strategy.name", equalTo("kinases"));
        ChatTurnTest.as(owner).get(path + "/messages?limit=1&offset=1").then().statusCode(200)
                .body("total", equalTo(2)).body("items.role", equalTo(List.of("assistant")));
    }

    @Test
    void aSecondTurnWhileOneRunsIsAConflictAndACancelEndsTheFirst() {
        String user = ChatTurnTest.newUser("erin");
        JsonPath first = ChatTurnTest.send(user, body("\"provider\":\"mock\""));
        String strategyId = first.getString("strategyId");
        events.awaitEnd(first.getString("operationId"), ChatTurnTest.TURN);
        // every count the site makes answers slowly, so the next turn is still counting its step
        UpstreamStackResource.simulator.faults().latency(Chats.COUNTING, Latency.fixed(Duration.ofSeconds(20)));
        try {
            JsonPath second = ChatTurnTest.send(user, "{\"siteId\":\"plasmodb\",\"strategyId\":\"" + strategyId
                    + "\",\"message\":\"genes with signal peptides\"}");
            String operationId = second.getString("operationId");
            Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> OperationLog.types(events.read(operationId))
                    .contains("tool_call_start"));
            ChatTurnTest.as(user).body("{\"siteId\":\"plasmodb\",\"strategyId\":\"" + strategyId + "\",\"message\":\"more\"}")
                    .post("/api/v1/chat").then().statusCode(409).body("code", equalTo("TURN_RUNNING"))
                    .body("detail", org.hamcrest.Matchers.containsString(operationId));
            index.requestCancel(UUID.fromString(operationId), user).await().atMost(Duration.ofSeconds(5));
            List<EventEnvelope> log = events.awaitEnd(operationId, Duration.ofSeconds(20));
            EventEnvelope end = log.get(log.size() - 1);
            assertEquals("message_end", end.type());
            assertEquals("cancelled", end.data().path("status").asText());
        } finally {
            UpstreamStackResource.simulator.faults().reset();
        }
        // the conversation keeps both turns; the cancelled one says so
        ChatTurnTest.as(user).get("/api/v1/strategies/" + strategyId + "/messages").then().statusCode(200)
                .body("items.role", equalTo(List.of("user", "assistant", "user", "assistant")))
                .body("items[3].status", equalTo("cancelled"));
        // and takes a new turn at once
        JsonPath third = ChatTurnTest.send(user, "{\"siteId\":\"plasmodb\",\"strategyId\":\"" + strategyId
                + "\",\"message\":\"kinases\"}");
        assertEquals(strategyId, third.getString("strategyId"));
    }

    /**
     * A turn's end is in the log a moment before its index row is marked ended; a next message sent
     * in that moment waits for the row instead of being a conflict.
     */
    @Test
    void aNextMessageSentAsThePreviousTurnEndsWaitsForItInsteadOfAConflict() throws Exception {
        String user = ChatTurnTest.newUser("fern");
        JsonPath first = ChatTurnTest.send(user, body("\"provider\":\"mock\""));
        String strategyId = first.getString("strategyId");
        events.awaitEnd(first.getString("operationId"), ChatTurnTest.TURN);
        // a turn of the conversation that is still active in the index, as one whose end is being written
        OperationHandle ending = operations.start(user, ChatService.KIND, strategyId, ChatService.EVENTS_TOPIC)
                .await().atMost(Duration.ofSeconds(5));
        double waitsBefore = MetricsScrape.value(WAITS);
        CompletableFuture<io.restassured.response.Response> next = CompletableFuture.supplyAsync(() ->
                ChatTurnTest.as(user).body("{\"siteId\":\"plasmodb\",\"provider\":\"mock\",\"strategyId\":\""
                        + strategyId + "\",\"message\":\"kinases\"}").post("/api/v1/chat"));
        Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> MetricsScrape.value(WAITS) > waitsBefore);
        ending.end("message_end", com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode()
                .put("status", "completed"), OperationStatus.COMPLETED).await().atMost(Duration.ofSeconds(5));
        io.restassured.response.Response response = next.get(20, TimeUnit.SECONDS);
        assertEquals(202, response.statusCode(), response.asString());
        assertEquals(strategyId, response.jsonPath().getString("strategyId"));
        events.awaitEnd(response.jsonPath().getString("operationId"), ChatTurnTest.TURN);
    }

    @Test
    void theToolsAreListedWithoutSigningIn() {
        io.restassured.RestAssured.given().get("/api/v1/tools").then().statusCode(200)
                .body("tools.name", hasItems("list_sites", "search_for_searches", "get_search_parameters",
                        "get_dependent_vocab", "create_step", "combine_steps", "transform_step", "update_step",
                        "delete_step", "list_current_steps", "validate_graph_structure", "get_result_count",
                        "push_strategy", "get_sample_records", "get_download_url", "delegate_strategy_subtasks"))
                .body("tools[0].description", startsWith(""));
    }

    @Test
    void aRenamedStrategyKeepsItsNameAndADeletedOneIsGone() {
        String user = ChatTurnTest.newUser("fay");
        JsonPath started = ChatTurnTest.send(user, body("\"provider\":\"mock\""));
        events.awaitEnd(started.getString("operationId"), ChatTurnTest.TURN);
        String path = "/api/v1/strategies/" + started.getString("strategyId");
        ChatTurnTest.as(user).body("{\"name\":\"\"}").patch(path).then().statusCode(422).body("errors[0].pointer", equalTo("/name"));
        ChatTurnTest.as(user).body("{\"name\":\"Kinases of falciparum\"}").patch(path).then().statusCode(200)
                .body("name", equalTo("Kinases of falciparum"));
        ChatTurnTest.as(user).get("/api/v1/strategies?siteId=plasmodb").then().statusCode(200)
                .body("items.name", equalTo(List.of("Kinases of falciparum")));
        ChatTurnTest.as(user).delete(path).then().statusCode(204);
        ChatTurnTest.as(user).get(path).then().statusCode(404);
    }
}
