package org.strategylab.testsupport.workers;

import static io.restassured.RestAssured.given;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.GroupState;
import org.apache.kafka.common.TopicPartition;
import org.strategylab.simulator.UpstreamSimulator;
import org.strategylab.testsupport.process.KafkaBrokerProcess;
import org.strategylab.testsupport.process.QuarkusAppProcess;
import org.strategylab.testsupport.process.Waiting;
import org.strategylab.testsupport.stack.ProductStack;

/**
 * What the worker ITs of a service that runs operations run against, each part a real process: an
 * embedded PostgreSQL (zonky runs the server as its own process), a Kafka broker JVM, the WDK
 * simulator in-process (so a test can slow some upstream path down), the packaged upstream-gateway,
 * and two packaged instances of the service in one consumer group (its
 * {@code target/quarkus-app/quarkus-run.jar}, so {@code package} must have run: Failsafe runs after
 * it). The instances get a short lease and a fast reaper, as a test wants them.
 *
 * <p>One stack serves every worker IT of the run (starting it is most of their time): the first
 * class to ask starts it, a JVM shutdown hook stops it. Each class calls {@link #everyInstanceRuns}
 * first, which starts again whatever an earlier test killed. Everything lives in
 * {@code target/workers-it/} (logs included, for a failed run).
 */
public final class WorkerStack implements AutoCloseable {

    /** The lease of an operation: a dead worker's operation ends this long after its last renewal. */
    public static final Duration LEASE = Duration.ofSeconds(8);

    /**
     * The service under test.
     *
     * @param name            its name ({@code experiment-service}); instances are {@code <name>-1}, {@code <name>-2}
     * @param commandsTopic   the topic of its commands
     * @param eventsTopic     the topic of its events
     * @param group           the consumer group of its commands
     * @param commandsChannel the messaging channel that consumes them (its Kafka settings are tuned for the test)
     * @param properties      further settings of its instances
     * @param siblings        other StrategyLab services it calls, one instance each on the same stack
     */
    public record Service(String name, String commandsTopic, String eventsTopic, String group, String commandsChannel,
                          Map<String, String> properties, List<Sibling> siblings) {

        /** A service without siblings. */
        public Service(String name, String commandsTopic, String eventsTopic, String group, String commandsChannel,
                       Map<String, String> properties) {
            this(name, commandsTopic, eventsTopic, group, commandsChannel, properties, List.of());
        }
    }

    /**
     * A StrategyLab service the one under test calls (chat-service reads experiments from
     * experiment-service), started once on the same database, broker and upstream-gateway.
     *
     * @param name        its name
     * @param jar         its packaged {@code quarkus-run.jar}
     * @param urlProperty the setting that gives the service under test its base URL
     */
    public record Sibling(String name, Path jar, String urlProperty) {
    }

    // the test's own Kafka clients warn about every failed reconnect to a killed consumer's broker connection
    private static final Logger KAFKA_CLIENTS = Logger.getLogger("org.apache.kafka");
    private static WorkerStack shared;

    static {
        KAFKA_CLIENTS.setLevel(Level.SEVERE);
    }

    private final Service service;
    private final Path directory;
    private ProductStack stack;
    private QuarkusAppProcess upstreamGateway;
    private final List<QuarkusAppProcess> workers = new ArrayList<>();
    private final Map<String, QuarkusAppProcess> siblings = new java.util.LinkedHashMap<>();

    private WorkerStack(Service service, Path directory) {
        this.service = service;
        this.directory = directory;
    }

    /**
     * The stack of this JVM (a Failsafe run tests one service), started on first use. When the run
     * names its service ({@code strategylab.it.workers}), the ITs of another service are skipped (an
     * assumption fails), so {@code -Dit.test=SomeIT} runs a class only in its own service's run.
     */
    public static synchronized WorkerStack shared(Service service) {
        String runFor = System.getProperty("strategylab.it.workers");
        org.junit.jupiter.api.Assumptions.assumeTrue(runFor == null || runFor.equals(service.name()),
                () -> service.name() + "'s worker ITs run in its own Failsafe run, not in " + runFor + "'s");
        if (shared == null) {
            Path directory = Path.of(System.getProperty("strategylab.it.work-dir", "target/workers-it"));
            WorkerStack stack = new WorkerStack(service, directory);
            try {
                stack.startAll();
            } catch (RuntimeException | Error e) {
                stack.close();
                throw e;
            }
            Runtime.getRuntime().addShutdownHook(new Thread(stack::close, "worker-stack-stop"));
            shared = stack;
        }
        return shared;
    }

    private void startAll() {
        Path serviceJar = Path.of(System.getProperty("strategylab.it.service-jar", "target/quarkus-app/quarkus-run.jar"));
        Path gatewayJar = Path.of(System.getProperty("strategylab.it.upstream-gateway-jar",
                "../upstream-gateway/target/quarkus-app/quarkus-run.jar"));
        stack = ProductStack.in(directory).quickStart().start();
        upstreamGateway = stack.start(stack.upstreamGateway("upstream-gateway", gatewayJar)
                // many operations of few users: the rate limit is upstream-gateway's own concern
                .property("strategylab.upstream.rate-limit.enabled", "false")
                // a caller token is refused from its expiry on (1 s of skew, not the default 60 s), so a
                // test can tell that a run outlives its caller's token
                .property("mp.jwt.verify.clock.skew", "1"));
        Map<String, String> siblingUrls = new java.util.LinkedHashMap<>();
        for (Sibling sibling : service.siblings()) {
            QuarkusAppProcess started = stack.start(stack.consumer(sibling.name(), sibling.jar(), upstreamGateway));
            siblings.put(sibling.name(), started);
            siblingUrls.put(sibling.urlProperty(), started.baseUri().toString());
        }
        // one after the other: the first migrates the schemas and creates the topics, the second finds them
        for (String name : List.of(service.name() + "-1", service.name() + "-2")) {
            QuarkusAppProcess.Builder builder = stack.consumer(name, serviceJar, upstreamGateway)
                    .property("mp.jwt.verify.clock.skew", "1")
                    .property("strategylab.event-log.lease.duration", LEASE.toString())
                    .property("strategylab.event-log.lease.heartbeat", "PT1S")
                    .property("strategylab.event-log.lease.reaper-interval", "PT1S")
                    // a dead consumer's partitions move after this (Kafka's default is 45 s), and an
                    // acknowledged command's offset is committed soon after, so a kill does not bring it back
                    .property(channel("session.timeout.ms"), "6000")
                    .property(channel("heartbeat.interval.ms"), "1000")
                    .property(channel("auto.commit.interval.ms"), "500");
            service.properties().forEach(builder::property);
            siblingUrls.forEach(builder::property);
            workers.add(stack.start(builder));
        }
        awaitBalancedGroup();
    }

    private String channel(String setting) {
        return "mp.messaging.incoming." + service.commandsChannel() + "." + setting;
    }

    /** Starts again any instance a test killed and waits until the consumer group has them all. */
    public void everyInstanceRuns() {
        boolean restarted = false;
        for (QuarkusAppProcess worker : workers) {
            if (!worker.process().isAlive()) {
                worker.start();
                restarted = true;
            }
        }
        if (restarted) {
            awaitBalancedGroup();
        }
    }

    /**
     * Waits until the commands' consumer group is stable with one member per instance, each holding
     * partitions, so that commands sent now are consumed without waiting for a rebalance.
     */
    public void awaitBalancedGroup() {
        String groupId = service.group();
        try (Admin admin = kafka().admin()) {
            Waiting.until("every " + service.name() + " instance consumes commands", Duration.ofSeconds(120), () -> {
                ConsumerGroupDescription group = admin.describeConsumerGroups(List.of(groupId)).all()
                        .get(5, TimeUnit.SECONDS).get(groupId);
                Collection<MemberDescription> members = group.members();
                return group.groupState() == GroupState.STABLE && members.size() == workers.size()
                        && members.stream().allMatch(m -> !m.assignment().topicPartitions().isEmpty());
            }, processes());
        }
    }

    /**
     * Waits until the group has committed every command on the topic, so no command is delivered
     * again after an instance dies (a command is acknowledged once its operation is claimed).
     */
    public void awaitCommandsCommitted() {
        String commands = service.commandsTopic();
        try (Admin admin = kafka().admin()) {
            Waiting.until("every command's offset is committed", Duration.ofSeconds(60), () -> {
                Map<TopicPartition, OffsetAndMetadata> committed = admin.listConsumerGroupOffsets(service.group())
                        .partitionsToOffsetAndMetadata().get(5, TimeUnit.SECONDS);
                int partitions = admin.describeTopics(List.of(commands)).allTopicNames().get(5, TimeUnit.SECONDS)
                        .get(commands).partitions().size();
                for (int p = 0; p < partitions; p++) {
                    TopicPartition tp = new TopicPartition(commands, p);
                    long end = admin.listOffsets(Map.of(tp, OffsetSpec.latest())).partitionResult(tp)
                            .get(5, TimeUnit.SECONDS).offset();
                    OffsetAndMetadata done = committed.get(tp);
                    if (end > 0 && (done == null || done.offset() < end)) {
                        return false;
                    }
                }
                return true;
            });
        }
    }

    /** The service's instances. */
    public List<QuarkusAppProcess> workers() {
        return workers;
    }

    /** The instance whose process has this id, if any. */
    public QuarkusAppProcess workerWithPid(long pid) {
        return workers.stream().filter(w -> w.process() != null && w.process().pid() == pid).findFirst()
                .orElseThrow(() -> new IllegalStateException("no " + service.name() + " instance has pid " + pid));
    }

    /** The service under test. */
    public Service service() {
        return service;
    }

    /** The sibling service of this name. */
    public QuarkusAppProcess sibling(String name) {
        QuarkusAppProcess sibling = siblings.get(name);
        if (sibling == null) {
            throw new IllegalStateException("no sibling " + name);
        }
        return sibling;
    }

    public UpstreamSimulator simulator() {
        return stack.simulator();
    }

    public KafkaBrokerProcess kafka() {
        return stack.kafka();
    }

    public QuarkusAppProcess upstreamGateway() {
        return upstreamGateway;
    }

    /** A JDBC connection to the shared database (the service's schema and the operations index). */
    public Connection jdbc() throws SQLException {
        return stack.jdbc();
    }

    private org.strategylab.testsupport.process.ManagedProcess[] processes() {
        return workers.stream().map(QuarkusAppProcess::process)
                .toArray(org.strategylab.testsupport.process.ManagedProcess[]::new);
    }

    /** Stops the services, then the broker, the simulator and PostgreSQL; a failure of one does not keep the others running. */
    @Override
    public void close() {
        if (stack != null) {
            stack.close();
        }
    }
}
