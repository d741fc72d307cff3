package org.strategylab.eventlog.contract;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.strategylab.eventlog.EventEnvelope;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * The event topics' contract, {@code event-log/asyncapi.yaml} (AsyncAPI 3.0): loads it and checks
 * an event against the message its type names.
 *
 * <p>Each message's payload is the envelope {@code {operationId, seq, type, ts, data}} with a
 * JSON Schema for {@code data}; an event whose type has no message, or whose envelope or data does
 * not match, is a violation. The schemas refer to each other through
 * {@code #/components/schemas/…}, so each message is validated as the whole document with a
 * top-level {@code $ref} to that message's payload (the document's other keys are not schema
 * keywords and are ignored).
 *
 * <p>Thread-safe; the compiled schemas are kept per message.
 */
public final class EventContract {

    /** Where the checked-in document is on the classpath (the library's jar carries it). */
    public static final String RESOURCE = "org/strategylab/eventlog/contract/asyncapi.yaml";

    private static final ObjectMapper JSON = new ObjectMapper();
    private static volatile EventContract bundled;

    private final String yaml;
    private final JsonNode document;
    private final SchemaRegistry registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
    private final Map<String, Schema> schemas = new ConcurrentHashMap<>();

    private EventContract(String yaml) {
        this.yaml = yaml;
        try {
            this.document = JSON.valueToTree(new Yaml(new PlainDataConstructor()).load(yaml));
        } catch (YAMLException | IllegalArgumentException e) {
            throw new IllegalArgumentException("the event contract is not YAML: " + e.getMessage(), e);
        }
        if (document == null || !document.path("components").path("messages").isObject()) {
            throw new IllegalArgumentException("the event contract has no components.messages");
        }
    }

    /**
     * Reads YAML as plain data with its aliases resolved: a {@code *name} becomes a copy of what
     * {@code &name} marks (Jackson's YAML tree keeps an alias as the string {@code "name"}, which
     * turned the JSON rendering into an invalid AsyncAPI document). Only JSON's kinds of value are
     * made, so timestamps stay the strings they were written as.
     */
    private static final class PlainDataConstructor extends SafeConstructor {

        PlainDataConstructor() {
            super(loaderOptions());
            yamlConstructors.put(Tag.TIMESTAMP, new ConstructYamlStr());
            yamlConstructors.put(Tag.BINARY, new ConstructYamlStr());
        }

        private static LoaderOptions loaderOptions() {
            LoaderOptions options = new LoaderOptions();
            options.setAllowDuplicateKeys(false);
            return options;
        }
    }

    /** The document this library was built with (read once). */
    public static EventContract bundled() {
        EventContract contract = bundled;
        if (contract == null) {
            try (InputStream in = EventContract.class.getClassLoader().getResourceAsStream(RESOURCE)) {
                if (in == null) {
                    throw new IllegalStateException("the event contract " + RESOURCE + " is not on the classpath");
                }
                contract = new EventContract(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            bundled = contract;
        }
        return contract;
    }

    /** A contract from the text of an AsyncAPI document (e.g. a released copy). */
    public static EventContract parse(String yaml) {
        return new EventContract(Objects.requireNonNull(yaml, "yaml"));
    }

    /** The document as written (what the gateway serves as YAML). */
    public String yaml() {
        return yaml;
    }

    /** The document as a JSON tree, aliases resolved (what the gateway serves as JSON). */
    public JsonNode document() {
        return document;
    }

    /** The document's {@code info.version} (semantic version; the major number marks breaking changes). */
    public String version() {
        return document.path("info").path("version").asText();
    }

    /** The event types carried by the channel with this Kafka topic (its {@code address}), in document order. */
    public Set<String> eventTypes(String topic) {
        Set<String> types = new LinkedHashSet<>();
        for (JsonNode channel : iterable(document.path("channels"))) {
            if (topic.equals(channel.path("address").asText())) {
                for (JsonNode message : iterable(channel.path("messages"))) {
                    types.add(lastSegment(message.path("$ref").asText()));
                }
            }
        }
        return types;
    }

    /** Whether an event of this type ends its operation ({@code x-terminal} on its message). */
    public boolean isTerminal(String type) {
        return document.path("components").path("messages").path(type).path("x-terminal").asBoolean(false);
    }

    /** What is wrong with this event by the contract; empty when it matches its message. */
    public List<String> violations(EventEnvelope event) {
        try {
            return violations(event.type(), JSON.readTree(event.toBytes()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * What is wrong with a record value by the contract: {@code envelope} is the JSON a consumer
     * read; its {@code type} chooses the message.
     */
    public List<String> violations(JsonNode envelope) {
        return violations(envelope.path("type").asText(""), envelope);
    }

    /** Throws when the event does not match its message; the message lists every violation. */
    public void check(EventEnvelope event) {
        List<String> found = violations(event);
        if (!found.isEmpty()) {
            throw new ContractViolationException(event.type(), found, event.dataJson());
        }
    }

    private List<String> violations(String type, JsonNode envelope) {
        if (!document.path("components").path("messages").path(type).path("payload").isObject()) {
            return List.of("event type '" + type + "' has no message in the event contract " + version());
        }
        Schema schema = schemas.computeIfAbsent(type, this::compile);
        List<String> found = new ArrayList<>();
        schema.validate(envelope).forEach(error -> found.add(error.toString()));
        return found;
    }

    private Schema compile(String type) {
        ObjectNode root = document.deepCopy();
        root.put("$ref", "#/components/messages/" + escape(type) + "/payload");
        return registry.getSchema(root);
    }

    private static String escape(String pointerSegment) {
        return pointerSegment.replace("~", "~0").replace("/", "~1");
    }

    private static String lastSegment(String ref) {
        return ref.substring(ref.lastIndexOf('/') + 1);
    }

    private static Iterable<JsonNode> iterable(JsonNode node) {
        Iterator<JsonNode> elements = node.elements();
        return () -> elements;
    }
}
