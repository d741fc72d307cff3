package org.strategylab.bench.lab;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.strategylab.simulator.UpstreamSimulator;
import org.strategylab.testsupport.process.KafkaBrokerProcess;
import org.strategylab.testsupport.process.QuarkusAppProcess;
import org.strategylab.testsupport.stack.ProductStack;

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

    private final LabOptions options;
    private ProductStack stack;
    private final List<QuarkusAppProcess> gateways = new ArrayList<>();
    private final List<QuarkusAppProcess> experiments = new ArrayList<>();
    private final List<QuarkusAppProcess> chats = new ArrayList<>();

    LabStack(LabOptions options) {
        this.options = options;
    }

    void start() {
        List<String> jvm = options.serviceJvm() != null ? options.serviceJvm() : QuarkusAppProcess.DEFAULT_JVM_OPTIONS;
        stack = ProductStack.in(options.workDir()).keepDirectory().serviceJvm(jvm).start();
        say("PostgreSQL: started; simulator: " + stack.simulator().baseUrl() + "; Kafka: " + stack.bootstrapServers());
        // one instance after the other: the first of each service migrates its schema and creates its topics
        for (int i = 1; i <= options.replicas(); i++) {
            gateways.add(started(stack.upstreamGateway("upstream-gateway-" + i, options.gatewayJar())));
        }
        for (int i = 1; i <= options.replicas(); i++) {
            experiments.add(started(stack.consumer("experiment-service-" + i, options.experimentsJar(), gateways.get(i - 1))));
        }
        for (int i = 1; i <= options.replicas(); i++) {
            chats.add(started(stack.consumer("chat-service-" + i, options.chatJar(), gateways.get(i - 1))
                    .property("quarkus.rest-client.experiment-service.url", experiments.get(i - 1).baseUri().toString())));
        }
        say("services: " + String.join(" ", jvm));
    }

    private QuarkusAppProcess started(QuarkusAppProcess.Builder builder) {
        QuarkusAppProcess process = stack.start(builder);
        say(process.process().name() + ": " + process.baseUri() + " (pid " + process.process().pid() + ")");
        return process;
    }

    UpstreamSimulator simulator() {
        return stack.simulator();
    }

    KafkaBrokerProcess kafka() {
        return stack.kafka();
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
        return stack.jdbc();
    }

    /** Stops the callers first, then what they call (the last started first), then the broker, the simulator and PostgreSQL. */
    @Override
    public void close() {
        if (stack != null) {
            stack.close();
        }
    }

    static void say(String line) {
        System.out.println("[lab] " + line);
    }
}
