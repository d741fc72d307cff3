package org.strategylab.chat.workers;

import static io.restassured.RestAssured.given;

import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.strategylab.testsupport.TestTokens;
import org.strategylab.testsupport.workers.EventsTopic;
import org.strategylab.testsupport.workers.WorkerStack;

/**
 * The worker ITs' common ground: the shared stack of {@link ChatStack} (two chat-service processes,
 * experiment-service beside them, a real broker), every instance running, and a reader of
 * {@code chat.events} per IT class.
 */
abstract class OnChatStack {

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
        stack.simulator().faults().reset();
        events.close();
    }

    /** A JSON request as this user. */
    static RequestSpecification as(String user) {
        return given().header("Authorization", TestTokens.bearer(user)).contentType("application/json");
    }
}
