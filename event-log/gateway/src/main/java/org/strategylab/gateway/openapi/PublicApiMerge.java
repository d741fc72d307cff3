package org.strategylab.gateway.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BiPredicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Merges the OpenAPI documents of the gateway and the services behind it into one document of the
 * public {@code /api/v1} API, as a caller of the gateway sees it. Pure: everything it needs is
 * passed in, so the same inputs always give the same document (the order of the sources does not
 * matter).
 *
 * <ul>
 *   <li>Only paths under {@code /api/v1/} that the gateway routes to the document's owner are kept
 *       (a service's {@code /internal/v1/**} and {@code /q/**} never are).</li>
 *   <li>Components are kept when a kept path reaches them. A name two sources define differently is
 *       prefixed with each source's name ({@code ChatService_Page}); an identical one is kept once.</li>
 *   <li>Security is the gateway's: a global {@code bearerAuth} (HTTP bearer, JWT); anonymous
 *       operations say {@code security: []}, those where a token is optional {@code [{}, bearerAuth]}.</li>
 *   <li>Every 4xx/5xx response is {@code application/problem+json} with the {@code Problem} schema,
 *       and the common ones an operation can answer are added where its source names none.</li>
 *   <li>An operation without an {@code operationId} gets one from its method and path.</li>
 * </ul>
 */
public final class PublicApiMerge {

    /** The prefix of the public API. */
    public static final String API_PREFIX = "/api/v1/";

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "options", "head", "patch",
            "trace");
    private static final Pattern REF = Pattern.compile("#/components/([A-Za-z]+)/(.+)");
    private static final String PROBLEM_TYPE = "application/problem+json";
    private static final String PROBLEM_REF = "#/components/schemas/Problem";

    /**
     * One source document.
     *
     * @param name     the service (route) name, or {@code gateway}
     * @param document its OpenAPI document
     */
    public record Source(String name, JsonNode document) {
    }

    /**
     * A source whose document could not be had; it is left out and named in {@code x-unavailable}.
     *
     * @param name   the service
     * @param reason why, for the reader of the document
     */
    public record Unavailable(String name, String reason) {
    }

    /**
     * What the merge needs to know about the gateway.
     *
     * @param owns          whether the gateway sends a path of the public API to the named source
     * @param anonymous     whether an operation's path needs no token at all
     * @param tokenOptional whether an operation's path works with and without a token
     * @param proxied       whether a source's operations pass through the proxy (and so can get a 502/504)
     */
    public record Rules(BiPredicate<String, String> owns, java.util.function.Predicate<String> anonymous,
                        java.util.function.Predicate<String> tokenOptional,
                        java.util.function.Predicate<String> proxied) {
    }

    private PublicApiMerge() {
    }

    /**
     * The merged document.
     *
     * @param info        the document's {@code info} object
     * @param sources     the documents to merge
     * @param unavailable the sources left out, with why
     * @param rules       which paths each source owns and how they are secured
     */
    public static ObjectNode merge(ObjectNode info, List<Source> sources, List<Unavailable> unavailable, Rules rules) {
        List<Source> ordered = new ArrayList<>(sources);
        ordered.sort((a, b) -> a.name().compareTo(b.name()));

        Map<String, ObjectNode> keptPaths = new LinkedHashMap<>();
        Map<String, ObjectNode> components = new LinkedHashMap<>();
        for (Source source : ordered) {
            keptPaths.put(source.name(), publicPaths(source, rules));
            components.put(source.name(), reachableComponents(source.document(), keptPaths.get(source.name())));
        }
        Map<String, Map<String, String>> renames = resolveClashes(components);

        ObjectNode paths = JSON.objectNode();
        ObjectNode mergedComponents = JSON.objectNode();
        Set<String> tagNames = new LinkedHashSet<>();
        ArrayNode tags = JSON.arrayNode();
        for (Source source : ordered) {
            Map<String, String> rename = renames.get(source.name());
            ObjectNode sourcePaths = (ObjectNode) rewriteRefs(keptPaths.get(source.name()), rename);
            sourcePaths.properties().forEach(entry -> paths.set(entry.getKey(), entry.getValue()));
            components.get(source.name()).properties().forEach(section -> {
                ObjectNode target = mergedComponents.has(section.getKey())
                        ? (ObjectNode) mergedComponents.get(section.getKey())
                        : mergedComponents.putObject(section.getKey());
                section.getValue().properties().forEach(component -> target.set(
                        rename.getOrDefault(section.getKey() + "/" + component.getKey(), component.getKey()),
                        rewriteRefs(component.getValue(), rename)));
            });
            Set<String> used = new HashSet<>();
            sourcePaths.forEach(item -> item.forEach(operation -> operation.path("tags")
                    .forEach(tag -> used.add(tag.asText()))));
            for (JsonNode tag : source.document().path("tags")) {
                // a tag only internal paths use (e.g. "Internal (services)") goes with them
                if (used.contains(tag.path("name").asText()) && tagNames.add(tag.path("name").asText())) {
                    tags.add(tag);
                }
            }
            for (Map.Entry<String, JsonNode> path : sourcePaths.properties()) {
                for (Map.Entry<String, JsonNode> operation : path.getValue().properties()) {
                    if (METHODS.contains(operation.getKey())) {
                        shapeOperation(path.getKey(), (ObjectNode) operation.getValue(), source.name(), rules);
                    }
                }
            }
        }
        assignOperationIds(paths);
        addSharedComponents(mergedComponents);

        ObjectNode document = JSON.objectNode();
        document.put("openapi", "3.1.0");
        document.set("info", info);
        document.putArray("servers").addObject().put("url", "/").put("description", "the gateway that serves this document");
        document.putArray("security").addObject().putArray("bearerAuth");
        if (!tags.isEmpty()) {
            document.set("tags", sortedTags(tags));
        }
        document.set("paths", sorted(paths));
        document.set("components", sortedComponents(mergedComponents));
        ArrayNode included = document.putArray("x-sources");
        ordered.forEach(source -> included.add(source.name()));
        if (!unavailable.isEmpty()) {
            ArrayNode missing = document.putArray("x-unavailable");
            unavailable.stream().sorted((a, b) -> a.name().compareTo(b.name()))
                    .forEach(u -> missing.addObject().put("service", u.name()).put("reason", u.reason()));
        }
        return document;
    }

    private static ObjectNode publicPaths(Source source, Rules rules) {
        ObjectNode kept = JSON.objectNode();
        source.document().path("paths").properties().forEach(path -> {
            if (path.getKey().startsWith(API_PREFIX) && rules.owns().test(source.name(), path.getKey())) {
                ObjectNode item = path.getValue().deepCopy();
                // the services' own servers are not the caller's: everything is reached through the gateway
                item.remove("servers");
                kept.set(path.getKey(), item);
            }
        });
        return kept;
    }

    /** The components of {@code document} that {@code paths} reach, directly or through other components. */
    private static ObjectNode reachableComponents(JsonNode document, JsonNode paths) {
        JsonNode all = document.path("components");
        Set<String> reached = new LinkedHashSet<>();
        List<JsonNode> toVisit = new ArrayList<>(List.of(paths));
        while (!toVisit.isEmpty()) {
            JsonNode node = toVisit.remove(toVisit.size() - 1);
            for (String ref : refsIn(node)) {
                Matcher matcher = REF.matcher(ref);
                if (matcher.matches() && reached.add(matcher.group(1) + "/" + matcher.group(2))) {
                    JsonNode target = all.path(matcher.group(1)).path(matcher.group(2));
                    if (!target.isMissingNode()) {
                        toVisit.add(target);
                    }
                }
            }
        }
        ObjectNode kept = JSON.objectNode();
        all.properties().forEach(section -> {
            if (section.getKey().equals("securitySchemes")) {
                return; // the gateway's scheme replaces the services' own
            }
            section.getValue().properties().forEach(component -> {
                if (reached.contains(section.getKey() + "/" + component.getKey())) {
                    ObjectNode target = kept.has(section.getKey()) ? (ObjectNode) kept.get(section.getKey())
                            : kept.putObject(section.getKey());
                    target.set(component.getKey(), component.getValue().deepCopy());
                }
            });
        });
        return kept;
    }

    /**
     * Per source, the components to rename ({@code section/name} to the new name): a name that two
     * sources define differently, after the renames found so far, is prefixed in every source that
     * defines it. Repeated until nothing changes, since a rename can make two definitions differ.
     * Names the gateway adds itself ({@code Problem}, the shared responses) are never taken.
     */
    private static Map<String, Map<String, String>> resolveClashes(Map<String, ObjectNode> components) {
        Map<String, Map<String, String>> renames = new HashMap<>();
        components.keySet().forEach(source -> renames.put(source, new HashMap<>()));
        boolean changed = true;
        while (changed) {
            changed = false;
            Map<String, Map<JsonNode, List<String>>> definitions = new TreeMap<>();
            components.forEach((source, sections) -> sections.properties().forEach(section ->
                    section.getValue().properties().forEach(component -> {
                        String key = section.getKey() + "/" + component.getKey();
                        String name = renames.get(source).getOrDefault(key, component.getKey());
                        definitions.computeIfAbsent(section.getKey() + "/" + name, k -> new HashMap<>())
                                .computeIfAbsent(rewriteRefs(component.getValue(), renames.get(source)),
                                        k -> new ArrayList<>()).add(source);
                    })));
            for (Map.Entry<String, Map<JsonNode, List<String>>> definition : definitions.entrySet()) {
                boolean reserved = SharedComponents.NAMES.contains(definition.getKey());
                if (definition.getValue().size() < 2 && !reserved) {
                    continue;
                }
                for (List<String> owners : definition.getValue().values()) {
                    for (String source : owners) {
                        Map<String, String> rename = renames.get(source);
                        String section = definition.getKey().substring(0, definition.getKey().indexOf('/'));
                        String original = originalName(rename, definition.getKey());
                        String prefixed = prefix(source) + "_" + original;
                        if (!prefixed.equals(rename.get(section + "/" + original))) {
                            rename.put(section + "/" + original, prefixed);
                            changed = true;
                        }
                    }
                }
            }
        }
        return renames;
    }

    private static String originalName(Map<String, String> rename, String sectionAndName) {
        String section = sectionAndName.substring(0, sectionAndName.indexOf('/'));
        String name = sectionAndName.substring(section.length() + 1);
        for (Map.Entry<String, String> entry : rename.entrySet()) {
            if (entry.getValue().equals(name) && entry.getKey().startsWith(section + "/")) {
                return entry.getKey().substring(section.length() + 1);
            }
        }
        return name;
    }

    /** {@code chat-service} becomes {@code ChatService}. */
    static String prefix(String source) {
        StringBuilder prefix = new StringBuilder();
        for (String part : source.split("[^A-Za-z0-9]+")) {
            if (!part.isEmpty()) {
                prefix.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1));
            }
        }
        return prefix.toString();
    }

    private static JsonNode rewriteRefs(JsonNode node, Map<String, String> rename) {
        JsonNode copy = node.deepCopy();
        if (!rename.isEmpty()) {
            rewriteInPlace(copy, rename);
        }
        return copy;
    }

    private static void rewriteInPlace(JsonNode node, Map<String, String> rename) {
        if (node instanceof ObjectNode object) {
            JsonNode ref = object.get("$ref");
            if (ref != null && ref.isTextual()) {
                Matcher matcher = REF.matcher(ref.asText());
                if (matcher.matches()) {
                    String renamed = rename.get(matcher.group(1) + "/" + matcher.group(2));
                    if (renamed != null) {
                        object.put("$ref", "#/components/" + matcher.group(1) + "/" + renamed);
                    }
                }
            }
            object.properties().forEach(entry -> rewriteInPlace(entry.getValue(), rename));
        } else if (node instanceof ArrayNode array) {
            array.forEach(element -> rewriteInPlace(element, rename));
        }
    }

    private static List<String> refsIn(JsonNode node) {
        List<String> refs = new ArrayList<>();
        List<JsonNode> stack = new ArrayList<>(List.of(node));
        while (!stack.isEmpty()) {
            JsonNode next = stack.remove(stack.size() - 1);
            if (next.isObject()) {
                JsonNode ref = next.get("$ref");
                if (ref != null && ref.isTextual()) {
                    refs.add(ref.asText());
                }
            }
            if (next.isContainerNode()) {
                next.forEach(stack::add);
            }
        }
        return refs;
    }

    private static void shapeOperation(String path, ObjectNode operation, String source, Rules rules) {
        operation.remove("security");
        boolean anonymous = rules.anonymous().test(path);
        if (anonymous) {
            operation.putArray("security");
        } else if (rules.tokenOptional().test(path)) {
            ArrayNode security = operation.putArray("security");
            security.addObject();
            security.addObject().putArray("bearerAuth");
        }
        ObjectNode responses = operation.has("responses") ? (ObjectNode) operation.get("responses")
                : operation.putObject("responses");
        // the errors the service documents: their bodies are problems, whatever the source said
        responses.properties().forEach(response -> {
            if (isError(response.getKey()) && response.getValue() instanceof ObjectNode body && !body.has("$ref")) {
                body.set("content", problemContent());
                if (!body.hasNonNull("description") || body.path("description").asText().isBlank()) {
                    body.put("description", SharedComponents.reasonPhrase(response.getKey()));
                }
            }
        });
        boolean hasInput = operation.has("requestBody") || operation.path("parameters").size() > 0;
        if (hasInput) {
            addIfMissing(responses, "400", "BadRequest");
        }
        if (!anonymous) {
            addIfMissing(responses, "401", "Unauthorized");
        }
        if (path.contains("{")) {
            addIfMissing(responses, "404", "NotFound");
        }
        addIfMissing(responses, "500", "InternalError");
        if (rules.proxied().test(source)) {
            addIfMissing(responses, "502", "ServiceUnavailable");
            addIfMissing(responses, "504", "ServiceTimeout");
        }
        ObjectNode ordered = sorted(responses);
        operation.set("responses", ordered);
    }

    private static boolean isError(String status) {
        return status.length() == 3 && (status.charAt(0) == '4' || status.charAt(0) == '5');
    }

    private static void addIfMissing(ObjectNode responses, String status, String component) {
        if (!responses.has(status)) {
            responses.putObject(status).put("$ref", "#/components/responses/" + component);
        }
    }

    static ObjectNode problemContent() {
        ObjectNode content = JSON.objectNode();
        content.putObject(PROBLEM_TYPE).putObject("schema").put("$ref", PROBLEM_REF);
        return content;
    }

    /**
     * Keeps the sources' operation ids when they are unique, and gives every other operation one
     * made of its method and path ({@code GET /api/v1/control-sets/{id}} is
     * {@code getControlSetsById}); a clash of derived ids gets a number, in path order.
     */
    private static void assignOperationIds(ObjectNode paths) {
        Map<String, Integer> given = new HashMap<>();
        forEachOperation(paths, (path, method, operation) -> {
            String id = operation.path("operationId").asText("");
            if (!id.isEmpty()) {
                given.merge(id, 1, Integer::sum);
            }
        });
        Set<String> used = new HashSet<>();
        given.forEach((id, count) -> {
            if (count == 1) {
                used.add(id);
            }
        });
        forEachOperation(paths, (path, method, operation) -> {
            String id = operation.path("operationId").asText("");
            if (!id.isEmpty() && given.get(id) == 1) {
                return;
            }
            String derived = derivedOperationId(method, path);
            String unique = derived;
            for (int n = 2; !used.add(unique); n++) {
                unique = derived + n;
            }
            operation.put("operationId", unique);
        });
    }

    static String derivedOperationId(String method, String path) {
        StringBuilder id = new StringBuilder(method.toLowerCase(Locale.ROOT));
        for (String segment : path.substring(API_PREFIX.length()).split("/")) {
            if (segment.isEmpty()) {
                continue;
            }
            boolean parameter = segment.startsWith("{") && segment.endsWith("}");
            if (parameter) {
                id.append("By");
                segment = segment.substring(1, segment.length() - 1);
            }
            id.append(prefix(segment));
        }
        return id.toString();
    }

    private interface OperationVisitor {
        void visit(String path, String method, ObjectNode operation);
    }

    private static void forEachOperation(ObjectNode paths, OperationVisitor visitor) {
        for (String path : new java.util.TreeSet<>(iterable(paths.fieldNames()))) {
            JsonNode item = paths.get(path);
            for (String method : new java.util.TreeSet<>(iterable(item.fieldNames()))) {
                if (METHODS.contains(method) && item.get(method) instanceof ObjectNode operation) {
                    visitor.visit(path, method, operation);
                }
            }
        }
    }

    private static Set<String> iterable(Iterator<String> names) {
        Set<String> set = new LinkedHashSet<>();
        names.forEachRemaining(set::add);
        return set;
    }

    private static void addSharedComponents(ObjectNode components) {
        ObjectNode schemas = components.has("schemas") ? (ObjectNode) components.get("schemas")
                : components.putObject("schemas");
        schemas.set("Problem", SharedComponents.problemSchema());
        schemas.set("FieldError", SharedComponents.fieldErrorSchema());
        ObjectNode responses = components.has("responses") ? (ObjectNode) components.get("responses")
                : components.putObject("responses");
        SharedComponents.responses().forEach(responses::set);
        components.putObject("securitySchemes").putObject("bearerAuth")
                .put("type", "http").put("scheme", "bearer").put("bearerFormat", "JWT")
                .put("description", "A caller token (RS256 JWT): from POST /api/v1/auth/local/sign-in in local mode,"
                        + " from the OpenID Connect provider in external mode");
    }

    private static ObjectNode sorted(ObjectNode object) {
        ObjectNode sorted = JSON.objectNode();
        new TreeMap<>(asMap(object)).forEach(sorted::set);
        return sorted;
    }

    private static ObjectNode sortedComponents(ObjectNode components) {
        ObjectNode sorted = JSON.objectNode();
        new TreeMap<>(asMap(components)).forEach((section, value) -> sorted.set(section, sorted((ObjectNode) value)));
        return sorted;
    }

    private static ArrayNode sortedTags(ArrayNode tags) {
        List<JsonNode> list = new ArrayList<>();
        tags.forEach(list::add);
        list.sort((a, b) -> a.path("name").asText().compareTo(b.path("name").asText()));
        ArrayNode sorted = JSON.arrayNode();
        list.forEach(sorted::add);
        return sorted;
    }

    private static Map<String, JsonNode> asMap(ObjectNode object) {
        Map<String, JsonNode> map = new LinkedHashMap<>();
        object.properties().forEach(entry -> map.put(entry.getKey(), entry.getValue()));
        return map;
    }
}
