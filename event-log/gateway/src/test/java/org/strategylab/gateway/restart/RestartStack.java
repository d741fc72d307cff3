package org.strategylab.gateway.restart;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;
import org.strategylab.testsupport.PostgresResource;
import org.strategylab.testsupport.process.KafkaBrokerProcess;
import org.strategylab.testsupport.process.QuarkusAppProcess;
import org.strategylab.testsupport.process.TestKeyFiles;

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

    private final Path directory;
    private PostgresResource postgres;
    private Map<String, String> datasource;
    private KafkaBrokerProcess kafka;
    private QuarkusAppProcess gateway;

    private RestartStack(Path directory) {
        this.directory = directory;
    }

    /** Starts PostgreSQL, the broker (with {@link #TOPIC}) and the gateway, each ready. */
    static RestartStack start() {
        Path directory = Path.of(System.getProperty("strategylab.it.work-dir", "target/restart-it"));
        Path jar = Path.of(System.getProperty("strategylab.it.gateway-jar", "target/quarkus-app/quarkus-run.jar"));
        RestartStack stack = new RestartStack(directory);
        try {
            stack.startAll(jar);
            return stack;
        } catch (RuntimeException | Error e) {
            stack.close();
            throw e;
        }
    }

    private void startAll(Path jar) {
        deleteRecursively(directory);
        // on a loaded 2-core machine the C2 compiler mostly delays start-up; these tests measure nothing
        List<String> quickStart = List.of("-XX:TieredStopAtLevel=1");
        postgres = new PostgresResource();
        datasource = postgres.start();
        List<String> brokerOptions = new ArrayList<>(KafkaBrokerProcess.DEFAULT_JVM_OPTIONS);
        brokerOptions.addAll(quickStart);
        kafka = KafkaBrokerProcess.builder(directory.resolve("kafka")).jvmOptions(brokerOptions).build().start();
        kafka.createTopic(TOPIC, 3);
        TestKeyFiles keys = TestKeyFiles.copyTo(directory.resolve("keys"));
        List<String> gatewayOptions = new ArrayList<>(QuarkusAppProcess.DEFAULT_JVM_OPTIONS);
        gatewayOptions.addAll(quickStart);
        gateway = QuarkusAppProcess.builder("gateway", jar)
                .jvmOptions(gatewayOptions)
                .log(directory.resolve("gateway.log"))
                .properties(datasource)
                .property("kafka.bootstrap.servers", kafka.bootstrapServers())
                .property("strategylab.auth.public-key", keys.publicKey().toString())
                .property("strategylab.auth.signing-key", keys.privateKey().toString())
                .property("strategylab.gateway.stream.topics", TOPIC)
                .property("quarkus.log.category.\"org.apache.kafka\".level", "WARN")
                .build()
                .start();
    }

    KafkaBrokerProcess kafka() {
        return kafka;
    }

    QuarkusAppProcess gateway() {
        return gateway;
    }

    URI subscribeUri(UUID operationId) {
        return gateway.baseUri().resolve("/api/v1/operations/" + operationId + "/subscribe");
    }

    /** A JDBC connection to the gateway's database (the operations index). */
    Connection jdbc() throws SQLException {
        return DriverManager.getConnection(datasource.get("quarkus.datasource.jdbc.url"),
                datasource.get("quarkus.datasource.username"), datasource.get("quarkus.datasource.password"));
    }

    /** Stops the gateway, then the broker, then PostgreSQL; a failure of one does not keep the others running. */
    @Override
    public void close() {
        RuntimeException failure = null;
        for (AutoCloseable part : new AutoCloseable[] {gateway, kafka, postgres == null ? null : postgres::stop}) {
            if (part == null) {
                continue;
            }
            try {
                part.close();
            } catch (Exception e) {
                if (failure == null) {
                    failure = new IllegalStateException("stopping the restart stack failed", e);
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    private static void deleteRecursively(Path directory) {
        if (!Files.exists(directory)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(directory)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot clear " + directory, e);
        }
    }
}
