package org.strategylab.gateway.openapi;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The components the gateway adds to the merged document: the RFC 9457 {@code Problem} every
 * StrategyLab error body is (service-edge's {@code Problem} record), and the error responses an
 * operation gets where its source documents none.
 */
final class SharedComponents {

    /** Their names ({@code section/name}); a source's own component of the same name is prefixed. */
    static final Set<String> NAMES = Set.of("schemas/Problem", "schemas/FieldError", "responses/BadRequest",
            "responses/Unauthorized", "responses/NotFound", "responses/InternalError",
            "responses/ServiceUnavailable", "responses/ServiceTimeout");

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private SharedComponents() {
    }

    static ObjectNode problemSchema() {
        ObjectNode schema = JSON.objectNode();
        schema.put("type", "object");
        schema.put("description", "An RFC 9457 problem details body (application/problem+json): every error"
                + " the gateway and the services answer");
        schema.putArray("required").add("type").add("title").add("status");
        ObjectNode properties = schema.putObject("properties");
        properties.putObject("type").put("type", "string").put("format", "uri-reference")
                .put("description", "names the kind of problem, e.g. /errors/VALIDATION_ERROR");
        properties.putObject("title").put("type", "string").put("description", "short summary of the kind of problem");
        properties.putObject("status").put("type", "integer").put("description", "the HTTP status code");
        properties.putObject("detail").put("type", "string").put("description", "what went wrong this time");
        properties.putObject("instance").put("type", "string").put("description", "the request path");
        properties.putObject("code").put("type", "string")
                .put("description", "stable machine-readable code, e.g. VALIDATION_ERROR, NOT_FOUND");
        properties.putObject("requestId").put("type", "string")
                .put("description", "the request id, also in the X-Request-ID header");
        properties.putObject("errors").put("type", "array").put("description", "the offending inputs")
                .putObject("items").put("$ref", "#/components/schemas/FieldError");
        return schema;
    }

    static ObjectNode fieldErrorSchema() {
        ObjectNode schema = JSON.objectNode();
        schema.put("type", "object");
        schema.putArray("required").add("pointer").add("message");
        ObjectNode properties = schema.putObject("properties");
        properties.putObject("pointer").put("type", "string")
                .put("description", "the input: a JSON pointer into the body (/name), or a parameter's name");
        properties.putObject("message").put("type", "string").put("description", "what is wrong with it");
        return schema;
    }

    static Map<String, ObjectNode> responses() {
        Map<String, ObjectNode> responses = new LinkedHashMap<>();
        responses.put("BadRequest", response("Bad input: the problem names the field (errors[].pointer)"));
        responses.put("Unauthorized", response("No valid caller token (code UNAUTHORIZED)"));
        responses.put("NotFound", response("No such resource, or someone else's"));
        responses.put("InternalError", response("An unexpected failure"));
        responses.put("ServiceUnavailable", response("The service behind the gateway cannot be reached"
                + " (code SERVICE_UNAVAILABLE)"));
        responses.put("ServiceTimeout", response("The service behind the gateway stayed silent too long"
                + " (code SERVICE_TIMEOUT)"));
        return responses;
    }

    static String reasonPhrase(String status) {
        return switch (status) {
            case "400" -> "Bad Request";
            case "401" -> "Unauthorized";
            case "403" -> "Forbidden";
            case "404" -> "Not Found";
            case "409" -> "Conflict";
            case "413" -> "Content Too Large";
            case "422" -> "Unprocessable Content";
            case "429" -> "Too Many Requests";
            case "502" -> "Bad Gateway";
            case "503" -> "Service Unavailable";
            case "504" -> "Gateway Timeout";
            default -> "Error " + status;
        };
    }

    private static ObjectNode response(String description) {
        ObjectNode response = JSON.objectNode();
        response.put("description", description);
        response.set("content", PublicApiMerge.problemContent());
        return response;
    }
}
