package org.strategylab.testsupport.process;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.ScramCredentialInfo;
import org.apache.kafka.clients.admin.ScramMechanism;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.admin.UserScramCredentialUpsertion;
import org.apache.kafka.common.config.SaslConfigs;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.Uuid;

/**
 * A real Kafka broker as a separate JVM: one combined KRaft broker and controller
 * ({@code kafka.Kafka}) on loopback ports, with its log directory in a directory the caller
 * chooses, so it can be killed and started again on the same data. Formats its storage on first
 * start. The class path must hold {@code org.apache.kafka:kafka_2.13} (same version as the
 * clients); the test class path of a module depending on test-support does.
 *
 * <pre>{@code
 * try (KafkaBrokerProcess kafka = KafkaBrokerProcess.builder(dir).build().start()) {
 *     kafka.createTopic("events", 3);
 *     kafka.kill();      // SIGKILL
 *     kafka.start();     // same ports, same log directory
 * }
 * }</pre>
 *
 * <p>With {@link Builder#scramLogins(String)} the client listener takes only SCRAM-SHA-512 logins
 * and the broker enforces ACLs (KRaft's {@code StandardAuthorizer}), as the Helm chart's Strimzi
 * cluster does: {@link #createUser} adds logins, {@link #clientLogin} gives a client's settings.
 */
public final class KafkaBrokerProcess extends LaunchedProcess {

    /** JVM options of the broker unless the builder says otherwise (those of the local run). */
    public static final List<String> DEFAULT_JVM_OPTIONS = List.of("-Xms128m", "-Xmx256m", "-XX:+UseSerialGC");

    private final Path directory;
    private final int port;
    private final int controllerPort;
    private final String classpath;
    private final List<String> jvmOptions;
    private final Duration startTimeout;
    private final Map<String, String> serverProperties;
    private final String adminPassword;

    /** The super user of a broker with SCRAM logins; its password is the builder's. */
    public static final String ADMIN_USER = "admin";
    private static final String SCRAM = "SCRAM-SHA-512";

    private KafkaBrokerProcess(Builder builder) {
        super("kafka", Duration.ofSeconds(30), Duration.ofSeconds(10));
        this.directory = builder.directory.toAbsolutePath();
        this.port = builder.port > 0 ? builder.port : FreePorts.pick();
        this.controllerPort = builder.controllerPort > 0 ? builder.controllerPort : FreePorts.pick();
        this.classpath = builder.classpath;
        this.jvmOptions = List.copyOf(builder.jvmOptions);
        this.startTimeout = builder.startTimeout;
        this.serverProperties = Map.copyOf(builder.serverProperties);
        this.adminPassword = builder.adminPassword;
    }

    /**
     * A client's security settings for a SCRAM login on this broker ({@code security.protocol},
     * {@code sasl.mechanism}, {@code sasl.jaas.config}): what {@code kafka.*} settings a service gets.
     */
    public static Map<String, String> clientLogin(String user, String password) {
        return Map.of(CommonClientConfigs.SECURITY_PROTOCOL_CONFIG, "SASL_PLAINTEXT",
                SaslConfigs.SASL_MECHANISM, SCRAM,
                SaslConfigs.SASL_JAAS_CONFIG, "org.apache.kafka.common.security.scram.ScramLoginModule required username=\""
                        + user + "\" password=\"" + password + "\";");
    }

    /** Whether clients must log in (the broker was built with {@link Builder#scramLogins}). */
    public boolean scramLogins() {
        return adminPassword != null;
    }

    /** Adds (or replaces) a SCRAM-SHA-512 login; it has no rights until ACLs grant them. */
    public void createUser(String user, String password) {
        if (!scramLogins()) {
            throw new IllegalStateException("this broker takes no logins: build it with scramLogins(...)");
        }
        try (Admin admin = admin()) {
            admin.alterUserScramCredentials(List.of(new UserScramCredentialUpsertion(user,
                    new ScramCredentialInfo(ScramMechanism.SCRAM_SHA_512, 8192), password))).all().get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("cannot create the Kafka login " + user, e);
        }
    }

    /** A broker keeping its configuration, data and log in {@code directory}. */
    public static Builder builder(Path directory) {
        return new Builder(directory);
    }

    /** {@code 127.0.0.1:<port>}, for clients. */
    public String bootstrapServers() {
        return "127.0.0.1:" + port;
    }

    /** The client port. */
    public int port() {
        return port;
    }

    /** The directory holding {@code server.properties}, {@code data/} and {@code kafka.log}. */
    public Path directory() {
        return directory;
    }

    /**
     * Starts the broker (formatting the storage the first time) and waits until it answers
     * metadata requests.
     *
     * @throws IllegalStateException when it exits or is not ready within the start timeout
     */
    public KafkaBrokerProcess start() {
        launchNew();
        awaitReady();
        return this;
    }

    @Override
    protected ManagedProcess launch() {
        writeConfiguration();
        if (!Files.exists(data().resolve("meta.properties"))) {
            format();
        }
        return ManagedProcess.start("kafka", command("kafka.Kafka").arguments(serverProperties().toString()).toList(),
                directory.resolve("kafka.log"));
    }

    /** Waits until the broker answers metadata requests (after {@link #start} this holds already). */
    public void awaitReady() {
        try (Admin admin = admin()) {
            Waiting.until("Kafka at " + bootstrapServers() + " answers", startTimeout,
                    () -> !admin.describeCluster().nodes().get(3, TimeUnit.SECONDS).isEmpty(), process());
        }
    }

    /**
     * Creates a topic (replication factor 1) and waits until every partition has a leader.
     *
     * @param partitions how many partitions
     */
    public void createTopic(String topic, int partitions) {
        try (Admin admin = admin()) {
            admin.createTopics(List.of(new NewTopic(topic, partitions, (short) 1))).all().get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("cannot create topic " + topic, e);
        }
        awaitLeaders(topic, startTimeout);
    }

    /** Waits until every partition of the topic has a leader (after a restart, before asserting on it). */
    public void awaitLeaders(String topic, Duration timeout) {
        try (Admin admin = admin()) {
            Waiting.until("every partition of " + topic + " has a leader", timeout, () -> {
                TopicDescription description = admin.describeTopics(List.of(topic)).allTopicNames()
                        .get(3, TimeUnit.SECONDS).get(topic);
                for (TopicPartitionInfo partition : description.partitions()) {
                    if (partition.leader() == null || partition.leader().id() < 0) {
                        return false;
                    }
                }
                return !description.partitions().isEmpty();
            }, process());
        }
    }

    /** Bootstrap servers and, with SCRAM logins, the super user's login: for a test's own clients. */
    public Map<String, Object> superUserSettings() {
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers());
        if (scramLogins()) {
            settings.putAll(clientLogin(ADMIN_USER, adminPassword));
        }
        return settings;
    }

    /** An admin client for this broker with short timeouts; the caller closes it. */
    public Admin admin() {
        Map<String, Object> settings = new LinkedHashMap<>(Map.of(
                AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers(),
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 3000,
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 5000));
        if (scramLogins()) {
            settings.putAll(clientLogin(ADMIN_USER, adminPassword));
        }
        return Admin.create(settings);
    }

    private Path data() {
        return directory.resolve("data");
    }

    private Path serverProperties() {
        return directory.resolve("server.properties");
    }

    private void format() {
        List<String> arguments = new ArrayList<>(List.of("format", "-t", Uuid.randomUuid().toString(), "-c",
                serverProperties().toString()));
        if (scramLogins()) {
            // the broker's own login must exist before it starts: it is also the inter-broker login
            arguments.addAll(List.of("--add-scram", SCRAM + "=[name=" + ADMIN_USER + ",password=" + adminPassword + "]"));
        }
        ManagedProcess formatting = ManagedProcess.start("kafka-format", command("kafka.tools.StorageTool")
                .arguments(arguments.toArray(String[]::new)).toList(),
                directory.resolve("kafka-format.log"));
        Waiting.until("Kafka's storage is formatted", startTimeout, () -> !formatting.isAlive());
        if (formatting.exitValue() != 0) {
            throw new IllegalStateException("formatting Kafka's storage failed:\n" + formatting.logTail(30));
        }
    }

    private JavaCommand command(String mainClass) {
        JavaCommand command = JavaCommand.mainClass(mainClass).classpath(classpath).jvmOptions(jvmOptions)
                // the broker logs through whichever backend the class path has: quiet both
                .property("log4j2.configurationFile", directory.resolve("log4j2.properties").toUri().toString())
                .property("logging.configuration", directory.resolve("logging.properties").toUri().toString());
        if (classpath.contains("jboss-logmanager")) {
            command.property("java.util.logging.manager", "org.jboss.logmanager.LogManager");
        }
        return command;
    }

    private void writeConfiguration() {
        Map<String, String> config = new LinkedHashMap<>();
        config.put("process.roles", "broker,controller");
        config.put("node.id", "1");
        config.put("controller.quorum.voters", "1@127.0.0.1:" + controllerPort);
        config.put("listeners", "PLAINTEXT://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + controllerPort);
        config.put("advertised.listeners", "PLAINTEXT://127.0.0.1:" + port);
        config.put("controller.listener.names", "CONTROLLER");
        config.put("listener.security.protocol.map", "CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT");
        config.put("log.dirs", data().toString());
        config.put("num.partitions", "3");
        config.put("offsets.topic.replication.factor", "1");
        config.put("transaction.state.log.replication.factor", "1");
        config.put("transaction.state.log.min.isr", "1");
        config.put("share.coordinator.state.topic.replication.factor", "1");
        config.put("share.coordinator.state.topic.min.isr", "1");
        config.put("group.initial.rebalance.delay.ms", "0");
        config.put("auto.create.topics.enable", "false");
        if (scramLogins()) {
            config.put("listeners", "SASL_PLAINTEXT://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + controllerPort);
            config.put("advertised.listeners", "SASL_PLAINTEXT://127.0.0.1:" + port);
            config.put("listener.security.protocol.map", "CONTROLLER:PLAINTEXT,SASL_PLAINTEXT:SASL_PLAINTEXT");
            config.put("inter.broker.listener.name", "SASL_PLAINTEXT");
            config.put("sasl.enabled.mechanisms", SCRAM);
            config.put("sasl.mechanism.inter.broker.protocol", SCRAM);
            config.put("listener.name.sasl_plaintext.scram-sha-512.sasl.jaas.config",
                    clientLogin(ADMIN_USER, adminPassword).get(SaslConfigs.SASL_JAAS_CONFIG));
            config.put("authorizer.class.name", "org.apache.kafka.metadata.authorizer.StandardAuthorizer");
            // ANONYMOUS is only ever the controller listener's peer (loopback, this node itself): every
            // client comes in on the SASL listener and is a named user
            config.put("super.users", "User:" + ADMIN_USER + ";User:ANONYMOUS");
        }
        config.putAll(serverProperties);
        StringBuilder text = new StringBuilder("# written by KafkaBrokerProcess\n");
        config.forEach((key, value) -> text.append(key).append('=').append(value).append('\n'));
        try {
            Files.createDirectories(data());
            Files.writeString(serverProperties(), text, StandardCharsets.UTF_8);
            Files.writeString(directory.resolve("log4j2.properties"), String.join("\n",
                    "status = warn",
                    "appender.console.type = Console",
                    "appender.console.name = console",
                    "appender.console.layout.type = PatternLayout",
                    "appender.console.layout.pattern = %d{HH:mm:ss,SSS} %-5p [%c] %m%n",
                    "rootLogger.level = warn",
                    "rootLogger.appenderRef.console.ref = console", ""), StandardCharsets.UTF_8);
            Files.writeString(directory.resolve("logging.properties"), String.join("\n",
                    "logger.level=WARN",
                    "logger.handlers=CONSOLE",
                    "handler.CONSOLE=org.jboss.logmanager.handlers.ConsoleHandler",
                    "handler.CONSOLE.formatter=PATTERN",
                    "formatter.PATTERN=org.jboss.logmanager.formatters.PatternFormatter",
                    "formatter.PATTERN.properties=pattern",
                    "formatter.PATTERN.pattern=%d{HH:mm:ss,SSS} %-5p [%c] %s%e%n", ""), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the broker's configuration in " + directory, e);
        }
    }

    /** How to start a broker. */
    public static final class Builder {

        private final Path directory;
        private int port;
        private int controllerPort;
        private String classpath = JavaCommand.currentClasspath();
        private final List<String> jvmOptions = new ArrayList<>(DEFAULT_JVM_OPTIONS);
        private Duration startTimeout = Duration.ofSeconds(90);
        private final Map<String, String> serverProperties = new LinkedHashMap<>();
        private String adminPassword;

        private Builder(Path directory) {
            this.directory = directory;
        }

        /** The client port; a free one by default. Kept across restarts. */
        public Builder port(int port) {
            this.port = port;
            return this;
        }

        /** The controller port; a free one by default. Kept across restarts. */
        public Builder controllerPort(int port) {
            this.controllerPort = port;
            return this;
        }

        /** The broker JVM's class path; by default this JVM's (the test class path). */
        public Builder classpath(String classpath) {
            this.classpath = classpath;
            return this;
        }

        /** Replaces the JVM options ({@link #DEFAULT_JVM_OPTIONS} by default). */
        public Builder jvmOptions(List<String> options) {
            jvmOptions.clear();
            jvmOptions.addAll(options);
            return this;
        }

        /** How long formatting and starting may take each; default 90 s (a loaded 2-core machine is slow). */
        public Builder startTimeout(Duration timeout) {
            this.startTimeout = timeout;
            return this;
        }

        /** An extra or overriding line of {@code server.properties}. */
        public Builder serverProperty(String key, String value) {
            serverProperties.put(key, value);
            return this;
        }

        /**
         * Clients log in with SCRAM-SHA-512 and the broker enforces ACLs; {@link #ADMIN_USER} with this
         * password is the super user (the broker's own login and the one {@link #admin()} uses).
         */
        public Builder scramLogins(String adminPassword) {
            this.adminPassword = adminPassword;
            return this;
        }

        /** The broker, not started yet. */
        public KafkaBrokerProcess build() {
            // a launcher-expanded class path names the jar; a wildcard one ("lib/*") cannot be checked
            if (classpath == null || !(classpath.contains("kafka_2.13") || classpath.contains("*"))) {
                throw new IllegalStateException("the class path has no kafka_2.13 jar to run a broker from");
            }
            return new KafkaBrokerProcess(this);
        }
    }
}
