package org.strategylab.bench.sse;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.errors.TopicExistsException;
import org.strategylab.testsupport.bench.BenchHost;
import org.strategylab.testsupport.process.KafkaBrokerProcess;
import org.strategylab.testsupport.process.ManagedProcess;
import org.strategylab.testsupport.process.QuarkusAppProcess;
import org.strategylab.testsupport.stack.ProductStack;

/**
 * PostgreSQL, a Kafka broker and the gateway for the bench: each started here (embedded
 * PostgreSQL; the broker and the packaged gateway as separate JVMs, like the local run) or reused
 * when the flags name a running one.
 */
final class BenchStack implements AutoCloseable {

    private final BenchOptions options;
    private ProductStack stack;
    private QuarkusAppProcess gateway;
    private URI gatewayUri;
    private long gatewayPid = -1;

    BenchStack(BenchOptions options) {
        this.options = options;
    }

    void start(List<String> topics) {
        Path work = options.workDir();
        ProductStack.Builder plan = ProductStack.in(work).keepDirectory().withoutSimulator();
        if (options.jdbcUrl() != null) {
            String jdbcUrl = options.jdbcUrl();
            plan.database(Map.of("quarkus.datasource.jdbc.url", jdbcUrl,
                    "quarkus.datasource.reactive.url", jdbcUrl.startsWith("jdbc:") ? jdbcUrl.substring("jdbc:".length()) : jdbcUrl,
                    "quarkus.datasource.username", options.dbUser(),
                    "quarkus.datasource.password", options.dbPassword()));
        }
        if (options.kafka() != null) {
            plan.broker(options.kafka());
        } else {
            // a fresh log each run: the bench's topics start empty
            try {
                BenchHost.clear(work.resolve("kafka").resolve("data"));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot clear the broker's log", e);
            }
        }
        stack = plan.start();
        say("PostgreSQL: " + (options.jdbcUrl() != null ? "reusing " : "embedded at ")
                + stack.datasource().get("quarkus.datasource.jdbc.url"));
        say("Kafka: " + (stack.ownsBroker()
                ? "broker process pid " + stack.kafka().process().pid() + " at " + stack.bootstrapServers() + " ("
                        + String.join(" ", KafkaBrokerProcess.DEFAULT_JVM_OPTIONS) + ")"
                : "reusing " + stack.bootstrapServers()));
        createTopics(topics);
        if (options.gateway() != null) {
            gatewayUri = URI.create(options.gateway());
            gatewayPid = options.gatewayPid();
            say("gateway: reusing " + gatewayUri + (gatewayPid > 0 ? " (pid " + gatewayPid + ")" : " (no pid: no RSS)"));
        } else {
            gateway = stack.start(stack.gateway("gateway", options.gatewayJar())
                    .property("strategylab.gateway.stream.topics", topics.get(0))
                    // every subscriber is the one bench user: the per-user cap must not refuse them
                    .property("strategylab.gateway.stream.max-streams-per-user",
                            Integer.toString(options.subscribers() + 10)));
            gatewayUri = gateway.baseUri();
            gatewayPid = gateway.process().pid();
            say("gateway: process pid " + gatewayPid + " at " + gatewayUri + " ("
                    + String.join(" ", QuarkusAppProcess.DEFAULT_JVM_OPTIONS) + ")");
        }
    }

    private void createTopics(List<String> topics) {
        try (Admin admin = admin()) {
            for (String topic : topics) {
                int partitions = topic.equals(topics.get(0)) ? 3 : 1;
                try {
                    admin.createTopics(List.of(new NewTopic(topic, partitions, (short) 1))).all().get(30, TimeUnit.SECONDS);
                } catch (ExecutionException e) {
                    if (!(e.getCause() instanceof TopicExistsException)) {
                        throw new IllegalStateException("cannot create topic " + topic, e.getCause());
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (TimeoutException e) {
            throw new IllegalStateException("the broker did not create the topics in time", e);
        }
        if (stack.ownsBroker()) {
            topics.forEach(topic -> stack.kafka().awaitLeaders(topic, Duration.ofSeconds(60)));
        }
    }

    Admin admin() {
        return Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, stack.bootstrapServers(),
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 30_000));
    }

    String bootstrap() {
        return stack.bootstrapServers();
    }

    URI gatewayUri() {
        return gatewayUri;
    }

    /** The gateway's resident set size in MiB, or -1 when its pid is unknown. */
    double gatewayRssMib() {
        return gatewayPid > 0 ? ManagedProcess.procStatusKib(gatewayPid, "VmRSS") / 1024.0 : -1;
    }

    /** The gateway's peak resident set size in MiB ({@code VmHWM}), or -1. */
    double gatewayPeakRssMib() {
        return gatewayPid > 0 ? ManagedProcess.procStatusKib(gatewayPid, "VmHWM") / 1024.0 : -1;
    }

    /**
     * CPU seconds (user + system) used so far by the gateway, the broker and this JVM, from
     * {@code /proc/<pid>/stat}; -1 where a pid is unknown (a reused component).
     */
    double[] cpuSeconds() {
        return new double[] {cpuSeconds(gatewayPid), stack.ownsBroker() ? cpuSeconds(stack.kafka().process().pid()) : -1,
                cpuSeconds(ProcessHandle.current().pid())};
    }

    private static double cpuSeconds(long pid) {
        if (pid <= 0) {
            return -1;
        }
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            // fields after the command name (which may hold spaces) start at its closing parenthesis
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name; in clock ticks of 1/100 s
            return (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) / 100.0;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    Connection jdbc() throws SQLException {
        return stack.jdbc();
    }

    @Override
    public void close() {
        if (stack != null) {
            stack.close();
        }
    }

    static void say(String line) {
        System.out.println(line);
        System.out.flush();
    }
}
