package org.strategylab.chat.tools.research;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Blocking JSON GETs to public research services (tool calls run on their own threads, where
 * blocking is allowed). Every failure becomes a {@link ResearchUnavailable} saying why, so a tool
 * never answers from nothing.
 */
final class ResearchHttp {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient CLIENT = HttpClient.newBuilder()
            .followRedirects(HttpClient.Redirect.NORMAL).connectTimeout(Duration.ofSeconds(10)).build();

    private ResearchHttp() {
    }

    /** The base URL with the path and the query parameters (in order) appended. */
    static URI uri(String baseUrl, String path, Map<String, String> query) {
        String base = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
        String parameters = query.entrySet().stream()
                .map(e -> e.getKey() + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
        return URI.create(base + path + "?" + parameters);
    }

    /** The JSON answer of a GET; {@code service} names the service in failures. */
    static JsonNode getJson(String service, URI uri, Duration timeout) {
        HttpRequest request = HttpRequest.newBuilder(uri).timeout(timeout).header("Accept", "application/json")
                .header("User-Agent", "StrategyLab chat-service").GET().build();
        HttpResponse<String> response;
        try {
            response = CLIENT.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new ResearchUnavailable(service + " could not be reached (" + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ResearchUnavailable(service + " call was interrupted");
        }
        if (response.statusCode() / 100 != 2) {
            throw new ResearchUnavailable(service + " answered HTTP " + response.statusCode());
        }
        try {
            return JSON.readTree(response.body());
        } catch (IOException e) {
            throw new ResearchUnavailable(service + " answered something that is not JSON");
        }
    }
}
