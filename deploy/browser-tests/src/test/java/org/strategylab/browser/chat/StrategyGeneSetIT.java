package org.strategylab.browser.chat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.URLDecoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;
import org.strategylab.browser.support.Browser;
import org.strategylab.browser.support.BrowserStack;
import org.strategylab.browser.support.Browsers;

/**
 * Saving a strategy's genes as a gene set from the chat page (issue 39, item 4), without asking the
 * agent: a strategy built on the page (the mock's kinases search) and by hand (a weight search
 * intersected with it), its result's genes saved under a name from the strategy panel; the answer
 * the page shows is the gene set {@code GET /api/v1/control-sets/{id}} holds — exactly the genes the
 * site gives for the result, tagged {@code gene-set}; a step chosen instead saves its own genes; a
 * refused name is shown on its field.
 */
class StrategyGeneSetIT {

    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final Duration TURN = Duration.ofSeconds(90);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final String USER = "gesa";
    private static final String FALCIPARUM = "{\"organism\":[\"Plasmodium falciparum 3D7\"],"
            + "\"min_molecular_weight\":\"10000\",\"max_molecular_weight\":\"50000\"}";

    private static BrowserStack stack;

    @BeforeAll
    static void startStack() {
        stack = BrowserStack.shared();
    }

    @Test
    void theResultsGenesAreSavedAsAGeneSetFromThePage() throws Exception {
        try (Browser browser = Browsers.chromium(Browsers.DESKTOP)) {
            browser.open(stack.baseUri(), "/").signIn(USER);
            browser.waitFor(d -> browser.first(By.cssSelector("#model option[value='mock/planner']")), WAIT);
            WebElement message = browser.driver().findElement(By.id("message"));
            message.sendKeys("kinases in falciparum");
            message.sendKeys(Keys.ENTER);
            browser.waitFor(d -> d.findElements(By.cssSelector(".message.assistant.ended")).isEmpty() ? null : true, TURN);
            String strategyId = browser.waitFor(d -> {
                String url = d.getCurrentUrl();
                return url.contains("#") ? URLDecoder.decode(url.substring(url.indexOf('#') + 1), StandardCharsets.UTF_8) : null;
            }, WAIT);

            // by hand, through the API: a weight search intersected with the kinases; the page opened again shows it
            String token = stack.signIn(USER);
            String path = "/api/v1/strategies/" + strategyId;
            JsonNode kinases = stack.api().get(path, token).path("graph").path("steps").get(0);
            JsonNode added = stack.api().post(path + "/graph/edits", token, JSON.readTree(
                    "{\"op\":\"add_search\",\"searchName\":\"GenesByMolecularWeight\",\"parameters\":" + FALCIPARUM + "}"));
            String weight = added.path("steps").get(1).path("id").asText();
            JsonNode graph = stack.api().post(path + "/graph/edits", token, Map.of("op", "combine",
                    "leftStepId", kinases.path("id").asText(), "rightStepId", weight, "operator", "INTERSECT"));
            String root = graph.path("rootStepId").asText();
            long rootCount = -1;
            for (JsonNode step : graph.path("steps")) {
                if (step.path("id").asText().equals(root)) {
                    rootCount = step.path("resultCount").asLong();
                }
            }
            assertTrue(rootCount > 0, graph.toString());
            browser.driver().navigate().refresh();
            browser.waitFor(d -> browser.first(By.cssSelector("#graph [data-step-id='" + root + "']")), WAIT);

            // the form: the conversation's name, the result chosen
            browser.waitFor(d -> browser.first(By.id("gene-set-open")), WAIT).click();
            WebElement name = browser.waitFor(d -> {
                WebElement field = browser.first(By.id("gene-set-name"));
                return field != null && field.isDisplayed() ? field : null;
            }, WAIT);
            assertEquals("true", browser.driver().findElement(By.id("gene-set-open")).getAttribute("aria-expanded"));
            assertEquals(stack.api().get(path, token).path("strategy").path("name").asText(), name.getAttribute("value"));
            Select step = new Select(browser.driver().findElement(By.id("gene-set-step")));
            assertEquals(root, step.getFirstSelectedOption().getAttribute("value"), "the result is chosen first");
            assertEquals(3, step.getOptions().size(), "every step can be chosen");
            browser.screenshot("chat-gene-set-form-1280");
            browser.assertAccessible("the chat page with the gene set form open");

            // a name the API refuses: said on the field, nothing saved
            name.sendKeys(Keys.chord(Keys.CONTROL, "a"), "   ");
            browser.driver().findElement(By.id("gene-set-save")).click();
            WebElement error = browser.waitFor(d -> {
                WebElement shown = browser.first(By.id("gene-set-error"));
                return shown != null && !shown.getText().isBlank() ? shown : null;
            }, WAIT);
            assertTrue(error.getText().contains("/name"), error.getText());
            assertEquals("true", name.getAttribute("aria-invalid"));
            browser.assertAccessible("the gene set form showing a refused name");

            // saved: the answer names the count and the set, and links to the workbench's gene sets
            String setName = "Light kinases " + UUID.randomUUID().toString().substring(0, 8);
            name.sendKeys(Keys.chord(Keys.CONTROL, "a"), setName, Keys.ENTER);
            WebElement saved = browser.waitFor(d -> browser.first(By.id("gene-set-saved")), WAIT);
            assertTrue(saved.isDisplayed(), "the answer is in view");
            assertTrue(saved.getText().startsWith("Saved ") && saved.getText().contains("as gene set “" + setName + "”"),
                    saved.getText());
            assertEquals(String.valueOf(rootCount), saved.getAttribute("data-gene-count"), "as many genes as the result has");
            assertEquals("status", browser.driver().findElement(By.id("gene-set-status")).getAttribute("role"));
            assertTrue(browser.driver().findElement(By.id("gene-set-link")).getAttribute("href").endsWith("/workbench/#/gene-sets"));
            assertTrue(browser.driver().findElement(By.id("gene-set-error")).getText().isBlank());
            assertFalse("true".equals(name.getAttribute("aria-invalid")));
            browser.screenshot("chat-gene-set-saved-1280");
            browser.assertAccessible("the chat page after saving a gene set");

            // the API's set: exactly the result's genes (the two searches' shared genes on the site), tagged gene-set
            JsonNode set = stack.api().get("/api/v1/control-sets/" + saved.getAttribute("data-gene-set-id"), token);
            assertEquals(setName, set.path("name").asText());
            assertTrue(set.path("tags").toString().contains("\"gene-set\""), set.toString());
            Set<String> genes = new HashSet<>();
            set.path("positiveIds").forEach(id -> genes.add(id.asText()));
            assertEquals(rootCount, set.path("positiveIds").size());
            Set<String> shared = ids(token, kinases.path("searchName").asText(), kinases.path("parameters").toString());
            shared.retainAll(ids(token, "GenesByMolecularWeight", FALCIPARUM));
            assertEquals(shared, genes);

            // a step chosen instead of the result: its own genes
            String first = saved.getAttribute("data-gene-set-id");
            step.selectByValue(weight);
            name.sendKeys(Keys.chord(Keys.CONTROL, "a"), "Light " + setName, Keys.ENTER);
            WebElement second = browser.waitFor(d -> {
                WebElement shown = browser.first(By.id("gene-set-saved"));
                return shown != null && !first.equals(shown.getAttribute("data-gene-set-id")) ? shown : null;
            }, WAIT);
            assertTrue(second.isDisplayed(), "the answer is in view");
            long weightCount = -1;
            for (JsonNode s : stack.api().get(path, token).path("graph").path("steps")) {
                if (s.path("id").asText().equals(weight)) {
                    weightCount = s.path("resultCount").asLong();
                }
            }
            JsonNode weightSet = stack.api().get("/api/v1/control-sets/" + second.getAttribute("data-gene-set-id"), token);
            Set<String> weightGenes = new HashSet<>();
            weightSet.path("positiveIds").forEach(id -> weightGenes.add(id.asText()));
            assertEquals(weightCount, weightGenes.size());
            assertEquals(ids(token, "GenesByMolecularWeight", FALCIPARUM), weightGenes);
            browser.assertNoConsoleErrors();
        }
    }

    /** A search's genes as upstream-gateway answers them to the caller (asked as a sibling service would). */
    private static Set<String> ids(String token, String searchName, String parameters) throws Exception {
        String body = "{\"searchName\":\"" + searchName + "\",\"parameters\":" + parameters + ",\"maxIds\":20000}";
        HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create(stack.service("upstream-gateway").baseUri()
                        + "/internal/v1/sites/plasmodb/searches/run")).header("Authorization", "Bearer " + token)
                .header("X-StrategyLab-Peer", stack.peerCredential())
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, response.statusCode(), response.body());
        Set<String> ids = new HashSet<>();
        JSON.readTree(response.body()).path("ids").forEach(node -> ids.add(node.asText()));
        return ids;
    }
}
