package org.strategylab.bench.lab;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.strategylab.simulator.SimulatorOptions;
import org.strategylab.simulator.UpstreamSimulator;
import org.strategylab.testsupport.PostgresResource;
import org.strategylab.testsupport.process.KafkaBrokerProcess;
import org.strategylab.testsupport.process.QuarkusAppProcess;
import org.strategylab.testsupport.process.TestKeyFiles;

/**
 * A lab's deployment, each part a real process as in the local run: an embedded PostgreSQL, a Kafka
 * broker JVM, the WDK simulator (in this JVM, so its latency can be set), and {@code replicas}
 * packaged instances each of upstream-gateway, experiment-service and chat-service. The instances of
 * a service share its consumer group (their settings are the packaged defaults); instance {@code i}
 * of experiment-service and of chat-service calls upstream-gateway {@code i}, and chat-service
 * {@code i} reads experiments from experiment-service {@code i}.
 */
final class LabStack implements AutoCloseable {

    static final String EXPERIMENT_EVENTS = "experiment.events";
    static final String CHAT_EVENTS = "chat.events";
    private static final String SESSIONS_KEY = "0ZjLi2Ii+2Dqzd3X7aqx0R2NrY1yk0RgC7SDryCJEdE=";

    private final LabOptions options;
    private PostgresResource postgres;
    private Map<String, String> datasource;
    private UpstreamSimulator simulator;
    private KafkaBrokerProcess kafka;
    private final List<QuarkusAppProcess> gateways = new ArrayList<>();
    private final List<QuarkusAppProcess> experiments = new ArrayList<>();
    private final List<QuarkusAppProcess> chats = new ArrayList<>();

    LabStack(LabOptions options) {
        this.options = options;
    }

    void start() {
        Path work = options.workDir();
        postgres = new PostgresResource();
        datasource = postgres.start();
        say("PostgreSQL: started");
        simulator = UpstreamSimulator.start(SimulatorOptions.defaults());
        say("simulator: " + simulator.baseUrl());
        kafka = KafkaBrokerProcess.builder(work.resolve("kafka")).build().start();
        say("Kafka: " + kafka.bootstrapServers());
        TestKeyFiles keys = TestKeyFiles.copyTo(work.resolve("keys"));
        List<String> jvm = options.serviceJvm() != null ? options.serviceJvm() : QuarkusAppProcess.DEFAULT_JVM_OPTIONS;
        String publicKey = keys.publicKey().toString();
        // one instance after the other: the first of each service migrates its schema and creates its topics
        for (int i = 1; i <= options.replicas(); i++) {
            gateways.add(started(QuarkusAppProcess.builder("upstream-gateway-" + i, options.gatewayJar())
                    .jvmOptions(jvm)
                    .log(work.resolve("upstream-gateway-" + i + ".log"))
                    .properties(datasource)
                    .property("strategylab.sites.origin-override", simulator.baseUrl())
                    .property("strategylab.auth.public-key", publicKey)
                    .property("strategylab.upstream.sessions.key", SESSIONS_KEY)));
        }
        for (int i = 1; i <= options.replicas(); i++) {
            experiments.add(started(QuarkusAppProcess.builder("experiment-service-" + i, options.experimentsJar())
                    .jvmOptions(jvm)
                    .log(work.resolve("experiment-service-" + i + ".log"))
                    .properties(datasource)
                    .property("kafka.bootstrap.servers", kafka.bootstrapServers())
                    .property("strategylab.auth.public-key", publicKey)
                    .property("quarkus.rest-client.upstream-gateway.url", gateways.get(i - 1).baseUri().toString())
                    .property("quarkus.log.category.\"org.apache.kafka\".level", "WARN")));
        }
        for (int i = 1; i <= options.replicas(); i++) {
            chats.add(started(QuarkusAppProcess.builder("chat-service-" + i, options.chatJar())
                    .jvmOptions(jvm)
                    .log(work.resolve("chat-service-" + i + ".log"))
                    .properties(datasource)
                    .property("kafka.bootstrap.servers", kafka.bootstrapServers())
                    .property("strategylab.auth.public-key", publicKey)
                    .property("quarkus.rest-client.upstream-gateway.url", gateways.get(i - 1).baseUri().toString())
                    .property("quarkus.rest-client.experiment-service.url", experiments.get(i - 1).baseUri().toString())
                    .property("quarkus.log.category.\"org.apache.kafka\".level", "WARN")));
        }
        say("services: " + String.join(" ", jvm));
    }

    private static QuarkusAppProcess started(QuarkusAppProcess.Builder builder) {
        QuarkusAppProcess process = builder.build().start();
        say(process.process().name() + ": " + process.baseUri() + " (pid " + process.process().pid() + ")");
        return process;
    }

    UpstreamSimulator simulator() {
        return simulator;
    }

    KafkaBrokerProcess kafka() {
        return kafka;
    }

    List<QuarkusAppProcess> gateways() {
        return gateways;
    }

    List<QuarkusAppProcess> experiments() {
        return experiments;
    }

    List<QuarkusAppProcess> chats() {
        return chats;
    }

    /** Every service process, in start order. */
    List<QuarkusAppProcess> services() {
        List<QuarkusAppProcess> all = new ArrayList<>(gateways);
        all.addAll(experiments);
        all.addAll(chats);
        return all;
    }

    /** A JDBC connection to the database (the operations index is its {@code event_log} schema). */
    Connection jdbc() throws SQLException {
        return DriverManager.getConnection(datasource.get("quarkus.datasource.jdbc.url"),
                datasource.get("quarkus.datasource.username"), datasource.get("quarkus.datasource.password"));
    }

    @Override
    public void close() {
        // the callers first, then what they call
        List<AutoCloseable> parts = new ArrayList<>(chats);
        parts.addAll(experiments);
        parts.addAll(gateways);
        parts.add(kafka);
        parts.add(simulator);
        parts.add(postgres == null ? null : postgres::stop);
        for (AutoCloseable part : parts) {
            if (part == null) {
                continue;
            }
            try {
                part.close();
            } catch (Exception e) {
                System.err.println("stopping the lab stack: " + e);
            }
        }
    }

    static void say(String line) {
        System.out.println("[lab] " + line);
    }
}
