package org.strategylab.testsupport.stack;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.strategylab.simulator.SimulatorOptions;
import org.strategylab.simulator.UpstreamSimulator;
import org.strategylab.testsupport.PostgresResource;
import org.strategylab.testsupport.bench.BenchHost;
import org.strategylab.testsupport.process.KafkaBrokerProcess;
import org.strategylab.testsupport.process.QuarkusAppProcess;
import org.strategylab.testsupport.process.TestKeyFiles;

/**
 * StrategyLab as the worker ITs, the browser ITs, the gateway's restart ITs and the benches start
 * it, each part real: an embedded PostgreSQL (or one the caller names), a Kafka broker JVM (or one
 * the caller names, or none), the WDK simulator in this JVM (so a test can slow an upstream path down), the
 * caller keys, and then whichever packaged services the caller starts on them, each with the
 * settings every service needs (the database, the broker, the caller keys' public half, Kafka's
 * client logs at WARN).
 *
 * <p>The parts the stack started are stopped by {@link #close()}, the services first (the last
 * started first), then the broker, the simulator and PostgreSQL; a failing part does not keep the
 * others running, and a start that fails halfway stops what it had started.
 *
 * <pre>{@code
 * try (ProductStack stack = ProductStack.in(Path.of("target/it")).quickStart().start()) {
 *     QuarkusAppProcess upstream = stack.start(stack.upstreamGateway("upstream-gateway", upstreamJar));
 *     QuarkusAppProcess experiments = stack.start(stack.consumer("experiment-service", experimentsJar, upstream));
 * }
 * }</pre>
 */
public final class ProductStack implements AutoCloseable {

    /** The key that upstream-gateway seals its upstream sessions with, in every stack. */
    public static final String SESSIONS_KEY = "0ZjLi2Ii+2Dqzd3X7aqx0R2NrY1yk0RgC7SDryCJEdE=";
    /**
     * Stops the C2 compiler: on a loaded 2-core machine it mostly delays start-up, and a test
     * measures nothing. Benches leave it out.
     */
    public static final String QUICK_START = "-XX:TieredStopAtLevel=1";

    private final Builder plan;
    private PostgresResource postgres;
    private Map<String, String> datasource;
    private UpstreamSimulator simulator;
    private KafkaBrokerProcess kafka;
    private String bootstrapServers;
    private TestKeyFiles keys;
    private final List<QuarkusAppProcess> services = new ArrayList<>();

    private ProductStack(Builder plan) {
        this.plan = plan;
    }

    /**
     * A stack whose files (the broker's log, the keys, each service's log) live in {@code directory}.
     *
     * @param directory the stack's working directory
     * @return the plan of the stack, to start
     */
    public static Builder in(Path directory) {
        return new Builder(directory);
    }

    private void startParts() {
        if (plan.fresh) {
            deleteRecursively(plan.directory);
        }
        if (plan.datasource != null) {
            datasource = plan.datasource;
        } else {
            postgres = new PostgresResource();
            datasource = postgres.start();
        }
        if (plan.simulator) {
            simulator = UpstreamSimulator.start(SimulatorOptions.defaults());
        }
        if (plan.bootstrapServers != null) {
            bootstrapServers = plan.bootstrapServers;
        } else if (plan.broker != null) {
            List<String> brokerJvm = new ArrayList<>(KafkaBrokerProcess.DEFAULT_JVM_OPTIONS);
            if (plan.quickStart) {
                brokerJvm.add(QUICK_START);
            }
            kafka = plan.broker.apply(KafkaBrokerProcess.builder(plan.directory.resolve("kafka")).jvmOptions(brokerJvm))
                    .build().start();
            bootstrapServers = kafka.bootstrapServers();
            plan.topics.forEach(topic -> kafka.createTopic(topic, plan.partitions));
        }
        keys = TestKeyFiles.copyTo(plan.directory.resolve("keys"));
    }

    /**
     * A packaged service on this stack, not started yet: its JVM options, its log in the stack's
     * directory, and the settings every service needs. Add its own settings, then {@link #start} it.
     *
     * @param name its name, also the name of its log ({@code <name>.log})
     * @param jar  its packaged {@code quarkus-run.jar}
     * @return the service's builder
     */
    public QuarkusAppProcess.Builder service(String name, Path jar) {
        List<String> jvm = new ArrayList<>(plan.serviceJvm);
        if (plan.quickStart) {
            jvm.add(QUICK_START);
        }
        QuarkusAppProcess.Builder service = QuarkusAppProcess.builder(name, jar)
                .jvmOptions(jvm)
                .log(plan.directory.resolve(name + ".log"))
                .properties(datasource)
                .property("strategylab.auth.public-key", keys.publicKey().toString());
        if (bootstrapServers != null) {
            service.property("kafka.bootstrap.servers", bootstrapServers)
                    .property("quarkus.log.category.\"org.apache.kafka\".level", "WARN");
        }
        return service;
    }

    /**
     * An upstream-gateway whose every site is the simulator.
     *
     * @param name its name
     * @param jar  its packaged {@code quarkus-run.jar}
     * @return the service's builder
     */
    public QuarkusAppProcess.Builder upstreamGateway(String name, Path jar) {
        return upstreamGateway(name, jar, simulator().baseUrl());
    }

    /**
     * An upstream-gateway whose every site is {@code origin} (a recording proxy in front of the
     * simulator, say).
     *
     * @param name   its name
     * @param jar    its packaged {@code quarkus-run.jar}
     * @param origin the base URL every site's requests go to
     * @return the service's builder
     */
    public QuarkusAppProcess.Builder upstreamGateway(String name, Path jar, String origin) {
        return service(name, jar)
                .property("strategylab.sites.origin-override", origin)
                .property("strategylab.upstream.sessions.key", SESSIONS_KEY);
    }

    /**
     * A service that calls upstream-gateway (experiment-service, chat-service).
     *
     * @param name     its name
     * @param jar      its packaged {@code quarkus-run.jar}
     * @param upstream the upstream-gateway it calls
     * @return the service's builder
     */
    public QuarkusAppProcess.Builder consumer(String name, Path jar, QuarkusAppProcess upstream) {
        return service(name, jar).property("quarkus.rest-client.upstream-gateway.url", upstream.baseUri().toString());
    }

    /**
     * The gateway, which also signs the tokens of its local sign-in.
     *
     * @param name its name
     * @param jar  its packaged {@code quarkus-run.jar}
     * @return the service's builder
     */
    public QuarkusAppProcess.Builder gateway(String name, Path jar) {
        return service(name, jar).property("strategylab.auth.signing-key", keys.privateKey().toString());
    }

    /**
     * Starts a service and waits until it is ready; {@link #close()} stops it. Start services one
     * after the other: the first instance of each migrates its schemas.
     *
     * @param service the service's builder
     * @return the running service
     */
    public QuarkusAppProcess start(QuarkusAppProcess.Builder service) {
        QuarkusAppProcess process = service.build();
        services.add(process);
        return process.start();
    }

    /** The stack's working directory. */
    public Path directory() {
        return plan.directory;
    }

    /** The settings of the database, as a Quarkus service takes them. */
    public Map<String, String> datasource() {
        return datasource;
    }

    /**
     * A JDBC connection to the database.
     *
     * @return a new connection, the caller's to close
     * @throws SQLException when the database refuses it
     */
    public Connection jdbc() throws SQLException {
        return DriverManager.getConnection(datasource.get("quarkus.datasource.jdbc.url"),
                datasource.get("quarkus.datasource.username"), datasource.get("quarkus.datasource.password"));
    }

    /** The WDK simulator; fails on a stack started {@link Builder#withoutSimulator() without} one. */
    public UpstreamSimulator simulator() {
        if (simulator == null) {
            throw new IllegalStateException("this stack has no simulator");
        }
        return simulator;
    }

    /** The broker this stack started; fails on a stack that uses one the caller named, or none. */
    public KafkaBrokerProcess kafka() {
        if (kafka == null) {
            throw new IllegalStateException("this stack did not start a broker");
        }
        return kafka;
    }

    /** Whether this stack started its own broker (not one the caller named). */
    public boolean ownsBroker() {
        return kafka != null;
    }

    /** The broker's bootstrap servers; null on a stack without one. */
    public String bootstrapServers() {
        return bootstrapServers;
    }

    /** The caller keys: services verify tokens with the public half, the gateway signs with the private one. */
    public TestKeyFiles keys() {
        return keys;
    }

    /** Stops the services (the last started first), then the broker, the simulator and PostgreSQL. */
    @Override
    public void close() {
        List<AutoCloseable> parts = new ArrayList<>(services);
        Collections.reverse(parts);
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
                System.err.println("stopping the product stack: " + e);
            }
        }
    }

    private static void deleteRecursively(Path directory) {
        try {
            BenchHost.clear(directory);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot clear " + directory, e);
        }
    }

    /** What a stack is made of, before it starts. */
    public static final class Builder {

        private final Path directory;
        private boolean fresh = true;
        private boolean quickStart;
        private boolean simulator = true;
        private List<String> serviceJvm = QuarkusAppProcess.DEFAULT_JVM_OPTIONS;
        private UnaryOperator<KafkaBrokerProcess.Builder> broker = UnaryOperator.identity();
        private List<String> topics = List.of();
        private int partitions = 1;
        private Map<String, String> datasource;
        private String bootstrapServers;

        private Builder(Path directory) {
            this.directory = directory;
        }

        /** Every JVM of the stack (broker and services) starts with {@link #QUICK_START}: for tests. */
        public Builder quickStart() {
            this.quickStart = true;
            return this;
        }

        /** Keeps what the directory holds (a bench's earlier results); by default it is cleared first. */
        public Builder keepDirectory() {
            this.fresh = false;
            return this;
        }

        /** No simulator (a stack of the gateway alone). */
        public Builder withoutSimulator() {
            this.simulator = false;
            return this;
        }

        /** The services' JVM options ({@link QuarkusAppProcess#DEFAULT_JVM_OPTIONS} by default). */
        public Builder serviceJvm(List<String> options) {
            this.serviceJvm = List.copyOf(options);
            return this;
        }

        /** No broker (upstream-gateway alone needs none). */
        public Builder withoutBroker() {
            this.broker = null;
            return this;
        }

        /** Adjusts the broker before it starts (SCRAM logins, say). */
        public Builder broker(UnaryOperator<KafkaBrokerProcess.Builder> adjustment) {
            this.broker = adjustment;
            return this;
        }

        /** Topics the broker has before any service starts, each with {@code partitions} partitions. */
        public Builder topics(int partitions, List<String> names) {
            this.partitions = partitions;
            this.topics = List.copyOf(names);
            return this;
        }

        /** A running database instead of an embedded one (its settings as a Quarkus service takes them). */
        public Builder database(Map<String, String> settings) {
            this.datasource = Map.copyOf(settings);
            return this;
        }

        /** A running broker instead of a broker process of the stack's own. */
        public Builder broker(String bootstrap) {
            this.bootstrapServers = bootstrap;
            return this;
        }

        /**
         * Starts PostgreSQL, the simulator and the broker, as planned; no service yet.
         *
         * @return the running stack
         */
        public ProductStack start() {
            ProductStack stack = new ProductStack(this);
            try {
                stack.startParts();
            } catch (RuntimeException | Error e) {
                stack.close();
                throw e;
            }
            return stack;
        }
    }
}
