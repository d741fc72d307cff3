package org.strategylab.chat.rest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.strategylab.chat.support.ChatEvents;
import org.strategylab.eventlog.EventEnvelope;
import org.strategylab.eventlog.index.OperationsIndex;
import org.strategylab.chat.support.Chats;
import org.strategylab.simulator.faults.Latency;
import org.strategylab.testsupport.InProcessKafkaResource;
import org.strategylab.testsupport.events.OperationLog;
import org.strategylab.testsupport.upstream.UpstreamStackResource;

/** Delegation through the loop with {@code mock}: sub-agents at once, and all of them stopped by a cancel. */
@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = UpstreamStackResource.class, restrictToAnnotatedClass = false)
class ChatDelegationTest {

    static final String TWO_SEARCHES = "{\"siteId\":\"plasmodb\",\"message\":"
            + "\"kinases in falciparum and genes with signal peptides\"}";

    @Inject
    ChatEvents events;

    @Inject
    OperationsIndex index;

    @Test
    void independentTasksRunAtOnceAndTheCombineWaitsForBoth() {
        String user = ChatTurnTest.newUser("hana");
        // counting each step on the site takes a while, so two sub-agents in turn could not overlap
        UpstreamStackResource.simulator.faults().latency(Chats.COUNTING, Latency.fixed(Duration.ofMillis(700)));
        List<EventEnvelope> log;
        try {
            JsonPath started = ChatTurnTest.send(user, TWO_SEARCHES);
            log = events.awaitEnd(started.getString("operationId"), ChatTurnTest.TURN);
        } finally {
            UpstreamStackResource.simulator.faults().reset();
        }
        List<Instant> starts = at(log, "subagent_task_start");
        List<Instant> ends = at(log, "subagent_task_end");
        assertEquals(2, starts.size(), OperationLog.types(log).toString());
        Instant firstEnd = ends.stream().min(Instant::compareTo).orElseThrow();
        assertTrue(starts.stream().allMatch(start -> start.isBefore(firstEnd)),
                "both sub-agents started before either ended: " + starts + " " + ends);
        // the orchestrator's combine is the last graph change, after both tasks
        List<String> types = OperationLog.types(log);
        int combine = ChatTurnTest.lastIndexOf(log, "strategy_update");
        assertEquals("combine", log.get(combine).data().path("step").path("kind").asText());
        assertTrue(combine > types.lastIndexOf("subagent_task_end"), types.toString());
        assertEquals("completed", log.get(log.size() - 1).data().path("status").asText());
    }

    @Test
    void aCancelledTurnStopsEverySubAgent() {
        String user = ChatTurnTest.newUser("ivo");
        // every step's count waits at the site: the sub-agents are inside create_step when the cancel comes
        UpstreamStackResource.simulator.faults().latency(Chats.COUNTING, Latency.fixed(Duration.ofSeconds(3)));
        String strategyId;
        try {
            JsonPath started = ChatTurnTest.send(user, TWO_SEARCHES);
            String operationId = started.getString("operationId");
            strategyId = started.getString("strategyId");
            Awaitility.await().atMost(ChatTurnTest.TURN).until(() -> events.read(operationId).stream()
                    .filter(e -> e.type().equals("subagent_tool_call_start")
                            && e.data().path("name").asText().equals("create_step")).count() == 2);
            index.requestCancel(UUID.fromString(operationId), user).await().atMost(Duration.ofSeconds(5));
            List<EventEnvelope> log = events.awaitEnd(operationId, Duration.ofSeconds(30));
            assertEquals("cancelled", log.get(log.size() - 1).data().path("status").asText());
            // the interrupted sub-agents never commit their steps, not even once the site answers
            Awaitility.await().during(Duration.ofSeconds(5)).atMost(Duration.ofSeconds(10)).until(() ->
                    ChatTurnTest.as(user).get("/api/v1/strategies/" + strategyId).then().extract().jsonPath()
                            .getList("graph.steps").isEmpty());
        } finally {
            UpstreamStackResource.simulator.faults().reset();
        }
        // the conversation takes its next turn
        JsonPath next = ChatTurnTest.send(user, "{\"siteId\":\"plasmodb\",\"strategyId\":\"" + strategyId
                + "\",\"message\":\"kinases\"}");
        List<EventEnvelope> after = events.awaitEnd(next.getString("operationId"), ChatTurnTest.TURN);
        assertEquals("completed", after.get(after.size() - 1).data().path("status").asText());
    }

    private static List<Instant> at(List<EventEnvelope> log, String type) {
        return log.stream().filter(e -> e.type().equals(type)).map(EventEnvelope::ts).toList();
    }
}
