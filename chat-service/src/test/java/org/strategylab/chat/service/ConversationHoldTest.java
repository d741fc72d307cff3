package org.strategylab.chat.service;

import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.strategylab.chat.config.ChatConfig;
import org.strategylab.chat.support.ChatEvents;
import org.strategylab.chat.support.Chats;
import org.strategylab.testsupport.InProcessKafkaResource;
import org.strategylab.testsupport.upstream.UpstreamStackResource;

/**
 * A person's edit holds the conversation for as long as it runs: an edit checked and counted by a
 * slow site can outlast the start window, and a turn started beside it would change the same graph.
 */
@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = UpstreamStackResource.class, restrictToAnnotatedClass = false)
class ConversationHoldTest {

    @Inject
    ConversationHold hold;

    @Inject
    ChatConfig config;

    @Inject
    ChatEvents events;

    @Test
    void aHoldLongerThanTheStartWindowRefusesATurnUntilItEnds() throws Exception {
        String user = Chats.newUser("hold");
        JsonPath first = Chats.send(user, "{\"siteId\":\"plasmodb\",\"message\":\"kinases in falciparum\"}");
        events.awaitEnd(first.getString("operationId"), Chats.TURN);
        String strategyId = first.getString("strategyId");
        String next = "{\"siteId\":\"plasmodb\",\"strategyId\":\"" + strategyId + "\",\"message\":\"kinases in falciparum\"}";

        // work that lasts until released, standing in for an edit checked and counted by a slow site
        CountDownLatch holding = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        CompletableFuture<String> edit = CompletableFuture.supplyAsync(() -> hold.holdWhile(UUID.fromString(strategyId),
                user, ChatService.KIND, strategyId, () -> {
                    holding.countDown();
                    try {
                        return release.await(2, TimeUnit.MINUTES) ? "edited" : "never released";
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return "interrupted";
                    }
                }));
        try {
            assertTrue(holding.await(30, TimeUnit.SECONDS), "the work started");
            // a turn is refused throughout, for twice the start window that a start's own mark lasts
            Duration window = config.turns().startWindow();
            await().during(window.multipliedBy(2)).atMost(window.multipliedBy(2).plusSeconds(30))
                    .pollInterval(Duration.ofMillis(500))
                    .until(() -> Chats.as(user).body(next).post("/api/v1/chat").statusCode() == 409);
            Chats.as(user).body(next).post("/api/v1/chat").then().statusCode(409).body("code", equalTo("TURN_RUNNING"));
        } finally {
            release.countDown();
        }
        assertEquals("edited", edit.get(30, TimeUnit.SECONDS));

        // let go at its end: the next turn starts at once
        JsonPath started = Chats.send(user, next);
        events.awaitEnd(started.getString("operationId"), Chats.TURN);
    }
}
