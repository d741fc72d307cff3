package org.strategylab.browser.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/**
 * The product's API as a signed-in person's client calls it through the gateway, beside the browser:
 * the answer each page test checks what the page shows against. A status of 300 or more fails the
 * calling test with the status and the body.
 */
public final class ApiCalls {

    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final ObjectMapper JSON = new ObjectMapper();

    private final URI base;

    ApiCalls(URI base) {
        this.base = base;
    }

    /** {@code GET path} with the bearer token. */
    public JsonNode get(String path, String token) throws Exception {
        return send(HttpRequest.newBuilder(base.resolve(path)).header("Authorization", "Bearer " + token).GET());
    }

    /** {@code POST path} with the bearer token and {@code body} as JSON. */
    public JsonNode post(String path, String token, Object body) throws Exception {
        return send(HttpRequest.newBuilder(base.resolve(path)).header("Authorization", "Bearer " + token)
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))));
    }

    /** Sends a request built by the test and reads its JSON answer. */
    public JsonNode send(HttpRequest.Builder request) throws Exception {
        HttpResponse<String> response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() >= 300) {
            throw new AssertionError(response.statusCode() + " " + response.body());
        }
        return JSON.readTree(response.body());
    }
}
