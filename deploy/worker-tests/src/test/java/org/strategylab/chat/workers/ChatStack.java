package org.strategylab.chat.workers;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.strategylab.testsupport.workers.WorkerStack;

/**
 * The stack of chat-service's worker ITs: two chat-service processes, and experiment-service beside them.
 * Their turns go through {@code chat.commands} to whichever process claims them (the path a turn takes
 * when the instance that accepted it has no free slot); the in-process tests cover turns run where
 * they were accepted.
 */
final class ChatStack {

    static final WorkerStack.Service CHAT_SERVICE = new WorkerStack.Service("chat-service", "chat.commands",
            "chat.events", "chat-service", "chat-commands", Map.of("strategylab.chat.turns.run-where-accepted", "false"), List.of(new WorkerStack.Sibling(
            "experiment-service", Path.of(System.getProperty("strategylab.it.experiment-service-jar",
            "../../experiment-service/target/quarkus-app/quarkus-run.jar")), "quarkus.rest-client.experiment-service.url")));

    private ChatStack() {
    }
}
