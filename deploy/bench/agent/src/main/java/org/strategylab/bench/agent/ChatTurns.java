package org.strategylab.bench.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.strategylab.testsupport.TestTokens;
import org.strategylab.testsupport.bench.LiveEventsTail;

/**
 * Chat turns as a client sends them: {@code POST /api/v1/chat} to chat-service (as the lab bench
 * does, no gateway in front), the turn's end awaited on {@code chat.events} (the log the gateway
 * streams), then the conversation read back ({@code GET /api/v1/strategies/{id}}).
 */
final class ChatTurns {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final URI chatService;
    private final LiveEventsTail events;
    private final Duration turnLimit;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).build();

    ChatTurns(URI chatService, LiveEventsTail events, Duration turnLimit) {
        this.chatService = chatService;
        this.events = events;
        this.turnLimit = turnLimit;
    }

    /**
     * A turn that ended (or was given up on after the limit).
     *
     * @param strategyId the conversation
     * @param status     {@code message_end}'s status ({@code completed}, {@code failed}, …), or {@code timeout}
     * @param end        {@code message_end}'s payload (tokens, calls, cost); empty on a timeout
     * @param eventTypes the turn's events' types, in order
     * @param errors     the texts of its {@code error} events
     * @param seconds    from the POST to {@code message_end}
     * @param graph      the conversation's graph after the turn
     */
    record Turn(String strategyId, String status, JsonNode end, List<String> eventTypes, List<String> errors,
                double seconds, JsonNode graph) {

        /** Tool calls of the turn and of its sub-agents. */
        int toolCalls() {
            return (int) eventTypes.stream().filter(t -> t.equals("tool_call_start") || t.equals("subagent_tool_call_start")).count();
        }

        /** Model calls of the turn and of its sub-agents. */
        int modelCalls() {
            return end.path("llmCallCount").asInt() + end.path("subAgentCallCount").asInt();
        }

        /** Prompt and completion tokens of the turn and of its sub-agents. */
        long tokens() {
            return end.path("totalTokens").asLong() + end.path("subAgentPromptTokens").asLong()
                    + end.path("subAgentCompletionTokens").asLong();
        }

        double costUsd() {
            return end.path("estimatedCostUsd").asDouble();
        }
    }

    /** Sends {@code message} as the first turn of a new conversation of {@code userId} on {@code model}, at the model's default effort. */
    Turn send(String userId, String siteId, String message, String model) throws IOException, InterruptedException {
        return send(userId, siteId, message, model, null);
    }

    /**
     * Sends {@code message} as the first turn of a new conversation of {@code userId} on {@code model}.
     *
     * @param reasoningEffort {@code none}, {@code low}, {@code medium}, {@code high}, or null for the vendor's default
     */
    Turn send(String userId, String siteId, String message, String model, String reasoningEffort)
            throws IOException, InterruptedException {
        ObjectNode body = JSON.createObjectNode().put("siteId", siteId).put("message", message).put("model", model);
        if (reasoningEffort != null) {
            body.put("reasoningEffort", reasoningEffort);
        }
        long start = System.nanoTime();
        HttpResponse<String> accepted = http.send(HttpRequest.newBuilder(chatService.resolve("/api/v1/chat"))
                .timeout(Duration.ofMinutes(2)).header("Authorization", TestTokens.bearer(userId))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))).build(),
                HttpResponse.BodyHandlers.ofString());
        if (accepted.statusCode() != 202) {
            throw new IOException("POST /api/v1/chat answered " + accepted.statusCode() + ": " + accepted.body());
        }
        JsonNode answer = JSON.readTree(accepted.body());
        String strategyId = answer.path("strategyId").asText();
        LiveEventsTail.Progress progress = events.of(UUID.fromString(answer.path("operationId").asText()));
        String status;
        long end;
        try {
            end = progress.ended.get(turnLimit.toMillis(), TimeUnit.MILLISECONDS);
            status = progress.endStatus();
        } catch (TimeoutException e) {
            end = System.nanoTime();
            status = "timeout";
        } catch (ExecutionException e) {
            throw new IOException("following the turn failed", e.getCause());
        }
        JsonNode endData = progress.endData == null ? JSON.createObjectNode() : progress.endData;
        List<String> types = progress.arrivals.stream().map(LiveEventsTail.Arrival::type).toList();
        return new Turn(strategyId, status, endData, types, List.copyOf(progress.errors), (end - start) / 1e9,
                strategy(userId, strategyId).path("graph"));
    }

    /** The conversation as {@code GET /api/v1/strategies/{id}} answers it. */
    JsonNode strategy(String userId, String strategyId) throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(chatService.resolve("/api/v1/strategies/" + strategyId))
                .timeout(Duration.ofMinutes(1)).header("Authorization", TestTokens.bearer(userId)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IOException("GET /api/v1/strategies/" + strategyId + " answered " + response.statusCode());
        }
        return JSON.readTree(response.body());
    }

    /** The catalog's models ({@code GET /api/v1/models}). */
    JsonNode models() throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(chatService.resolve("/api/v1/models"))
                .timeout(Duration.ofMinutes(1)).GET().build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IOException("GET /api/v1/models answered " + response.statusCode());
        }
        return JSON.readTree(response.body());
    }
}
