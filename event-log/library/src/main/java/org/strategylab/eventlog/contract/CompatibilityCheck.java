package org.strategylab.eventlog.contract;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The contract's compatibility rule: compared with the previously released document, a change
 * that would break an existing consumer needs a new major {@code info.version}.
 *
 * <p>Breaking: a message removed, a field removed from a schema (a property a consumer may read),
 * a field whose {@code type} (or {@code const}/{@code enum}) changed, a field that became
 * required, a message's {@code x-terminal} flag changed. Not breaking: a new message, a new
 * optional field, a new value where the released schema set none. Schemas are compared along the
 * messages' payloads, following {@code $ref}s and {@code allOf}, {@code oneOf}, {@code anyOf},
 * {@code items} and {@code properties}.
 */
public final class CompatibilityCheck {

    /** The outcome: what breaks, and whether the versions allow it. */
    public record Result(String releasedVersion, String currentVersion, List<String> breakingChanges) {

        /** Whether the current document may replace the released one under the rule. */
        public boolean compatible() {
            return breakingChanges.isEmpty() || major(currentVersion) > major(releasedVersion);
        }

        /** Why the current document may not replace the released one, for a failing build. */
        public String explanation() {
            return "event contract " + currentVersion + " breaks consumers of " + releasedVersion
                    + " without a new major version: " + String.join("; ", breakingChanges);
        }
    }

    private final EventContract released;
    private final EventContract current;
    private final List<String> breaking = new ArrayList<>();

    private CompatibilityCheck(EventContract released, EventContract current) {
        this.released = released;
        this.current = current;
    }

    /** Compares the current document with the released one. */
    public static Result compare(EventContract released, EventContract current) {
        CompatibilityCheck check = new CompatibilityCheck(released, current);
        check.messages();
        if (major(current.version()) < major(released.version())) {
            check.breaking.add("the major version went down (" + released.version() + " → " + current.version() + ")");
        }
        return new Result(released.version(), current.version(), List.copyOf(check.breaking));
    }

    /** The major number of a semantic version ({@code 1.4.0} → 1); -1 when it is not one. */
    static int major(String version) {
        try {
            return Integer.parseInt(version.split("\\.", 2)[0].trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private void messages() {
        JsonNode before = released.document().path("components").path("messages");
        JsonNode after = current.document().path("components").path("messages");
        for (Iterator<Map.Entry<String, JsonNode>> it = before.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> message = it.next();
            JsonNode now = after.get(message.getKey());
            if (now == null) {
                breaking.add("message " + message.getKey() + " removed");
                continue;
            }
            if (message.getValue().path("x-terminal").asBoolean(false) != now.path("x-terminal").asBoolean(false)) {
                breaking.add("message " + message.getKey() + ": x-terminal changed");
            }
            schema(message.getKey(), message.getValue().path("payload"), now.path("payload"), new HashSet<>());
        }
        for (String channel : channelTopics(released)) {
            Set<String> lost = new TreeSet<>(released.eventTypes(channel));
            lost.removeAll(current.eventTypes(channel));
            lost.forEach(type -> breaking.add("channel " + channel + " no longer carries " + type));
        }
    }

    private static Set<String> channelTopics(EventContract contract) {
        Set<String> topics = new TreeSet<>();
        contract.document().path("channels").forEach(channel -> topics.add(channel.path("address").asText()));
        return topics;
    }

    /** Compares two schemas found at the same place; {@code seen} stops at recursive $refs. */
    private void schema(String where, JsonNode before, JsonNode after, Set<String> seen) {
        Set<String> path = new HashSet<>(seen);
        before = resolve(released, before, seen);
        after = resolve(current, after, path);
        if (before == null || after == null) {
            return;
        }
        if (!same(before.get("type"), after.get("type"))) {
            breaking.add(where + ": type " + text(before.get("type")) + " → " + text(after.get("type")));
        }
        if (!same(before.get("const"), after.get("const"))) {
            breaking.add(where + ": const " + text(before.get("const")) + " → " + text(after.get("const")));
        }
        if (before.has("enum") && !same(before.get("enum"), after.get("enum"))) {
            breaking.add(where + ": enum " + text(before.get("enum")) + " → " + text(after.get("enum")));
        }
        Set<String> requiredBefore = strings(allRequired(released, before, seen));
        for (String field : strings(allRequired(current, after, seen))) {
            if (!requiredBefore.contains(field)) {
                breaking.add(where + ": field " + field + " became required");
            }
        }
        JsonNode propertiesBefore = allProperties(released, before, seen);
        JsonNode propertiesAfter = allProperties(current, after, seen);
        for (Iterator<Map.Entry<String, JsonNode>> it = propertiesBefore.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            JsonNode now = propertiesAfter.get(field.getKey());
            if (now == null) {
                breaking.add(where + ": field " + field.getKey() + " removed");
            } else {
                schema(where + "." + field.getKey(), field.getValue(), now, seen);
            }
        }
        if (before.has("items") && after.has("items")) {
            schema(where + "[]", before.get("items"), after.get("items"), seen);
        }
        for (String keyword : List.of("oneOf", "anyOf")) {
            JsonNode branchesBefore = before.path(keyword);
            JsonNode branchesAfter = after.path(keyword);
            for (int i = 0; i < branchesBefore.size() && i < branchesAfter.size(); i++) {
                schema(where + "|" + i, branchesBefore.get(i), branchesAfter.get(i), seen);
            }
        }
    }

    /** Follows a local $ref; null when it loops back to a schema already on the path. */
    private static JsonNode resolve(EventContract contract, JsonNode schema, Set<String> seen) {
        while (schema != null && schema.has("$ref")) {
            String ref = schema.get("$ref").asText();
            if (!seen.add(ref)) {
                return null;
            }
            schema = contract.document().at(ref.startsWith("#") ? ref.substring(1) : ref);
            if (schema.isMissingNode()) {
                return null;
            }
        }
        return schema;
    }

    /** The properties of a schema and of its allOf parts, merged (a later part's definition wins). */
    private static JsonNode allProperties(EventContract contract, JsonNode schema, Set<String> seen) {
        com.fasterxml.jackson.databind.node.ObjectNode merged = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
        for (JsonNode part : parts(contract, schema, seen)) {
            if (part.path("properties").isObject()) {
                part.get("properties").fields().forEachRemaining(field -> merged.set(field.getKey(), field.getValue()));
            }
        }
        return merged;
    }

    private static List<JsonNode> allRequired(EventContract contract, JsonNode schema, Set<String> seen) {
        List<JsonNode> required = new ArrayList<>();
        for (JsonNode part : parts(contract, schema, seen)) {
            part.path("required").forEach(required::add);
        }
        return required;
    }

    private static List<JsonNode> parts(EventContract contract, JsonNode schema, Set<String> seen) {
        List<JsonNode> parts = new ArrayList<>();
        parts.add(schema);
        for (JsonNode part : schema.path("allOf")) {
            JsonNode resolved = resolve(contract, part, new HashSet<>(seen));
            if (resolved != null) {
                parts.addAll(parts(contract, resolved, seen));
            }
        }
        return parts;
    }

    private static Set<String> strings(List<JsonNode> nodes) {
        Set<String> values = new TreeSet<>();
        nodes.forEach(node -> values.add(node.asText()));
        return values;
    }

    private static boolean same(JsonNode a, JsonNode b) {
        return a == null ? b == null : a.equals(b);
    }

    private static String text(JsonNode node) {
        return node == null ? "(none)" : node.toString();
    }
}
