package org.strategylab.browser.chat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URLDecoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.strategylab.browser.support.Browser;
import org.strategylab.browser.support.BrowserStack;
import org.strategylab.browser.support.Browsers;

/**
 * VEuPathDB in the chat page (issue 39, items 3, 6 and 8), each step checked against the API: sign in
 * to the site with its account (the simulator's one login); a strategy the mock built saved there
 * under a name; marked out of date once the chat changes it, and brought up to date in one click;
 * listed among the account's strategies on the site as the API lists them; imported into a new
 * conversation whose graph the page draws as the API answers it; and a conversation duplicated.
 */
class SiteStrategiesIT {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final Duration TURN = Duration.ofSeconds(90);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final String USER = "sita";

    private static BrowserStack stack;

    @BeforeAll
    static void startStack() {
        stack = BrowserStack.shared();
    }

    @Test
    void aStrategyIsSavedOnTheSiteListedImportedAndDuplicated() throws Exception {
        try (Browser browser = Browsers.chromium(Browsers.DESKTOP)) {
            browser.open(stack.baseUri(), "/").signIn(USER);
            browser.waitFor(d -> browser.first(By.cssSelector("#model option[value='mock/planner']")), WAIT);

            // sign in to the site: the page says as whom, as the API does
            WebElement email = browser.waitFor(d -> browser.first(By.id("site-email")), WAIT);
            browser.assertAccessible("the chat page offering the site's sign-in");
            email.sendKeys("demo@strategylab.example");
            browser.driver().findElement(By.id("site-password")).sendKeys("demo-password", Keys.ENTER);
            WebElement signedIn = browser.waitFor(d -> browser.first(By.id("site-signed-in")), WAIT);
            JsonNode status = api("GET", "/api/v1/veupathdb/auth/status?siteId=plasmodb", null);
            assertTrue(status.path("signedIn").asBoolean(), status.toString());
            assertTrue(signedIn.getText().contains(status.path("email").asText()), signedIn.getText());
            assertTrue(browser.first(By.id("site-sign-out")).isDisplayed());

            // a strategy built by the mock, saved on the site under a name of one's own
            send(browser, "Find protein kinases in Plasmodium falciparum");
            String conversation = hashId(browser, null);
            WebElement name = browser.waitFor(d -> browser.first(By.id("site-strategy-name")), WAIT);
            assertEquals(api("GET", "/api/v1/strategies/" + conversation, null).path("strategy").path("name").asText(),
                    name.getAttribute("value"), "the name field starts with the conversation's name");
            String siteName = "Kinases " + UUID.randomUUID().toString().substring(0, 8);
            name.sendKeys(Keys.chord(Keys.CONTROL, "a"), siteName, Keys.ENTER);
            WebElement link = browser.waitFor(d -> browser.first(By.id("site-strategy-link")), WAIT);
            JsonNode saved = api("GET", "/api/v1/strategies/" + conversation, null).path("strategy");
            long siteId = saved.path("siteStrategy").path("id").asLong();
            assertEquals(String.valueOf(siteId), link.getAttribute("data-strategy-id"));
            assertEquals(saved.path("siteStrategy").path("url").asText(), link.getAttribute("href"));
            assertEquals(siteName, saved.path("name").asText());
            browser.waitFor(d -> siteName.equals(d.findElement(By.id("chat-title")).getText()) ? true : null, WAIT);
            assertFalse(saved.path("siteStrategy").path("outOfDate").asBoolean());
            assertTrue(browser.first(By.id("site-out-of-date")) == null, "up to date after the save");

            // the chat changes it: out of date on the site, as the API says; one click brings it up to date
            send(browser, "add genes with signal peptides");
            WebElement update = browser.waitFor(d -> browser.first(By.id("site-update")), WAIT);
            assertTrue(api("GET", "/api/v1/strategies/" + conversation, null)
                    .path("strategy").path("siteStrategy").path("outOfDate").asBoolean());
            browser.screenshot("chat-site-out-of-date-1280");
            browser.assertAccessible("a saved strategy out of date on the site");
            update.click();
            browser.waitFor(d -> browser.first(By.id("site-out-of-date")) == null
                    && browser.first(By.id("site-strategy-link")) != null ? true : null, WAIT);
            JsonNode updated = api("GET", "/api/v1/strategies/" + conversation, null);
            assertFalse(updated.path("strategy").path("siteStrategy").path("outOfDate").asBoolean());
            assertEquals(siteId, updated.path("strategy").path("siteStrategy").path("id").asLong(), "the same strategy, updated");

            // listed among the account's strategies on the site, as the API lists them
            browser.driver().findElement(By.id("site-strategies-show")).click();
            WebElement row = browser.waitFor(d -> browser.first(By.cssSelector(
                    "#site-strategy-list tr[data-strategy-id='" + siteId + "']")), WAIT);
            assertTrue(row.getText().contains(siteName), row.getText());
            JsonNode onSite = api("GET", "/api/v1/strategies/on-site?siteId=plasmodb&limit=100", null);
            Set<String> apiIds = new HashSet<>();
            onSite.path("items").forEach(s -> apiIds.add(s.path("strategyId").asText()));
            Set<String> pageIds = new HashSet<>();
            browser.driver().findElements(By.cssSelector("#site-strategy-list tbody tr"))
                    .forEach(r -> pageIds.add(r.getAttribute("data-strategy-id")));
            assertEquals(apiIds, pageIds);
            browser.screenshot("chat-site-strategies-1280");
            browser.assertAccessible("the account's strategies on the site");

            // imported into a new conversation, which opens: its graph drawn as the API answers it
            row.findElement(By.cssSelector("button.site-import")).click();
            String imported = hashId(browser, conversation);
            JsonNode importedView = api("GET", "/api/v1/strategies/" + imported, null);
            assertEquals(siteId, importedView.path("strategy").path("upstreamStrategyId").asLong());
            assertEquals(siteName, importedView.path("strategy").path("name").asText());
            List<String> apiSteps = steps(importedView);
            assertEquals(steps(updated).size(), apiSteps.size(), "the tree saved is the tree imported");
            assertImportedAsSaved(updated, importedView);
            browser.waitFor(d -> siteName.equals(d.findElement(By.id("chat-title")).getText())
                    && new HashSet<>(apiSteps).equals(drawnSteps(d)) ? true : null, WAIT);
            // linked to the site's strategy, and up to date with it
            browser.waitFor(d -> browser.first(By.cssSelector("#site-strategy-link[data-strategy-id='" + siteId + "']")), WAIT);
            assertTrue(browser.first(By.id("site-out-of-date")) == null);

            // duplicated: a new conversation with the same graph, none of the messages, not on the site
            browser.driver().findElement(By.id("conversation-duplicate")).click();
            String copy = hashId(browser, imported);
            JsonNode copyView = api("GET", "/api/v1/strategies/" + copy, null);
            assertEquals("Copy of " + siteName, copyView.path("strategy").path("name").asText());
            assertEquals(0, copyView.path("messages").size());
            assertTrue(copyView.path("strategy").path("siteStrategy").isMissingNode());
            assertEquals(apiSteps, steps(copyView));
            browser.waitFor(d -> ("Copy of " + siteName).equals(d.findElement(By.id("chat-title")).getText())
                    && new HashSet<>(apiSteps).equals(drawnSteps(d)) ? true : null, WAIT);
            browser.waitFor(d -> browser.first(By.cssSelector("[data-strategy-id='" + copy + "']")), WAIT);
            browser.assertAccessible("a duplicated conversation");

            // signed out of the site: the sign-in form again, and the API agrees
            browser.driver().findElement(By.id("site-sign-out")).click();
            browser.waitFor(d -> browser.first(By.id("site-email")), WAIT);
            assertFalse(api("GET", "/api/v1/veupathdb/auth/status?siteId=plasmodb", null).path("signedIn").asBoolean());
            browser.assertNoConsoleErrors();
        }
    }

    private static void send(Browser browser, String text) {
        int ended = browser.driver().findElements(By.cssSelector(".message.assistant.ended")).size();
        WebElement message = browser.driver().findElement(By.id("message"));
        message.sendKeys(text);
        message.sendKeys(Keys.ENTER);
        browser.waitFor(d -> d.findElements(By.cssSelector(".message.assistant.ended")).size() > ended ? true : null, TURN);
    }

    /** The conversation in the page's address once it is not {@code before}. */
    private static String hashId(Browser browser, String before) {
        return browser.waitFor(d -> {
            String url = d.getCurrentUrl();
            String id = url.contains("#") ? URLDecoder.decode(url.substring(url.indexOf('#') + 1), StandardCharsets.UTF_8) : "";
            return !id.isEmpty() && !id.equals(before) ? id : null;
        }, WAIT);
    }

    private static Set<String> drawnSteps(WebDriver driver) {
        Set<String> ids = new HashSet<>();
        driver.findElements(By.cssSelector("#graph [data-step-id]")).forEach(step -> ids.add(step.getAttribute("data-step-id")));
        return ids;
    }

    private static List<String> steps(JsonNode view) {
        List<String> ids = new ArrayList<>();
        view.path("graph").path("steps").forEach(step -> ids.add(step.path("id").asText()));
        return ids;
    }

    /**
     * Each saved step is an imported step of the same search (or operator) with each of its parameter
     * values (the site adds its own defaults, such as a hidden {@code timestamp}, beside them).
     */
    private static void assertImportedAsSaved(JsonNode saved, JsonNode imported) {
        List<JsonNode> left = new ArrayList<>();
        imported.path("graph").path("steps").forEach(left::add);
        for (JsonNode step : saved.path("graph").path("steps")) {
            JsonNode match = left.stream().filter(candidate -> kind(candidate).equals(kind(step))
                    && contains(candidate.path("parameters"), step.path("parameters"))).findFirst()
                    .orElseThrow(() -> new AssertionError("no imported step like " + step + " in " + imported.path("graph")));
            left.remove(match);
        }
        assertTrue(left.isEmpty(), "imported steps not saved: " + left);
    }

    private static String kind(JsonNode step) {
        return step.path("searchName").asText(step.path("operator").asText());
    }

    private static boolean contains(JsonNode all, JsonNode some) {
        List<String> names = new ArrayList<>();
        some.fieldNames().forEachRemaining(names::add);
        return names.stream().allMatch(name -> some.get(name).equals(all.get(name)));
    }

    private static JsonNode api(String method, String path, String body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(stack.baseUri().resolve(path))
                .header("Authorization", "Bearer " + stack.signIn(USER));
        request = body == null ? request.method(method, HttpRequest.BodyPublishers.noBody())
                : request.header("Content-Type", "application/json").method(method, HttpRequest.BodyPublishers.ofString(body));
        HttpResponse<String> response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, response.statusCode(), path + ": " + response.body());
        return JSON.readTree(response.body());
    }
}
