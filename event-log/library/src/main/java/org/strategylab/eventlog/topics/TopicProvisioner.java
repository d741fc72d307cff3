package org.strategylab.eventlog.topics;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.strategylab.eventlog.config.EventLogConfig;
import org.strategylab.eventlog.KafkaClientSecurity;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.errors.TopicExistsException;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Creates the service's own topics with the configured partitions, replication and retention.
 * Tried once at start-up; if the broker is not reachable yet, the readiness check tries again, so
 * a service started before its broker becomes ready by itself once the broker is up.
 */
@ApplicationScoped
public class TopicProvisioner {

    private static final Logger LOG = Logger.getLogger(TopicProvisioner.class);

    @Inject
    EventLogConfig config;

    @ConfigProperty(name = "kafka.bootstrap.servers", defaultValue = "localhost:9092")
    String bootstrapServers;

    private volatile Admin admin;
    private volatile boolean provisioned;

    void onStart(@Observes StartupEvent event) {
        if (owned().isEmpty()) {
            provisioned = true;
            return;
        }
        try {
            ensureTopics();
        } catch (TopicProvisioningException e) {
            LOG.warnf("Kafka topics not provisioned yet (%s); readiness will retry", e.getMessage());
        }
    }

    void onStop(@Observes ShutdownEvent event) {
        Admin current = admin;
        if (current != null) {
            current.close();
        }
    }

    /** The topics this service owns. */
    public List<String> owned() {
        return config.ownedTopics().orElse(List.of());
    }

    /** Whether every owned topic is known to exist. */
    public boolean provisioned() {
        return provisioned;
    }

    /**
     * Creates every owned topic that is missing; blocks for at most the admin timeout.
     *
     * @return the topics created by this call
     * @throws TopicProvisioningException when the broker does not answer in time or refuses
     */
    public synchronized List<String> ensureTopics() {
        List<String> created = new ArrayList<>();
        try {
            long timeout = config.adminTimeout().toMillis();
            Set<String> existing = admin().listTopics().names().get(timeout, TimeUnit.MILLISECONDS);
            List<NewTopic> missing = new ArrayList<>();
            for (String topic : owned()) {
                if (!existing.contains(topic)) {
                    missing.add(new NewTopic(topic, config.partitions(), config.replicationFactor()).configs(Map.of(
                            TopicConfig.RETENTION_MS_CONFIG, Long.toString(config.retention().toMillis()),
                            TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_DELETE)));
                }
            }
            if (!missing.isEmpty()) {
                try {
                    admin().createTopics(missing).all().get(timeout, TimeUnit.MILLISECONDS);
                } catch (ExecutionException e) {
                    // another replica of this service created them first: that is the goal reached
                    if (!(e.getCause() instanceof TopicExistsException)) {
                        throw e;
                    }
                }
                missing.forEach(topic -> created.add(topic.name()));
                LOG.infof("Created Kafka topics %s (%d partitions, retention %s)", created, config.partitions(),
                        config.retention());
            }
            provisioned = true;
            return created;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TopicProvisioningException("interrupted", e);
        } catch (ExecutionException e) {
            throw new TopicProvisioningException(String.valueOf(e.getCause().getMessage()), e.getCause());
        } catch (TimeoutException e) {
            throw new TopicProvisioningException("the broker at " + bootstrapServers + " did not answer within "
                    + config.adminTimeout(), e);
        }
    }

    private Admin admin() {
        Admin current = admin;
        if (current == null) {
            current = Admin.create(KafkaClientSecurity.secured(Map.of(
                    AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                    AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) config.adminTimeout().toMillis(),
                    AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) config.adminTimeout().toMillis())));
            admin = current;
        }
        return current;
    }
}
