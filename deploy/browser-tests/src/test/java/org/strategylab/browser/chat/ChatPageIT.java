package org.strategylab.browser.chat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URLDecoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.strategylab.browser.support.Browser;
import org.strategylab.browser.support.BrowserStack;
import org.strategylab.browser.support.Browsers;
import org.strategylab.simulator.faults.Latency;

/**
 * The chat page {@code /} in a real headless Chromium, against the whole stack with the mock model:
 * a turn that builds a two-step strategy drawn live beside the chat, a gateway killed and
 * restarted in the middle of a turn, a page reopened during a turn, and markup in a message that
 * must stay text. The numbers the page shows are checked against the API's own answer.
 */
class ChatPageIT {

    /** The mock planner makes one search per condition and joins them: "A but not B" → MINUS. */
    private static final String TWO_SEARCHES = "kinases in falciparum but not genes with signal peptides";
    private static final Duration TURN = Duration.ofSeconds(90);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private static BrowserStack stack;

    @BeforeAll
    static void startStack() {
        stack = BrowserStack.shared();
    }

    @AfterAll
    static void stopStack() {
        if (stack != null) {
            // the stack is shared by the run's classes: the next class starts without this one's faults
            stack.simulator().faults().reset();
            // after every experiment, analysis and turn so far: no credential on any topic
            java.util.List<String> credentials = stack.credentialsOnTopics();
            org.junit.jupiter.api.Assertions.assertEquals(java.util.List.of(), credentials,
                    "commands and events carry user ids, never tokens");
        }
    }

    @Test
    void aTurnBuildsTwoSearchesAndTheirCombineLiveBesideTheChat() throws Exception {
        try (Browser browser = Browsers.chromium(Browsers.DESKTOP)) {
            browser.open(stack.baseUri(), "/").signIn("alice");
            WebElement mock = browser.waitFor(d -> browser.first(By.cssSelector("#model option[value='mock/planner']")),
                    Duration.ofSeconds(30));
            assertTrue(mock.isSelected(), "mock is the default model");
            WebElement vendor = browser.driver().findElement(By.cssSelector("#model option[value='openai/gpt-5']"));
            assertFalse(vendor.isEnabled(), "a model without its key cannot be chosen");
            assertTrue(vendor.getText().contains("OPENAI_API_KEY"), vendor.getText());

            send(browser, TWO_SEARCHES + ", and save it");
            WebElement turn = awaitEndedTurns(browser, 1).get(0);

            // the graph as the page drew it, against the strategy as the API keeps it
            String strategyId = strategyIdOf(browser);
            JsonNode view = get("alice", "/api/v1/strategies/" + strategyId);
            JsonNode graph = view.path("graph");
            Map<String, JsonNode> apiSteps = new HashMap<>();
            graph.path("steps").forEach(step -> apiSteps.put(step.path("id").asText(), step));
            List<WebElement> searches = browser.driver().findElements(By.cssSelector("#graph button.step[data-kind=search]"));
            List<WebElement> combines = browser.driver().findElements(By.cssSelector("#graph button.step[data-kind=combine]"));
            assertEquals(2, searches.size(), "two searches drawn");
            assertEquals(1, combines.size(), "one combine drawn");
            assertEquals(3, apiSteps.size(), "the API keeps three steps");
            for (WebElement step : browser.driver().findElements(By.cssSelector("#graph button.step"))) {
                JsonNode kept = apiSteps.get(step.getAttribute("data-step-id"));
                long count = kept.path("resultCount").asLong(-1);
                assertTrue(count >= 0, "the API counted " + kept);
                assertEquals(String.format(java.util.Locale.UK, "%,d", count),
                        step.findElement(By.className("step-count")).getText(), "count of " + kept.path("id"));
            }
            WebElement combine = combines.get(0);
            assertTrue(combine.getText().contains("MINUS"), combine.getText());
            // the tree: the combine's two inputs are drawn beneath it
            assertEquals(2, browser.driver().findElements(
                    By.cssSelector("#graph li > button.step[data-kind=combine] + ul > li > button.step[data-kind=search]")).size());

            // the mock writes the searches' names in bold: Markdown drawn as elements
            List<String> bold = turn.findElements(By.cssSelector(".message-body strong")).stream()
                    .map(WebElement::getText).toList();
            assertEquals(List.of("kinase", "signal peptide"), bold);
            // and the address of the saved strategy it quotes is a link that opens apart from the page
            assertFalse(turn.findElements(By.cssSelector(".message-body a[href^='http'][rel~='noopener']")).isEmpty(),
                    turn.getText());

            // the turn's activity and its tokens
            assertEquals(2, turn.findElements(By.cssSelector(".subagent.done")).size(), "two sub-agents, both done");
            String footer = turn.findElement(By.className("message-footer")).getText();
            JsonNode stored = lastAssistantMessage("alice", strategyId);
            long tokens = stored.path("tokenUsage").path("totalTokens").asLong();
            assertTrue(tokens > 0, stored.toString());
            assertTrue(footer.contains(String.format(java.util.Locale.UK, "%,d tokens", tokens)), footer);
            assertTrue(footer.contains("$"), footer);

            // a step's search and parameters
            WebElement search = searches.get(0);
            JsonNode kept = apiSteps.get(search.getAttribute("data-step-id"));
            search.click();
            String detail = browser.waitFor(d -> {
                String text = d.findElement(By.id("step-detail")).getText();
                return text.contains(kept.path("searchName").asText()) ? text : null;
            }, Duration.ofSeconds(10));
            kept.path("parameters").fieldNames().forEachRemaining(name -> assertTrue(detail.contains(name), detail));
            browser.driver().findElement(By.cssSelector("#graph button.step[data-kind=combine]")).sendKeys(Keys.ENTER);
            browser.waitFor(d -> d.findElement(By.id("step-detail")).getText().contains("Operator"), Duration.ofSeconds(10));

            // @ offers the caller's strategies; Enter takes the highlighted one as a mention
            WebElement message = browser.driver().findElement(By.id("message"));
            message.sendKeys("compare with @kin");
            // the list is drawn again as the answers arrive: wait for the text, not for one element
            browser.waitFor(d -> {
                WebElement option = browser.first(By.cssSelector("#mention-options .mention-option.active"));
                return option != null && option.getText().contains(TWO_SEARCHES);
            }, Duration.ofSeconds(10));
            message.sendKeys(Keys.ENTER);
            // the chip row is drawn again as the mention settles: wait for its text, not for the first element
            String chip = browser.waitFor(d -> {
                WebElement drawn = browser.first(By.cssSelector("#mention-chips .chip"));
                return drawn != null && drawn.getText().contains(TWO_SEARCHES) ? drawn.getText() : null;
            }, Duration.ofSeconds(10));
            assertTrue(chip.contains(TWO_SEARCHES), chip);
            assertEquals("compare with @" + view.path("strategy").path("name").asText() + " ", message.getAttribute("value"));

            // saved on the site: the link to it there
            String upstreamUrl = view.path("strategy").path("upstreamUrl").asText();
            assertTrue(upstreamUrl.startsWith("http"), view.path("strategy").toString());
            assertEquals(upstreamUrl, browser.driver().findElement(By.id("upstream-link")).getAttribute("href"));

            browser.screenshot("chat-two-step-strategy-1280");
            browser.assertNoConsoleErrors();

            // a turn cancelled while it runs (slow on the site, so it surely still runs)
            browser.driver().findElement(By.cssSelector("#mention-chips .chip-remove")).click();
            assertNull(browser.first(By.cssSelector("#mention-chips .chip")), "the mention is removed");
            message.clear();
            slowStrategies();
            send(browser, "genes with signal peptides or kinases in falciparum");
            browser.waitFor(d -> browser.first(By.cssSelector(".message.assistant:not(.ended) .subagent")), TURN);
            browser.driver().findElement(By.id("cancel")).click();
            WebElement cancelled = awaitEndedTurns(browser, 2).get(1);
            assertTrue(cancelled.findElement(By.className("message-footer")).getText().contains("Cancelled"),
                    cancelled.getText());
            assertEquals("cancelled", lastAssistantMessage("alice", strategyId).path("status").asText());
            browser.waitFor(d -> !d.findElement(By.id("cancel")).isDisplayed(), Duration.ofSeconds(10));
            browser.assertNoConsoleErrors();
        } finally {
            stack.simulator().faults().reset();
        }
    }

    @Test
    void theGatewayKilledMidTurnLeavesTheTextWholeAndUnrepeated() throws Exception {
        // the site builds strategies slowly in this test, so the turn surely still runs at the kill
        slowStrategies();
        try (Browser browser = Browsers.chromium(Browsers.DESKTOP)) {
            browser.open(stack.baseUri(), "/").signIn("carol");
            browser.waitFor(d -> browser.first(By.cssSelector("#model option[value='mock/planner']")), Duration.ofSeconds(30));
            send(browser, "kinases in falciparum or genes with signal peptides");
            browser.waitFor(d -> browser.first(By.cssSelector(".message.assistant .subagent")), TURN);
            assertNull(browser.first(By.cssSelector(".message.assistant.ended")), "the turn still runs at the kill");

            stack.gateway().kill();
            browser.waitFor(d -> d.findElement(By.id("stream-state")).getText().contains("Reconnecting"), Duration.ofSeconds(30));
            stack.gateway().start();

            WebElement turn = awaitEndedTurns(browser, 1).get(0);
            JsonNode stored = lastAssistantMessage("carol", strategyIdOf(browser));
            // the streamed pieces added up to exactly the stored message (the page marks a repair)
            assertNull(turn.getAttribute("data-repaired"), "the deltas did not add up to the message");
            String shown = normalise(turn.findElement(By.className("message-body")).getText());
            assertEquals(normalise(stored.path("content").asText().replace("**", "")), shown);
            assertEquals(stored.path("toolCalls").size(),
                    turn.findElements(By.cssSelector(".activity > details.tool")).size(), "each tool call once");
            assertEquals(1, browser.driver().findElements(By.cssSelector(".message.user")).size(), "the question once");
            browser.screenshot("chat-after-gateway-restart-1280");
            // the stream breaking and the refused reconnects while no gateway ran are the test's doing
            browser.assertNoConsoleErrors("Failed to load resource: net::ERR_(CONNECTION_REFUSED|INCOMPLETE_CHUNKED_ENCODING)");
        } finally {
            stack.simulator().faults().reset();
        }
    }

    @Test
    void markupInMessagesStaysTextAndAReopenedPagePicksUpTheRunningTurn() throws Exception {
        String markup = "<script>alert(1)</script> <img src=x onerror=alert(2)>";
        try (Browser browser = Browsers.chromium(Browsers.DESKTOP)) {
            browser.open(stack.baseUri(), "/").signIn("dave");
            browser.waitFor(d -> browser.first(By.cssSelector("#model option[value='mock/planner']")), Duration.ofSeconds(30));
            send(browser, markup);
            WebElement turn = awaitEndedTurns(browser, 1).get(0);
            String user = browser.driver().findElement(By.cssSelector(".message.user")).getText();
            assertEquals(markup, user);
            // the mock quotes the request back: the assistant's message holds the same markup, as text
            assertTrue(turn.getText().contains(markup), turn.getText());
            assertEquals(0L, browser.script("return document.querySelectorAll('#messages script, #messages img, "
                    + "#conversation-list script, #conversation-list img').length"));
            assertEquals(markup, browser.driver().findElement(By.id("chat-title")).getText());
            browser.assertNoConsoleErrors();

            // a second turn, slow on the site; the page is opened again, on a phone, while it runs
            slowStrategies();
            send(browser, TWO_SEARCHES);
            browser.waitFor(d -> browser.first(By.cssSelector(".message.assistant:not(.ended) .tool")), TURN);
            try (Browser phone = Browsers.chromium(Browsers.PHONE)) {
                phone.open(stack.baseUri(), "/").signIn("dave");
                // found through /api/v1/operations/active: the running turn, with its cancel button
                phone.waitFor(d -> phone.first(By.cssSelector(".message.assistant:not(.ended) .subagent")), TURN);
                assertTrue(phone.driver().findElement(By.id("cancel")).isDisplayed(), "the running turn can be cancelled");
                assertEquals(markup, phone.driver().findElement(By.id("chat-title")).getText(), "the conversation of the turn");
                List<WebElement> ended = awaitEndedTurns(phone, 2);
                String shownByPhone = normalise(ended.get(1).findElement(By.className("message-body")).getText());
                JsonNode stored = lastAssistantMessage("dave", strategyIdOf(phone));
                assertEquals(normalise(stored.path("content").asText().replace("**", "")), shownByPhone);
                assertEquals(3, phone.driver().findElements(By.cssSelector("#graph button.step")).size());
                assertEquals(2, phone.driver().findElements(By.cssSelector(".message.user")).size());
                phone.screenshot("chat-reopened-390");
                phone.script("document.getElementById('graph').scrollIntoView()");
                phone.screenshot("chat-strategy-390");
                assertEquals(0L, phone.script("return document.querySelectorAll('#messages script, #messages img').length"));
                phone.assertNoConsoleErrors();
            }
            awaitEndedTurns(browser, 2);
            browser.assertNoConsoleErrors();
        } finally {
            stack.simulator().faults().reset();
        }
    }

    /**
     * Every strategy request to the site, and the anonymous report that counts a lone search, answers a
     * second late (until the faults are reset): each step's count waits.
     */
    private static void slowStrategies() {
        stack.simulator().faults().latency("/strategies|/searches/[^/]+/reports/standard$",
                Latency.fixed(Duration.ofSeconds(1)));
    }

    private static void send(Browser browser, String text) {
        WebElement message = browser.driver().findElement(By.id("message"));
        message.sendKeys(text);
        message.sendKeys(Keys.ENTER);
    }

    /** Waits until the page shows at least {@code count} finished assistant turns, and returns them. */
    private static List<WebElement> awaitEndedTurns(Browser browser, int count) {
        return browser.waitFor(d -> {
            List<WebElement> ended = d.findElements(By.cssSelector(".message.assistant.ended"));
            return ended.size() >= count ? ended : null;
        }, TURN);
    }

    /** The conversation the page shows (its address ends in #<strategy id>). */
    private static String strategyIdOf(Browser browser) {
        String url = browser.driver().getCurrentUrl();
        int hash = url.indexOf('#');
        assertTrue(hash > 0, "the page's address names its conversation: " + url);
        return URLDecoder.decode(url.substring(hash + 1), StandardCharsets.UTF_8);
    }

    private static JsonNode lastAssistantMessage(String userId, String strategyId) throws IOException, InterruptedException {
        JsonNode items = get(userId, "/api/v1/strategies/" + strategyId + "/messages?limit=200").path("items");
        JsonNode last = null;
        for (JsonNode message : items) {
            if ("assistant".equals(message.path("role").asText())) {
                last = message;
            }
        }
        assertTrue(last != null, "an assistant message is stored: " + items);
        return last;
    }

    private static JsonNode get(String userId, String path) throws IOException, InterruptedException {
        HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(stack.baseUri().resolve(path))
                .header("Authorization", "Bearer " + stack.signIn(userId)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, response.statusCode(), path + ": " + response.body());
        return JSON.readTree(response.body());
    }

    /** Text with runs of white space made one space (the page lays paragraphs out; the store keeps newlines). */
    private static String normalise(String text) {
        return text.replaceAll("\\s+", " ").trim();
    }
}
