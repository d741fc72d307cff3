package org.strategylab.chat.workers;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.restassured.specification.RequestSpecification;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.stream.LongStream;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.strategylab.eventlog.contract.EventContract;
import org.strategylab.testsupport.TestTokens;
import org.strategylab.testsupport.process.QuarkusAppProcess;
import org.strategylab.testsupport.workers.WorkerStack;

/**
 * Issue 20: the event topics read as an outside team would, with a plain {@link KafkaConsumer} of
 * its own group (not the event-log library) on the stack's real broker, after an experiment and a
 * chat turn: every record matches the AsyncAPI document, its key is its operation id, and each
 * operation's events are seq 1..n without gaps with exactly one terminal event, last.
 */
class EventTopicsContractIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final EventContract CONTRACT = EventContract.bundled();

    static WorkerStack stack;
    static KafkaConsumer<String, byte[]> consumer;

    /** Every record read so far, per operation id, in log order; and what did not match the document. */
    static final Map<String, List<JsonNode>> byOperation = new HashMap<>();
    static final List<String> violations = new ArrayList<>();
    static int records;

    @BeforeAll
    static void subscribe() {
        stack = WorkerStack.shared(ChatStack.CHAT_SERVICE);
        stack.everyInstanceRuns();
        Properties config = new Properties();
        config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, stack.kafka().bootstrapServers());
        config.put(ConsumerConfig.GROUP_ID_CONFIG, "contract-reader-" + UUID.randomUUID());
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        config.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        config.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        consumer = new KafkaConsumer<>(config);
        consumer.subscribe(List.of("experiment.events", "chat.events"));
    }

    @AfterAll
    static void close() {
        // null in the other service's run, which skips this class before subscribing
        if (consumer != null) {
            consumer.close();
        }
    }

    static RequestSpecification as(String user) {
        return given().header("Authorization", TestTokens.bearer(user)).contentType("application/json");
    }

    @Test
    void bothEventTopicsMatchTheDocument() {
        String owner = "ada-" + UUID.randomUUID();
        QuarkusAppProcess experiments = stack.sibling("experiment-service");
        QuarkusAppProcess chat = stack.workers().get(0);
        String experimentOperation = as(owner).body("{\"name\":\"taxon screen\",\"siteId\":\"plasmodb\","
                        + "\"searchName\":\"GenesByTaxon\",\"parameters\":{\"organism\":[\"Plasmodium falciparum 3D7\"]},"
                        + "\"positiveControls\":[\"PF3D7_0100600\",\"PF3D7_0101600\",\"PF3D7_0105300\",\"PF3D7_0100100\"],"
                        + "\"negativeControls\":[\"PF3D7_0100300\",\"PF3D7_0100200\"]}")
                .post(experiments.baseUri() + "/api/v1/experiments").then().statusCode(202).extract().path("operationId");
        String chatOperation = as(owner).body("{\"siteId\":\"plasmodb\",\"message\":\"kinases in falciparum\"}")
                .post(chat.baseUri() + "/api/v1/chat").then().statusCode(202).extract().path("operationId");

        await("both operations end on their topics").atMost(Duration.ofSeconds(180)).pollInterval(Duration.ofMillis(200))
                .until(() -> {
                    poll();
                    return ended(experimentOperation) && ended(chatOperation);
                });

        assertEquals(List.of(), violations, "records that the AsyncAPI document does not describe");
        assertOperation(experimentOperation, "experiment.events", "experiment_end");
        assertOperation(chatOperation, "chat.events", "message_end");
        assertTrue(types(experimentOperation).contains("experiment_complete"), types(experimentOperation).toString());
        assertTrue(types(chatOperation).contains("assistant_message"), types(chatOperation).toString());
    }

    /** Reads what has arrived; checks each record's key and value against the document. */
    private static void poll() {
        for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(200))) {
            records++;
            String where = record.topic() + "-" + record.partition() + "@" + record.offset();
            JsonNode value;
            try {
                value = JSON.readTree(record.value());
            } catch (IOException e) {
                violations.add(where + ": not JSON");
                continue;
            }
            String operationId = value.path("operationId").asText();
            if (!operationId.equals(record.key())) {
                violations.add(where + ": key " + record.key() + " is not the operation id " + operationId);
            }
            if (!CONTRACT.eventTypes(record.topic()).contains(value.path("type").asText())) {
                violations.add(where + ": " + value.path("type").asText() + " is not a message of " + record.topic());
            }
            CONTRACT.violations(value).forEach(violation -> violations.add(where + ": " + violation));
            byOperation.computeIfAbsent(operationId, id -> new ArrayList<>())
                    .add(((ObjectNode) value).put("topic", record.topic()));
        }
    }

    private static boolean ended(String operationId) {
        List<JsonNode> events = byOperation.getOrDefault(operationId, List.of());
        return !events.isEmpty() && CONTRACT.isTerminal(events.get(events.size() - 1).path("type").asText());
    }

    private static List<String> types(String operationId) {
        return byOperation.get(operationId).stream().map(event -> event.path("type").asText()).toList();
    }

    private static void assertOperation(String operationId, String topic, String terminal) {
        List<JsonNode> events = byOperation.get(operationId);
        assertEquals(LongStream.rangeClosed(1, events.size()).boxed().toList(),
                events.stream().map(event -> event.path("seq").asLong()).toList(), "seq 1..n without gaps: " + types(operationId));
        assertTrue(events.stream().allMatch(event -> topic.equals(event.path("topic").asText())));
        List<String> terminals = types(operationId).stream().filter(CONTRACT::isTerminal).toList();
        assertEquals(List.of(terminal), terminals, types(operationId).toString());
        assertEquals(terminal, types(operationId).get(events.size() - 1));
    }
}
