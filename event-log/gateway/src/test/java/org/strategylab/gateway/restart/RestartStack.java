package org.strategylab.gateway.restart;

import java.net.URI;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.strategylab.testsupport.process.KafkaBrokerProcess;
import org.strategylab.testsupport.process.QuarkusAppProcess;
import org.strategylab.testsupport.stack.ProductStack;

/**
 * What the restart tests run against, each part a real process that can be killed: an embedded
 * PostgreSQL (zonky runs the server as its own process), a Kafka broker JVM with a persistent log
 * directory, and the packaged gateway JVM ({@code target/quarkus-app/quarkus-run.jar}, so
 * {@code package} must have run: Failsafe runs after it). Everything lives in
 * {@code target/restart-it/} (logs included, for a failed run). Closing stops whatever started,
 * even when starting failed halfway.
 */
final class RestartStack implements AutoCloseable {

    /** The events topic the test worker writes and the gateway tails. */
    static final String TOPIC = "restart.events";

    // the test's own Kafka clients warn about every failed reconnect while the broker is down
    private static final Logger KAFKA_CLIENTS = Logger.getLogger("org.apache.kafka");

    static {
        KAFKA_CLIENTS.setLevel(Level.SEVERE);
    }

    private final ProductStack stack;
    private final QuarkusAppProcess gateway;

    private RestartStack(ProductStack stack, QuarkusAppProcess gateway) {
        this.stack = stack;
        this.gateway = gateway;
    }

    /** Starts PostgreSQL, the broker (with {@link #TOPIC}) and the gateway, each ready. */
    static RestartStack start() {
        Path directory = Path.of(System.getProperty("strategylab.it.work-dir", "target/restart-it"));
        Path jar = Path.of(System.getProperty("strategylab.it.gateway-jar", "target/quarkus-app/quarkus-run.jar"));
        ProductStack stack = ProductStack.in(directory).quickStart().withoutSimulator().topics(3, List.of(TOPIC)).start();
        try {
            return new RestartStack(stack, stack.start(stack.gateway("gateway", jar)
                    .property("strategylab.gateway.stream.topics", TOPIC)));
        } catch (RuntimeException | Error e) {
            stack.close();
            throw e;
        }
    }

    KafkaBrokerProcess kafka() {
        return stack.kafka();
    }

    QuarkusAppProcess gateway() {
        return gateway;
    }

    URI subscribeUri(UUID operationId) {
        return gateway.baseUri().resolve("/api/v1/operations/" + operationId + "/subscribe");
    }

    /** A JDBC connection to the gateway's database (the operations index). */
    Connection jdbc() throws SQLException {
        return stack.jdbc();
    }

    /** Stops the gateway, then the broker, then PostgreSQL; a failure of one does not keep the others running. */
    @Override
    public void close() {
        stack.close();
    }
}
