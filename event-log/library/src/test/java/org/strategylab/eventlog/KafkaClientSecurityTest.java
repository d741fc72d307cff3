package org.strategylab.eventlog;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.smallrye.config.EnvConfigSource;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The library's hand-built Kafka clients get the service's Kafka security settings, from properties or the environment. */
class KafkaClientSecurityTest {

    @Test
    void securitySettingsFromPropertiesAndTheEnvironmentAreAddedAndOthersLeftAlone() {
        SmallRyeConfig config = new SmallRyeConfigBuilder().withSources(
                new PropertiesConfigSource(Map.of("kafka.security.protocol", "SASL_SSL", "kafka.sasl.mechanism", "SCRAM-SHA-512",
                        "kafka.max.poll.records", "7", "kafka.ssl.truststore.password", ""), "application", 250),
                // the form the chart sets them in
                new EnvConfigSource(Map.of("KAFKA_SASL_JAAS_CONFIG", "ScramLoginModule required;",
                        "KAFKA_SSL_TRUSTSTORE_LOCATION", "/etc/strategylab/kafka-ca/ca.crt"), 300)).build();

        Map<String, Object> secured = KafkaClientSecurity.secured(Map.of("bootstrap.servers", "kafka:9093", "max.poll.records", 500), config);

        assertEquals(Map.of("bootstrap.servers", "kafka:9093", "max.poll.records", 500, "security.protocol", "SASL_SSL",
                "sasl.mechanism", "SCRAM-SHA-512", "sasl.jaas.config", "ScramLoginModule required;",
                "ssl.truststore.location", "/etc/strategylab/kafka-ca/ca.crt"), secured);
    }

    @Test
    void aPlaintextServiceKeepsItsSettingsAsTheyAre() {
        SmallRyeConfig config = new SmallRyeConfigBuilder().build();
        assertEquals(Map.of("bootstrap.servers", "localhost:9092"),
                KafkaClientSecurity.secured(Map.of("bootstrap.servers", "localhost:9092"), config));
    }
}
