package org.strategylab.browser.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.strategylab.browser.support.BrowserStack;
import org.strategylab.testsupport.node.NodeProject;

/**
 * The gateway's one OpenAPI document of the public API ({@code GET /api/v1/openapi}), merged from
 * the real services of the product stack: linted with Redocly's recommended rules (0 errors), and
 * used as it is meant to be, by a client generated from it (openapi-client-axios) that signs in,
 * lists the sites, creates a control set, reads it back and gets a problem+json 4xx for bad input.
 * The reference page at {@code /api/} is served with its Swagger UI from the gateway. No browser
 * needed; Node.js is (skipped without it, failed where {@code -Dnode.required=true}).
 */
class PublicApiIT {

    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private static final ObjectMapper JSON = new ObjectMapper();

    private static BrowserStack stack;
    private static NodeProject node;
    private static Path document;
    private static JsonNode merged;

    @BeforeAll
    static void up() throws Exception {
        node = NodeProject.install(Path.of("src/test/node/public-api"), Path.of("target/node/public-api").toAbsolutePath());
        stack = BrowserStack.sharedStack();
        HttpResponse<String> response = get("/api/v1/openapi");
        assertEquals(200, response.statusCode(), response.body());
        merged = JSON.readTree(response.body());
        document = node.directory().resolve("openapi.json").toAbsolutePath();
        Files.writeString(document, response.body());
    }

    @Test
    void theDocumentHoldsEveryServicesPublicPathsAndNoInternalOnes() {
        assertTrue(merged.path("x-unavailable").isMissingNode(), "every service answered: " + merged.path("x-unavailable"));
        List<String> paths = new ArrayList<>();
        merged.path("paths").fieldNames().forEachRemaining(paths::add);
        System.out.printf("merged document: openapi %s, %d paths, %d operations%n", merged.path("openapi").asText(),
                paths.size(), operations());
        assertTrue(paths.stream().allMatch(path -> path.startsWith("/api/v1/")), paths.toString());
        for (String expected : List.of("/api/v1/auth/local/sign-in", "/api/v1/operations/{operationId}/subscribe",
                "/api/v1/asyncapi", "/api/v1/openapi", "/api/v1/sites", "/api/v1/control-sets", "/api/v1/chat",
                "/api/v1/experiments/{id}/chat")) {
            assertTrue(paths.contains(expected), expected + " in " + paths);
        }
        assertFalse(merged.toString().contains("/internal/v1"), "no internal path");
        assertEquals("3.1.0", merged.path("openapi").asText());
    }

    @Test
    void redoclyFindsNoErrors() {
        NodeProject.NodeRun lint = node.bin(Duration.ofMinutes(3), "redocly", "lint", "--config", "redocly.yaml",
                "--format", "stylish", document.toString());
        // its closing lines: "Woohoo! Your API description is valid." and how many warnings, or the errors
        List<String> lines = lint.output().lines().filter(line -> !line.isBlank()).toList();
        System.out.println("redocly lint: " + String.join(" ", lines.subList(Math.max(0, lines.size() - 2), lines.size())));
        assertTrue(lint.succeeded(), lint.output());
    }

    @Test
    void aClientGeneratedFromTheDocumentDrivesTheApi() {
        NodeProject.NodeRun run = node.node(Duration.ofMinutes(2), "client.mjs", stack.baseUri().toString(),
                document.toString());
        System.out.println(run.output());
        assertTrue(run.succeeded(), run.output());
        assertTrue(run.output().contains("every call answered as documented"), run.output());
    }

    @Test
    void theReferencePageAndItsSwaggerUiComeFromTheGateway() throws Exception {
        HttpResponse<String> redirect = get("/api");
        assertEquals(302, redirect.statusCode());
        assertEquals("/api/", redirect.headers().firstValue("Location").orElse(""));
        HttpResponse<String> page = get("/api/");
        assertEquals(200, page.statusCode());
        assertTrue(page.body().contains("/webjars/swagger-ui/"), page.body());
        assertFalse(page.body().matches("(?s).*(src|href)=\"(https?:)?//.*"), "nothing from other hosts");
        for (String asset : List.of("/api/reference.js", "/webjars/swagger-ui/5.34.1/swagger-ui-bundle.js",
                "/webjars/swagger-ui/5.34.1/swagger-ui.css")) {
            assertEquals(200, get(asset).statusCode(), asset);
        }
    }

    private static int operations() {
        int count = 0;
        for (JsonNode item : merged.path("paths")) {
            count += item.size();
        }
        return count;
    }

    private static HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return HTTP.send(HttpRequest.newBuilder(URI.create(stack.baseUri() + path)).timeout(Duration.ofSeconds(30)).build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
