package org.strategylab.chat.workers;

import static io.restassured.RestAssured.given;
import static java.time.Duration.ofSeconds;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.restassured.path.json.JsonPath;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.strategylab.eventlog.EventEnvelope;
import org.strategylab.simulator.faults.Latency;
import org.strategylab.testsupport.TestTokens;
import org.strategylab.testsupport.process.QuarkusAppProcess;
import org.strategylab.testsupport.workers.LeaseHolders;
import org.strategylab.testsupport.workers.WorkerStack;

/**
 * The "a worker killed mid-turn": two chat-service processes in one consumer group; the one
 * running a turn is killed while the turn waits on a slowed-down site. The survivor's reaper ends
 * the turn once the lease runs out ({@code error} + {@code message_end}), the conversation keeps
 * the message and the graph change made before the kill, and the next turn completes.
 */
class ChatWorkerKillIT extends OnChatStack {

    /**
     * What a chat turn's counting asks the site for (as chat-service's test support names it): the
     * report that counts a lone search, and the helper strategy upstream-gateway counts a larger part
     * in. Slowing them keeps a turn running while it counts.
     */
    private static final String COUNTING = "/strategies|/searches/[^/]+/reports/standard$";


    private static final Duration TURN = ofSeconds(120);

    static JsonPath send(QuarkusAppProcess instance, String user, String body) {
        return given().header("Authorization", TestTokens.bearer(user)).contentType("application/json").body(body)
                .when().post(instance.baseUri() + "/api/v1/chat").then().statusCode(202).extract().jsonPath();
    }

    static JsonPath strategy(QuarkusAppProcess instance, String user, String id) {
        return given().header("Authorization", TestTokens.bearer(user)).when()
                .get(instance.baseUri() + "/api/v1/strategies/" + id).then().statusCode(200).extract().jsonPath();
    }

    @Test
    void aKilledWorkersTurnEndsWithinTheLeaseAndTheConversationKeepsWhatWasMade() throws Exception {
        String user = "alice-" + UUID.randomUUID();
        // the first step is made at once; counting the second on the site waits, so the turn lasts
        JsonPath started = send(stack.workers().get(0), user, "{\"siteId\":\"plasmodb\",\"provider\":\"mock\","
                + "\"message\":\"kinases in falciparum but not genes with signal peptides\"}");
        UUID operationId = UUID.fromString(started.getString("operationId"));
        String strategyId = started.getString("strategyId");
        await("the first step is made").atMost(TURN).until(() -> events.of(operationId).stream()
                .anyMatch(e -> e.type().equals("strategy_update")));
        stack.simulator().faults().latency(COUNTING, Latency.fixed(ofSeconds(30)));
        // its command must not come back to the survivor: that would run the turn again instead of ending it
        stack.awaitCommandsCommitted();
        long holder = LeaseHolders.holderPid(stack, operationId)
                .orElseThrow(() -> new AssertionError("the turn ended before its worker could be killed"));
        QuarkusAppProcess victim = stack.workerWithPid(holder);
        QuarkusAppProcess survivor = stack.workers().stream().filter(w -> w != victim).findFirst().orElseThrow();
        victim.kill();
        long killedAt = System.nanoTime();

        await("the survivor ends the dead worker's turn").atMost(WorkerStack.LEASE.plus(ofSeconds(60)))
                .until(() -> events.ended(operationId));
        long endedAfterMs = (System.nanoTime() - killedAt) / 1_000_000;
        List<EventEnvelope> log = events.of(operationId);
        List<String> types = log.stream().map(EventEnvelope::type).toList();
        assertEquals(List.of("error", "message_end"), types.subList(types.size() - 2, types.size()), types.toString());
        assertFalse(types.contains("assistant_message"), "the killed turn did not finish: " + types);
        assertEquals(LongStream.rangeClosed(1, log.size()).boxed().toList(),
                log.stream().map(EventEnvelope::seq).toList(), "the reaper continues the turn's seqs");
        new org.strategylab.testsupport.texts.UserFacingTexts()
                .add("the dead turn's error event", log.get(log.size() - 2).data().path("error").asText()).assertReadable();
        stack.simulator().faults().reset();

        // the conversation keeps the user's message and the step made before the kill, and takes new turns
        JsonPath kept = strategy(survivor, user, strategyId);
        assertEquals(List.of("user"), kept.getList("messages.role"));
        assertTrue(kept.getList("graph.steps").size() >= 1, kept.prettify());
        assertNull(kept.getString("activeOperationId"));
        System.out.printf("chat worker kill: pid %d killed after %d event(s); the turn's terminal event came %d ms later "
                + "(lease %s)%n", holder, log.size() - 2, endedAfterMs, WorkerStack.LEASE);

        JsonPath next = send(survivor, user, "{\"siteId\":\"plasmodb\",\"strategyId\":\"" + strategyId
                + "\",\"message\":\"genes with signal peptides\"}");
        UUID nextId = UUID.fromString(next.getString("operationId"));
        await("the next turn completes").atMost(TURN).until(() -> events.ended(nextId));
        List<EventEnvelope> nextLog = events.of(nextId);
        assertEquals("completed", nextLog.get(nextLog.size() - 1).data().path("status").asText(), nextLog.toString());
        assertEquals(List.of(), events.unreadable());
    }
}
