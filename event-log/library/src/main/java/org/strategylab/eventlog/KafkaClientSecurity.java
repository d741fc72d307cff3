package org.strategylab.eventlog;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * The security settings of the service's Kafka connection ({@code kafka.security.protocol},
 * {@code kafka.sasl.*}, {@code kafka.ssl.*}), added to the library's own producer, consumers and
 * admin clients, which are built by hand and so do not get the {@code kafka.*} defaults the
 * messaging channels get. Read by name, so the environment form (KAFKA_SASL_JAAS_CONFIG, …) counts.
 */
public final class KafkaClientSecurity {

    /** Kafka client keys that say how to reach a secured cluster; any other key stays the caller's. */
    static final List<String> KEYS = List.of("security.protocol", "sasl.mechanism", "sasl.jaas.config",
            "ssl.truststore.type", "ssl.truststore.location", "ssl.truststore.password",
            "ssl.keystore.type", "ssl.keystore.location", "ssl.keystore.password",
            "ssl.endpoint.identification.algorithm");

    private KafkaClientSecurity() {
    }

    /** The client settings with the configured security settings added. */
    public static Map<String, Object> secured(Map<String, Object> settings) {
        return secured(settings, ConfigProvider.getConfig());
    }

    static Map<String, Object> secured(Map<String, Object> settings, Config config) {
        Map<String, Object> all = new HashMap<>(settings);
        for (String key : KEYS) {
            config.getOptionalValue("kafka." + key, String.class).filter(value -> !value.isBlank())
                    .ifPresent(value -> all.put(key, value));
        }
        return all;
    }
}
