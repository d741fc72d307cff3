package org.strategylab.gateway.stream;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.strategylab.gateway.config.GatewayConfig;

/** The gateway's shared tail consumers: the configured topics from start-up, any other on first use. */
@ApplicationScoped
public class TopicTails {

    @Inject
    GatewayConfig config;

    @ConfigProperty(name = "kafka.bootstrap.servers", defaultValue = "localhost:9092")
    String bootstrapServers;

    private final Map<String, TopicTail> tails = new ConcurrentHashMap<>();
    private volatile boolean stopped;

    void onStart(@Observes StartupEvent event) {
        config.stream().topics().forEach(this::forTopic);
    }

    TopicTail forTopic(String topic) {
        if (stopped) {
            throw new IllegalStateException("the gateway is stopping");
        }
        return tails.computeIfAbsent(topic, name -> {
            TopicTail tail = new TopicTail(name, bootstrapServers, config.stream().tailRestartBackoff(),
                    config.stream().tailRestartMaxBackoff(), config.stream().recentEvents().asLongValue());
            tail.start();
            return tail;
        });
    }

    /** The tail of the topic if one runs. */
    java.util.Optional<TopicTail> forTopicIfStarted(String topic) {
        return java.util.Optional.ofNullable(tails.get(topic));
    }

    /** The tails running now, by topic (for readiness). */
    Map<String, TopicTail> all() {
        return Map.copyOf(tails);
    }

    /** Restarts of failed tail consumers, over all topics (a metric and a test aid). */
    public long restarts() {
        return tails.values().stream().mapToLong(TopicTail::restarts).sum();
    }

    /** Operations with live listeners, over all topics (a metric and a test aid). */
    public int watchedOperations() {
        return tails.values().stream().mapToInt(TopicTail::watchedOperations).sum();
    }

    void onStop(@Observes ShutdownEvent event) {
        stopped = true;
        tails.values().forEach(TopicTail::stop);
    }
}
