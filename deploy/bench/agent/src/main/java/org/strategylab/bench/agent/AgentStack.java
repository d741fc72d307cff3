package org.strategylab.bench.agent;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.strategylab.testsupport.bench.LiveEventsTail;
import org.strategylab.testsupport.process.QuarkusAppProcess;
import org.strategylab.testsupport.stack.ProductStack;

/**
 * The part of the product a chat turn needs, each part real (test-support's {@link ProductStack}):
 * an embedded PostgreSQL, a Kafka broker JVM, the WDK simulator in this JVM behind every site, the
 * packaged upstream-gateway and chat-service, and a tail of {@code chat.events}. chat-service gets
 * {@code chatSettings} beside the stack's own (a vendor's base URL and key, say); it inherits this
 * JVM's environment, so a vendor key set there enables that vendor.
 */
final class AgentStack implements AutoCloseable {

    static final String CHAT_EVENTS = "chat.events";

    /** Held, so the level stays: the Kafka clients in this JVM (the stack's admin, the events tail) log every setting at INFO. */
    private static final Logger KAFKA_LOG = Logger.getLogger("org.apache.kafka");

    static {
        KAFKA_LOG.setLevel(Level.WARNING);
    }

    private ProductStack stack;
    private QuarkusAppProcess upstream;
    private QuarkusAppProcess chat;
    private LiveEventsTail events;

    /**
     * Starts the stack.
     *
     * @param directory     where the broker, the keys and the services' logs go
     * @param upstreamJar   upstream-gateway's {@code quarkus-run.jar}
     * @param chatJar       chat-service's {@code quarkus-run.jar}
     * @param quickStart    every JVM with {@link ProductStack#QUICK_START} (tests)
     * @param chatSettings  extra settings of chat-service
     */
    static AgentStack start(Path directory, Path upstreamJar, Path chatJar, boolean quickStart, Map<String, String> chatSettings) {
        AgentStack agent = new AgentStack();
        try {
            ProductStack.Builder plan = ProductStack.in(directory);
            agent.stack = (quickStart ? plan.quickStart() : plan).start();
            agent.upstream = agent.stack.start(agent.stack.upstreamGateway("upstream-gateway", upstreamJar));
            agent.chat = agent.stack.start(agent.stack.consumer("chat-service", chatJar, agent.upstream).properties(chatSettings));
            agent.events = new LiveEventsTail(agent.stack.bootstrapServers(), List.of(CHAT_EVENTS));
            return agent;
        } catch (RuntimeException | Error e) {
            agent.close();
            throw e;
        }
    }

    URI upstreamGateway() {
        return upstream.baseUri();
    }

    URI chatService() {
        return chat.baseUri();
    }

    LiveEventsTail events() {
        return events;
    }

    /** Stops the tail, then the services, the broker, the simulator and PostgreSQL. */
    @Override
    public void close() {
        if (events != null) {
            try {
                events.close();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (stack != null) {
            stack.close();
        }
    }
}
