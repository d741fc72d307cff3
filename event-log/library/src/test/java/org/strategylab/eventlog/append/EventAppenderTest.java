package org.strategylab.eventlog.append;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.io.IOException;
import java.net.ServerSocket;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.strategylab.eventlog.EventEnvelope;
import org.strategylab.eventlog.LoggedEvent;
import org.strategylab.eventlog.config.EventLogConfig;

/** The appender while no broker answers: a real producer pointed at a port nobody listens on. */
class EventAppenderTest {

    private static final int CAPACITY = 3;

    private final EventAppender appender = new EventAppender();

    @AfterEach
    void close() {
        appender.close(null);
    }

    @Test
    void whileTheBrokerIsAwayTheQueueStaysBoundedAndFurtherEventsAreRefusedAtOnce() throws IOException {
        appender.bootstrapServers = "127.0.0.1:" + unusedPort();
        appender.config = config(CAPACITY);
        SimpleMeterRegistry metrics = new SimpleMeterRegistry();
        appender.bindMetrics(metrics);

        UUID operation = UUID.randomUUID();
        List<CompletableFuture<LoggedEvent>> answers = new ArrayList<>();
        for (long seq = 1; seq <= 20; seq++) {
            answers.add(appender.send("down.events", new EventEnvelope(operation, seq, "progress", Instant.now(), null)));
        }

        // one event is with the producer (waiting for metadata), at most CAPACITY wait behind it
        List<CompletableFuture<LoggedEvent>> refusedAnswers = answers.stream()
                .filter(CompletableFuture::isCompletedExceptionally).toList();
        assertTrue(refusedAnswers.size() >= 20 - CAPACITY - 1, refusedAnswers.size() + " refused");
        assertTrue(appender.queued() <= CAPACITY, appender.queued() + " queued");
        for (CompletableFuture<LoggedEvent> answer : refusedAnswers) {
            CompletionException failure = org.junit.jupiter.api.Assertions.assertThrows(CompletionException.class,
                    answer::join);
            assertInstanceOf(AppendQueueFullException.class, failure.getCause());
            assertTrue(failure.getCause().getMessage().contains(operation.toString()));
        }
        assertEquals(refusedAnswers.size(), appender.refused());
        assertEquals(refusedAnswers.size(), metrics.get("strategylab.events.append.refused").functionCounter().count());
        assertTrue(metrics.get("strategylab.events.append.queued").gauge().value() <= CAPACITY);
    }

    private static EventLogConfig config(int capacity) {
        SmallRyeConfig config = new SmallRyeConfigBuilder()
                .withMapping(EventLogConfig.class)
                .withDefaultValue("strategylab.event-log.producer.queue-capacity", Integer.toString(capacity))
                // each queued event gives up quickly, so closing the appender does not wait long
                .withDefaultValue("strategylab.event-log.producer.max-block", "PT0.3S")
                .build();
        return config.getConfigMapping(EventLogConfig.class);
    }

    private static int unusedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
