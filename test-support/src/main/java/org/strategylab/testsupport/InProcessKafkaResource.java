package org.strategylab.testsupport;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;

/**
 * A real Kafka broker (one combined KRaft broker/controller from Kafka's own test kit) inside the
 * test JVM. Gives the application {@code kafka.bootstrap.servers}. Its version must equal the
 * kafka-clients version of the Quarkus BOM.
 */
public class InProcessKafkaResource implements QuarkusTestResourceLifecycleManager {

    /** System property through which other test code (admin clients, companions) finds the broker. */
    public static final String BOOTSTRAP_PROPERTY = "strategylab.test.kafka.bootstrap";

    private KafkaClusterTestKit cluster;

    @Override
    public Map<String, String> start() {
        try {
            cluster = new KafkaClusterTestKit.Builder(new TestKitNodes.Builder()
                    .setCombined(true)
                    .setNumBrokerNodes(1)
                    .setNumControllerNodes(1)
                    .build())
                    .setConfigProp("offsets.topic.replication.factor", "1")
                    .setConfigProp("transaction.state.log.replication.factor", "1")
                    .setConfigProp("transaction.state.log.min.isr", "1")
                    .setConfigProp("group.initial.rebalance.delay.ms", "0")
                    .setConfigProp("auto.create.topics.enable", "true")
                    .setConfigProp("num.partitions", "1")
                    .build();
            cluster.format();
            cluster.startup();
            cluster.waitForReadyBrokers();
        } catch (Exception e) {
            throw new IllegalStateException("The in-process Kafka broker did not start", e);
        }
        String bootstrap = cluster.bootstrapServers();
        System.setProperty(BOOTSTRAP_PROPERTY, bootstrap);
        return Map.of("kafka.bootstrap.servers", bootstrap);
    }

    @Override
    public void stop() {
        if (cluster != null) {
            try {
                cluster.close();
            } catch (Exception e) {
                throw new IllegalStateException("The in-process Kafka broker did not stop cleanly", e);
            } finally {
                cluster = null;
                System.clearProperty(BOOTSTRAP_PROPERTY);
            }
        }
    }
}
