import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * A consumer of experiment.events written from event-log/asyncapi.yaml alone: its own group, from
 * the beginning, one line per event, a summary per operation when its terminal event arrives;
 * duplicates (at-least-once delivery) are dropped by seq. Run from the repository root:
 *
 * <pre>
 * CP=$(mvn -q -o -pl event-log/library dependency:build-classpath -Dmdep.outputFile=/dev/stdout)
 * java -cp "$CP" event-log/examples/ReadExperimentEvents.java localhost:19092 [seconds]
 * </pre>
 */
public class ReadExperimentEvents {

    /** The terminal messages of experiment.events (x-terminal: true in the document). */
    static final Set<String> TERMINAL = Set.of("experiment_end", "batch_complete", "batch_error",
            "benchmark_complete", "benchmark_error", "sweep_complete", "seed_complete", "operation_failed",
            "operation_completed", "operation_cancelled");

    public static void main(String[] args) {
        String brokers = args.length > 0 ? args[0] : "localhost:19092";
        long seconds = args.length > 1 ? Long.parseLong(args[1]) : 30;
        Properties config = new Properties();
        config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, brokers);
        config.put(ConsumerConfig.GROUP_ID_CONFIG, "example-dashboard-" + UUID.randomUUID()); // its own group
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest"); // "latest": only what happens from now on
        config.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        config.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        ObjectMapper json = new ObjectMapper();
        Map<String, Long> lastSeq = new HashMap<>();
        long until = System.nanoTime() + Duration.ofSeconds(seconds).toNanos();
        try (KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(config)) {
            consumer.subscribe(List.of("experiment.events"));
            while (System.nanoTime() < until) {
                for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(500))) {
                    JsonNode event;
                    try {
                        event = json.readTree(record.value());
                    } catch (java.io.IOException e) {
                        continue; // not an envelope: nothing of StrategyLab's
                    }
                    String operation = record.key(); // = event.operationId
                    long seq = event.path("seq").asLong();
                    if (seq <= lastSeq.getOrDefault(operation, 0L)) {
                        continue; // delivered again: already handled
                    }
                    lastSeq.put(operation, seq);
                    String type = event.path("type").asText();
                    JsonNode data = event.path("data");
                    String detail = switch (type) {
                        case "experiment_progress" -> data.path("phase").asText() + " " + data.path("message").asText("");
                        case "experiment_complete" -> "experiment " + data.path("id").asText() + " "
                                + data.path("status").asText() + ", sensitivity " + data.path("metrics").path("sensitivity").asText("-");
                        case "experiment_end" -> data.path("status").asText();
                        default -> data.toString().length() > 80 ? data.toString().substring(0, 80) + "…" : data.toString();
                    };
                    System.out.printf("%s #%d %-20s %s%n", operation, seq, type, detail);
                    if (TERMINAL.contains(type)) {
                        System.out.printf("%s ended after %d events (%s)%n", operation, seq, type);
                    }
                }
            }
        }
    }
}
