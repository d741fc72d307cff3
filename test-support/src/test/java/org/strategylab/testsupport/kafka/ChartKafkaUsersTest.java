package org.strategylab.testsupport.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.errors.AuthorizationException;
import org.apache.kafka.common.errors.SaslAuthenticationException;
import org.apache.kafka.common.errors.TopicAuthorizationException;
import org.apache.kafka.common.resource.ResourceType;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.strategylab.testsupport.process.KafkaBrokerProcess;

/** The chart's ACL file read as Kafka ACLs, and a broker with SCRAM logins that enforces them. */
class ChartKafkaUsersTest {

    @Test
    void theChartsFileGivesEachKafkaClientItsOwnRights() {
        ChartKafkaUsers users = ChartKafkaUsers.ofChart();
        assertEquals(Set.of("gateway", "experiment-service", "chat-service"), users.services());
        assertTrue(users.aclsOf("experiment-service").stream().anyMatch(acl -> acl.pattern().resourceType() == ResourceType.GROUP
                && acl.pattern().name().equals("experiment-service") && acl.entry().operation() == AclOperation.READ));
        assertTrue(users.aclsOf("gateway").stream().noneMatch(acl -> acl.entry().operation() == AclOperation.WRITE),
                "the gateway only reads");
        assertTrue(users.aclsOf("chat-service").stream().allMatch(acl -> acl.entry().principal().equals("User:chat-service")));
    }

    @Test
    void aNameKafkaDoesNotKnowIsRefused(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("acls.yaml");
        Files.writeString(file, "svc:\n  - {resource: {type: topic, name: t, patternType: literal}, operations: [Reed]}\n");
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> ChartKafkaUsers.read(file));
        assertTrue(refused.getMessage().contains("svc"), refused::getMessage);
    }

    @Test
    void aScramBrokerAdmitsEachServiceToExactlyItsTopics(@TempDir Path dir) throws Exception {
        try (KafkaBrokerProcess broker = KafkaBrokerProcess.builder(dir.resolve("kafka")).scramLogins("admin-secret").build().start()) {
            for (String topic : List.of("experiment.events", "chat.events")) {
                broker.createTopic(topic, 1);
            }
            Map<String, Map<String, String>> logins = ChartKafkaUsers.ofChart().grantOn(broker);

            try (KafkaProducer<String, String> experiments = producer(broker, logins.get("experiment-service"))) {
                experiments.send(new ProducerRecord<>("experiment.events", "op-1", "allowed")).get(30, TimeUnit.SECONDS);
                ExecutionException denied = assertThrows(ExecutionException.class,
                        () -> experiments.send(new ProducerRecord<>("chat.events", "op-1", "not its topic")).get(30, TimeUnit.SECONDS));
                assertInstanceOf(TopicAuthorizationException.class, denied.getCause());
            }
            try (KafkaConsumer<String, String> gateway = consumer(broker, logins.get("gateway"))) {
                TopicPartition partition = new TopicPartition("experiment.events", 0);
                gateway.assign(List.of(partition));
                gateway.seekToBeginning(List.of(partition));
                List<String> read = new java.util.ArrayList<>();
                long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
                while (read.isEmpty() && System.nanoTime() < deadline) {
                    gateway.poll(Duration.ofMillis(500)).forEach((ConsumerRecord<String, String> r) -> read.add(r.value()));
                }
                assertEquals(List.of("allowed"), read);
            }
            try (KafkaProducer<String, String> gateway = producer(broker, logins.get("gateway"))) {
                // without any Write right its idempotent producer is refused a producer id: a cluster-level
                // refusal, thrown by send itself or by its future depending on when the refusal arrives
                Exception denied = assertThrows(Exception.class,
                        () -> gateway.send(new ProducerRecord<>("experiment.events", "op-1", "forged")).get(30, TimeUnit.SECONDS));
                Throwable cause = denied;
                while (cause != null && !(cause instanceof AuthorizationException)) {
                    cause = cause.getCause();
                }
                assertInstanceOf(AuthorizationException.class, cause, "the gateway cannot write into a stream: " + denied);
            }
            // the credential scan finds a token on a topic, and only there
            Map<String, Object> admin = new HashMap<>(broker.superUserSettings());
            admin.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
            admin.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
            try (KafkaProducer<String, String> leaky = new KafkaProducer<>(admin)) {
                leaky.send(new ProducerRecord<>("chat.events", "op-2", "{\"token\":\"eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJhbGljZSJ9.c2lnbmF0dXJl\"}"))
                        .get(30, TimeUnit.SECONDS);
            }
            List<String> leaks = TopicCredentialScan.findCredentials(broker.superUserSettings(),
                    List.of("experiment.events", "chat.events"), List.of("allowed-but-secret"));
            assertEquals(1, leaks.size(), leaks::toString);
            assertTrue(leaks.get(0).startsWith("chat.events/0@0 value"), leaks::toString);

            Map<String, String> wrongPassword = KafkaBrokerProcess.clientLogin("gateway", "guessed").entrySet().stream()
                    .collect(java.util.stream.Collectors.toMap(e -> "kafka." + e.getKey(), Map.Entry::getValue));
            try (KafkaProducer<String, String> intruder = producer(broker, wrongPassword)) {
                ExecutionException refused = assertThrows(ExecutionException.class,
                        () -> intruder.send(new ProducerRecord<>("chat.events", "x", "y")).get(30, TimeUnit.SECONDS));
                assertInstanceOf(SaslAuthenticationException.class, refused.getCause());
            }
        }
    }

    private static KafkaProducer<String, String> producer(KafkaBrokerProcess broker, Map<String, String> login) {
        Map<String, Object> settings = unprefixed(login);
        settings.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        settings.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, 20000);
        settings.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 25000);
        settings.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 10000);
        return new KafkaProducer<>(settings, new StringSerializer(), new StringSerializer());
    }

    private static KafkaConsumer<String, String> consumer(KafkaBrokerProcess broker, Map<String, String> login) {
        Map<String, Object> settings = unprefixed(login);
        settings.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        settings.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        return new KafkaConsumer<>(settings, new StringDeserializer(), new StringDeserializer());
    }

    private static Map<String, Object> unprefixed(Map<String, String> login) {
        Map<String, Object> settings = new HashMap<>();
        login.forEach((key, value) -> settings.put(key.substring("kafka.".length()), value));
        return settings;
    }
}
