package org.strategylab.bench.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A chat turn's HTTP exchanges with a model vendor, in the order they were made: each request's
 * method, path (below the vendor's base URL; never its query or headers, so no key is kept) and JSON
 * body, and the response's status, content type and body in the vendor's own wire format. Recorded
 * by {@link VendorRecorder}, served again by {@link VendorReplay}.
 *
 * <p>On disk it is JSON: {@code {provider, model, siteId, message, reasoningEffort?, exchanges[{request{method, path,
 * body}, response{status, contentType, body | sse}}]}}. A response written by hand may give its
 * server-sent events as {@code sse}, a list rendered one event each: a string or an object as
 * {@code data: <it>}, and an object of exactly {@code event} and {@code data} as
 * {@code event: <event>} then {@code data: <data>}. A request's {@code body} may be left out
 * (replay then serves that response in its turn).
 *
 * @param provider  the vendor ({@code openai}, {@code anthropic}, {@code gemini}, {@code ollama})
 * @param model     the catalog id of the model the turn ran on
 * @param siteId    the turn's site
 * @param message   the user's message
 * @param reasoningEffort the turn's {@code reasoningEffort}, or null (the vendor's default)
 * @param exchanges the exchanges, in order
 */
public record VendorTranscript(String provider, String model, String siteId, String message, String reasoningEffort,
                               List<Exchange> exchanges) {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /**
     * One request and its response.
     *
     * @param method       the HTTP method
     * @param path         the path below the vendor's base URL
     * @param requestBody  the request's JSON body, or null
     * @param status       the response's status
     * @param contentType  the response's content type
     * @param responseBody the response's body as sent
     */
    public record Exchange(String method, String path, JsonNode requestBody, int status, String contentType,
                           String responseBody) {
    }

    /** Reads a transcript file. */
    public static VendorTranscript read(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return read(in);
        }
    }

    /** Reads a transcript from a stream (a class-path resource, say). */
    public static VendorTranscript read(InputStream in) throws IOException {
        JsonNode root = JSON.readTree(in);
        List<Exchange> exchanges = new ArrayList<>();
        for (JsonNode exchange : root.path("exchanges")) {
            JsonNode request = exchange.path("request");
            JsonNode response = exchange.path("response");
            String body = response.has("sse") ? sse(response.get("sse")) : response.path("body").asText("");
            exchanges.add(new Exchange(request.path("method").asText("POST"), request.path("path").asText("/"),
                    request.hasNonNull("body") ? request.get("body") : null, response.path("status").asInt(200),
                    response.path("contentType").asText("text/event-stream"), body));
        }
        return new VendorTranscript(root.path("provider").asText(), root.path("model").asText(),
                root.path("siteId").asText(), root.path("message").asText(),
                root.hasNonNull("reasoningEffort") ? root.get("reasoningEffort").asText() : null, List.copyOf(exchanges));
    }

    private static String sse(JsonNode events) throws IOException {
        StringBuilder body = new StringBuilder();
        for (JsonNode event : events) {
            if (event.isObject() && event.size() == 2 && event.has("event") && event.has("data")) {
                body.append("event: ").append(event.get("event").asText()).append('\n');
                event = event.get("data");
            }
            body.append("data: ").append(event.isTextual() ? event.asText() : JSON.copy()
                    .disable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(event)).append("\n\n");
        }
        return body.toString();
    }

    /** Writes the transcript (responses as recorded, in {@code body}). */
    public void write(Path file) throws IOException {
        ObjectNode root = JSON.createObjectNode().put("provider", provider).put("model", model).put("siteId", siteId)
                .put("message", message);
        if (reasoningEffort != null) {
            root.put("reasoningEffort", reasoningEffort);
        }
        ArrayNode list = root.putArray("exchanges");
        for (Exchange exchange : exchanges) {
            ObjectNode item = list.addObject();
            ObjectNode request = item.putObject("request").put("method", exchange.method()).put("path", exchange.path());
            if (exchange.requestBody() != null) {
                request.set("body", exchange.requestBody());
            }
            item.putObject("response").put("status", exchange.status()).put("contentType", exchange.contentType())
                    .put("body", exchange.responseBody());
        }
        Files.createDirectories(file.toAbsolutePath().getParent());
        JSON.writeValue(file.toFile(), root);
    }
}
