package org.strategylab.browser.chat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URLDecoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
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
 * Editing the strategy by hand on the chat page (issue 39, item 2): a search found by meaning and
 * added through its parameter form, one of its values changed from the step's menu, a second search
 * added, the two combined, the combine undone. After each edit the graph the page draws (each step
 * and its count) is the one {@code GET /api/v1/strategies/{id}} keeps.
 */
class GraphEditorIT {

    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final Duration TURN = Duration.ofSeconds(90);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final String USER = "gita";

    private static BrowserStack stack;

    @BeforeAll
    static void startStack() {
        stack = BrowserStack.shared();
    }

    @Test
    void aStrategyIsEditedByHandAndThePageShowsTheApisGraph() throws Exception {
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
            Set<String> before = stepIds(strategyId);
            assertEquals(1, before.size());

            // a search found by meaning, then its parameter form from the site's specs
            browser.click(By.id("edit-add-search"), WAIT);
            browser.waitFor(d -> browser.first(By.id("edit-search-q")), WAIT).sendKeys("protein molecular weight");
            browser.click(By.id("edit-find"), WAIT);
            WebElement found = browser.waitFor(d -> browser.first(
                    By.cssSelector("#edit-search-results button[data-search='GenesByMolecularWeight']")), WAIT);
            found.click();
            browser.waitFor(d -> browser.first(By.id("edit-param-max_molecular_weight")), WAIT);
            browser.assertAccessible("chat-graph-editor-add-search");
            browser.screenshot("chat-graph-editor-add-search-1280");
            browser.click(By.id("edit-submit"), WAIT);
            String weight = awaitNewStep(browser, strategyId, before);
            assertEquals("GenesByMolecularWeight", step(strategyId, weight).path("searchName").asText());
            long wide = step(strategyId, weight).path("resultCount").asLong();

            // its maximum weight changed from the step's menu: fewer genes, as the site counts them
            browser.click(By.cssSelector("#graph button.step[data-step-id='" + weight + "']"), WAIT);
            browser.click(By.id("edit-step-parameters"), WAIT);
            WebElement max = browser.waitFor(d -> browser.first(By.id("edit-param-max_molecular_weight")), WAIT);
            assertEquals("50000", max.getAttribute("value"), "the form starts at the step's own values");
            max.sendKeys(Keys.chord(Keys.CONTROL, "a"), "20000");
            browser.assertAccessible("chat-graph-editor-parameters");
            browser.click(By.id("edit-submit"), WAIT);
            browser.waitFor(d -> {
                try {
                    return "20000".equals(step(strategyId, weight).path("parameters").path("max_molecular_weight").asText())
                            ? true : null;
                } catch (Exception e) {
                    return null;
                }
            }, WAIT);
            assertPageShowsApiGraph(browser, strategyId);
            long narrow = step(strategyId, weight).path("resultCount").asLong();
            assertTrue(narrow > 0 && narrow < wide, wide + " then " + narrow);

            // a second search
            Set<String> withWeight = stepIds(strategyId);
            browser.click(By.id("edit-add-search"), WAIT);
            browser.waitFor(d -> browser.first(By.id("edit-search-q")), WAIT).sendKeys("number of exons");
            browser.click(By.id("edit-find"), WAIT);
            browser.waitFor(d -> browser.first(
                    By.cssSelector("#edit-search-results button[data-search='GenesByExonCount']")), WAIT).click();
            browser.waitFor(d -> browser.first(By.id("edit-param-num_exons_gte")), WAIT);
            browser.click(By.id("edit-submit"), WAIT);
            String exons = awaitNewStep(browser, strategyId, withWeight);

            // the two combined with INTERSECT
            Set<String> searches = stepIds(strategyId);
            browser.click(By.id("edit-combine"), WAIT);
            new Select(browser.waitFor(d -> browser.first(By.id("edit-left")), WAIT)).selectByValue(weight);
            new Select(browser.driver().findElement(By.id("edit-right"))).selectByValue(exons);
            new Select(browser.driver().findElement(By.id("edit-operator"))).selectByValue("INTERSECT");
            browser.assertAccessible("chat-graph-editor-combine");
            browser.click(By.id("edit-submit"), WAIT);
            String combined = awaitNewStep(browser, strategyId, searches);
            JsonNode combine = step(strategyId, combined);
            assertEquals("INTERSECT", combine.path("operator").asText());
            assertEquals(weight, combine.path("primaryInputStepId").asText());
            assertEquals(exons, combine.path("secondaryInputStepId").asText());
            assertEquals(1, browser.driver().findElements(By.cssSelector("#graph button.step[data-kind=combine]")).size());
            browser.screenshot("chat-graph-editor-combined-1280");

            // undone: the combine is gone from the API and the page
            browser.click(By.id("edit-undo"), WAIT);
            browser.waitFor(d -> d.findElements(By.cssSelector("#graph button.step[data-kind=combine]")).isEmpty() ? true : null, WAIT);
            assertEquals(searches, stepIds(strategyId));
            assertPageShowsApiGraph(browser, strategyId);

            // a refused value is shown on its field, and changes nothing
            browser.click(By.cssSelector("#graph button.step[data-step-id='" + exons + "']"), WAIT);
            browser.click(By.id("edit-step-parameters"), WAIT);
            WebElement gte = browser.waitFor(d -> browser.first(By.id("edit-param-num_exons_gte")), WAIT);
            gte.sendKeys(Keys.chord(Keys.CONTROL, "a"), "5000"); // beyond the site's range (0 to 1000)
            browser.click(By.id("edit-submit"), WAIT);
            browser.waitFor(d -> "true".equals(d.findElement(By.id("edit-param-num_exons_gte")).getAttribute("aria-invalid"))
                    ? true : null, WAIT);
            assertTrue(!browser.driver().findElement(By.id("graph-edit-error")).getText().isBlank());
            browser.assertAccessible("chat-graph-editor-refused");
            assertPageShowsApiGraph(browser, strategyId);
            browser.assertNoConsoleErrors();
        }
    }


    /** Waits for the step the last edit added (in the API and drawn), checks the page against the API; answers its id. */
    private static String awaitNewStep(Browser browser, String strategyId, Set<String> before) {
        String added = browser.waitFor(d -> {
            try {
                Set<String> now = stepIds(strategyId);
                now.removeAll(before);
                return now.size() == 1 && browser.first(By.cssSelector("#graph button.step[data-step-id='"
                        + now.iterator().next() + "']")) != null ? now.iterator().next() : null;
            } catch (Exception e) {
                return null;
            }
        }, WAIT);
        assertPageShowsApiGraph(browser, strategyId);
        return added;
    }

    /** Every step the page draws, with its count, is the API's, and no other. */
    private static void assertPageShowsApiGraph(Browser browser, String strategyId) {
        browser.waitFor(d -> {
            try {
                Map<String, String> kept = new TreeMap<>();
                for (JsonNode step : strategy(strategyId).path("graph").path("steps")) {
                    kept.put(step.path("id").asText(), step.hasNonNull("resultCount")
                            ? String.format(Locale.UK, "%,d", step.path("resultCount").asLong()) : "–");
                }
                Map<String, String> drawn = new TreeMap<>();
                for (WebElement step : d.findElements(By.cssSelector("#graph button.step"))) {
                    drawn.put(step.getAttribute("data-step-id"), step.findElement(By.className("step-count")).getText());
                }
                return kept.equals(drawn) ? true : null;
            } catch (Exception e) {
                return null;
            }
        }, WAIT);
    }

    private static Set<String> stepIds(String strategyId) throws Exception {
        Set<String> ids = new HashSet<>();
        strategy(strategyId).path("graph").path("steps").forEach(step -> ids.add(step.path("id").asText()));
        return ids;
    }

    private static JsonNode step(String strategyId, String stepId) throws Exception {
        for (JsonNode step : strategy(strategyId).path("graph").path("steps")) {
            if (stepId.equals(step.path("id").asText())) {
                return step;
            }
        }
        throw new AssertionError("no step " + stepId);
    }

    private static JsonNode strategy(String strategyId) throws Exception {
        HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(stack.baseUri().resolve("/api/v1/strategies/"
                        + strategyId)).header("Authorization", "Bearer " + stack.signIn(USER)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, response.statusCode(), response.body());
        return JSON.readTree(response.body());
    }
}
