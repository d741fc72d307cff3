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
import java.util.LinkedHashSet;
import java.util.Set;
import org.strategylab.testsupport.TestTokens;

/**
 * The genes a step tree selects on a site, asked of the site through upstream-gateway's internal
 * API as a bench user: the tree is built as an unsaved strategy ({@code POST …/strategies}), its
 * root step's genes read ({@code GET …/steps/{id}/ordered-ids}), and the strategy deleted. The gold
 * strategies and the agent's answers go the same way, so both are the site's own results.
 */
final class SiteResults {

    /** More genes than any simulated organism pair has. */
    private static final int MAX_IDS = 50_000;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final URI upstreamGateway;
    private final String userId;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).build();

    SiteResults(URI upstreamGateway, String userId) {
        this.upstreamGateway = upstreamGateway;
        this.userId = userId;
    }

    /**
     * The tree's genes on the site.
     *
     * @throws SiteRefusal when the site (or upstream-gateway) refuses the tree, with its answer
     */
    Set<String> genes(String siteId, JsonNode tree) throws IOException, InterruptedException {
        ObjectNode body = JSON.createObjectNode().put("name", "agent bench result").put("isSaved", false);
        body.set("tree", tree);
        JsonNode strategy = call("POST", siteId, "/strategies", body, 201);
        long strategyId = strategy.path("strategyId").asLong();
        try {
            long root = strategy.path("stepTree").path("stepId").asLong();
            JsonNode ids = call("GET", siteId, "/steps/" + root + "/ordered-ids?max=" + MAX_IDS, null, 200);
            if (ids.path("truncated").asBoolean(false)) {
                throw new SiteRefusal("the result has more than " + MAX_IDS + " genes");
            }
            Set<String> genes = new LinkedHashSet<>();
            ids.path("ids").forEach(id -> genes.add(id.asText()));
            return genes;
        } finally {
            call("DELETE", siteId, "/strategies/" + strategyId, null, 204);
        }
    }

    private JsonNode call(String method, String siteId, String path, JsonNode body, int expected)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(upstreamGateway.resolve("/internal/v1/sites/" + siteId + path))
                .timeout(Duration.ofMinutes(3)).header("Authorization", TestTokens.bearer(userId));
        if (body != null) {
            request.header("Content-Type", "application/json")
                    .method(method, HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)));
        } else {
            request.method(method, HttpRequest.BodyPublishers.noBody());
        }
        HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != expected && !(expected == 204 && response.statusCode() == 200)) {
            throw new SiteRefusal(method + " " + path + " answered " + response.statusCode() + ": " + response.body());
        }
        return response.body() == null || response.body().isBlank() ? JSON.createObjectNode() : JSON.readTree(response.body());
    }

    /** The site or upstream-gateway refused a tree (a bad parameter, an unknown search). */
    static final class SiteRefusal extends IOException {
        SiteRefusal(String message) {
            super(message);
        }
    }
}
