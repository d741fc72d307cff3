package org.strategylab.browser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.strategylab.browser.support.Browser;
import org.strategylab.browser.support.BrowserStack;
import org.strategylab.browser.support.Browsers;

/**
 * Issue 36 in the workbench: "start from control genes". The researcher pastes positives and
 * negatives, follows the discovery's phases and candidates as the site counts them, reads the
 * proposed strategies (the table equal to the API's, the recommended one marked), and opens the
 * recommended one as a conversation in the chat (its graph the API's strategy tree).
 */
class DiscoveryPageIT {

    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final Duration DISCOVERY = Duration.ofMinutes(4);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private static BrowserStack stack;

    @BeforeAll
    static void startStack() {
        stack = BrowserStack.shared();
    }

    @Test
    void controlGenesInTheProposedStrategiesOutAndTheRecommendedOneOpenedInTheChat() throws Exception {
        String token = stack.signIn("disco");
        // the planted target: P. falciparum's protein kinases; negatives other genes of the organism
        List<String> truth = ids(token, "GenesByGoTerm",
                "{\"organism\":[\"Plasmodium falciparum 3D7\"],\"go_typeahead\":[\"GO:0004672\"]}");
        List<String> outside = new ArrayList<>(ids(token, "GenesByTaxon", "{\"organism\":[\"Plasmodium falciparum 3D7\"]}"));
        outside.removeAll(new HashSet<>(truth));
        try (Browser browser = Browsers.chromium(Browsers.DESKTOP)) {
            WebDriver d = browser.driver();
            browser.open(stack.baseUri(), "/workbench/#/discover").signIn("disco");
            browser.waitFor(x -> browser.first(By.id("wb-disc-positives")), WAIT).sendKeys(String.join("\n", spread(truth, 8)));
            d.findElement(By.id("wb-disc-negatives")).sendKeys(String.join(", ", spread(outside, 12)));
            browser.assertAccessible("the discovery form");
            d.findElement(By.id("wb-disc-start")).click();

            String id = browser.waitFor(x -> {
                String hash = (String) browser.script("return location.hash");
                return hash.startsWith("#/discoveries/") ? hash.substring("#/discoveries/".length()) : null;
            }, WAIT);
            // the phases and the candidates appear as they come, before the result
            browser.waitFor(x -> browser.first(By.cssSelector("#wb-disc-phases li[data-phase=profiling]")), WAIT);
            List<WebElement> rows = browser.waitFor(x -> {
                List<WebElement> found = d.findElements(By.cssSelector("#wb-disc-strategies tbody tr"));
                return found.isEmpty() ? null : found;
            }, DISCOVERY);
            assertTrue(d.findElements(By.cssSelector("#wb-disc-candidates tbody tr")).size() > 1, "candidates listed");

            JsonNode discovery = get("/api/v1/strategy-discovery/" + id, token);
            assertEquals("completed", discovery.path("status").asText(), discovery.toString());
            JsonNode strategies = discovery.path("result").path("strategies");
            assertEquals(strategies.size(), rows.size());
            int chosen = -1;
            for (int i = 0; i < rows.size(); i++) {
                List<WebElement> cells = rows.get(i).findElements(By.tagName("td"));
                assertEquals(strategies.get(i).path("description").asText(), cells.get(1).getText());
                assertEquals(strategies.get(i).path("chosen").asBoolean(), cells.get(0).getText().contains("recommended"),
                        cells.get(0).getText());
                if (strategies.get(i).path("chosen").asBoolean()) {
                    chosen = i;
                }
            }
            assertTrue(chosen >= 0, "one strategy is recommended: " + strategies);
            // the page's number as the page writes numbers: at most three decimals, trailing zeros dropped
            double cv = discovery.path("result").path("crossValidatedScore").asDouble();
            String shown = new java.math.BigDecimal(cv).setScale(3, java.math.RoundingMode.HALF_UP).stripTrailingZeros()
                    .toPlainString();
            String cvLine = d.findElement(By.id("wb-disc-cv")).getText();
            assertTrue(cvLine.startsWith("Cross-validated " + discovery.path("result").path("objective").asText() + ": " + shown
                    + " · overfitting " + discovery.path("result").path("overfittingLevel").asText()), cvLine);
            browser.assertAccessible("a completed discovery");
            browser.screenshot("workbench-discovery-1280");

            rows.get(chosen).findElement(By.className("wb-disc-open")).click();
            String strategyId = browser.waitFor(x -> {
                String path = (String) browser.script("return location.pathname + location.hash");
                return path.startsWith("/#") && path.length() > 2 ? path.substring(2) : null;
            }, WAIT);
            JsonNode conversation = get("/api/v1/strategies/" + strategyId, token);
            assertEquals("Discovered: " + strategies.get(chosen).path("description").asText(), conversation.path("strategy").path("name").asText());
            long searches = 0;
            for (JsonNode step : conversation.path("graph").path("steps")) {
                searches += "search".equals(step.path("kind").asText()) ? 1 : 0;
            }
            assertEquals(strategies.get(chosen).path("steps").asInt(), searches, conversation.toString());
            browser.assertNoConsoleErrors();

            // the report the page links to, opened by the signed-in browser: every proposed strategy in it
            d.navigate().back();
            WebElement report = browser.waitFor(x -> browser.first(By.id("wb-disc-report")), WAIT);
            d.get(report.getAttribute("href"));
            String reportText = d.findElement(By.tagName("body")).getText();
            for (JsonNode strategy : strategies) {
                assertTrue(reportText.contains(strategy.path("description").asText()), reportText);
            }
        }
    }

    /** {@code n} of the genes spread over the sorted list. */
    private static List<String> spread(List<String> genes, int n) {
        List<String> sorted = genes.stream().sorted().toList();
        List<String> picked = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            picked.add(sorted.get(i * sorted.size() / n));
        }
        return picked;
    }

    /** A search's genes as upstream-gateway answers them to the caller (asked as a sibling service would). */
    private static List<String> ids(String token, String searchName, String parameters) throws Exception {
        String body = "{\"searchName\":\"" + searchName + "\",\"parameters\":" + parameters + ",\"maxIds\":20000}";
        HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create(stack.service("upstream-gateway").baseUri()
                        + "/internal/v1/sites/plasmodb/searches/run")).header("Authorization", "Bearer " + token)
                .header("X-StrategyLab-Peer", stack.peerCredential())
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new AssertionError(response.statusCode() + " " + response.body());
        }
        List<String> ids = new ArrayList<>();
        JSON.readTree(response.body()).path("ids").forEach(node -> ids.add(node.asText()));
        return ids;
    }

    private static JsonNode get(String path, String token) throws Exception {
        return stack.api().get(path, token);
    }
}
