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
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.strategylab.browser.support.Browser;
import org.strategylab.browser.support.BrowserStack;
import org.strategylab.browser.support.Browsers;

/**
 * A conversation's housekeeping on the chat page (issue 39, item 6), each checked against the API:
 * first questions drawn from the site's catalogue (searches the API lists); the settings panel's tools are the API's and one switched off is sent with the turn as
 * {@code disabledTools}; Back and Forward between two conversations; the conversation renamed and deleted: the new name is the stored one, a blank name is refused on its field and changes
 * nothing, a deleted conversation is a 404 and leaves the list.
 */
class ConversationHousekeepingIT {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final Duration TURN = Duration.ofSeconds(90);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private static BrowserStack stack;

    @BeforeAll
    static void startStack() {
        stack = BrowserStack.shared();
    }

    @Test
    void aConversationIsRenamedAndDeletedFromThePage() throws Exception {
        try (Browser browser = Browsers.chromium(Browsers.DESKTOP)) {
            browser.open(stack.baseUri(), "/").signIn("hugo");
            browser.waitFor(d -> browser.first(By.cssSelector("#model option[value='mock/planner']")), WAIT);
            assertFalse(browser.driver().findElement(By.id("conversation-actions")).isDisplayed(),
                    "no conversation open, nothing to rename");
            // first questions drawn from the site's catalogue: searches the API lists, one chosen fills the composer
            List<WebElement> suggested = browser.waitFor(d -> {
                List<WebElement> buttons = d.findElements(By.cssSelector("#suggestions button[data-search]"));
                return buttons.size() == 3 ? buttons : null;
            }, WAIT);
            Set<String> catalogue = new HashSet<>();
            api("/api/v1/sites/plasmodb/searches?recordType=transcript").body().path("items")
                    .forEach(s -> catalogue.add(s.path("name").asText()));
            for (WebElement suggestion : suggested) {
                assertTrue(catalogue.contains(suggestion.getAttribute("data-search")), suggestion.getAttribute("data-search"));
            }
            String firstQuestion = suggested.get(0).getText();
            suggested.get(0).click();
            assertEquals(firstQuestion, browser.driver().findElement(By.id("message")).getAttribute("value"));
            browser.screenshot("chat-suggestions-1280");
            browser.driver().findElement(By.id("message")).clear();

            // the settings panel lists the agent's tools as the API does; one switched off goes with the turn
            browser.driver().findElement(By.cssSelector("#tool-settings summary")).click();
            List<String> shownTools = browser.waitFor(d -> {
                List<String> names = d.findElements(By.cssSelector("#tool-settings input[name=tool]")).stream()
                        .map(box -> box.getAttribute("value")).toList();
                return names.isEmpty() ? null : names;
            }, WAIT);
            List<String> apiTools = new ArrayList<>();
            api("/api/v1/tools").body().path("tools").forEach(t -> apiTools.add(t.path("name").asText()));
            assertEquals(new HashSet<>(apiTools), new HashSet<>(shownTools));
            // one the mock's plan does not need (its turn still ends as usual)
            String switchedOff = shownTools.stream().filter(n -> n.contains("enrich") || n.contains("optimi")).findFirst()
                    .orElse(shownTools.get(shownTools.size() - 1));
            browser.driver().findElement(By.cssSelector("#tool-settings input[value='" + switchedOff + "']")).click();
            browser.screenshot("chat-tool-settings-1280");
            // what the page sends, read at the page's own fetch
            browser.script("window.chatBodies = []; const original = window.fetch;"
                    + "window.fetch = (url, init) => { if (String(url).endsWith('/api/v1/chat') && init && init.body)"
                    + " window.chatBodies.push(init.body); return original(url, init); };");
            WebElement message = browser.driver().findElement(By.id("message"));
            message.sendKeys("kinases in falciparum");
            message.sendKeys(Keys.ENTER);
            String sent = browser.waitFor(d -> (String) browser.script("return window.chatBodies[0] || null"), WAIT);
            assertEquals(List.of(switchedOff), JSON.convertValue(JSON.readTree(sent).path("disabledTools"), List.class));
            browser.waitFor(d -> d.findElements(By.cssSelector(".message.assistant.ended")).isEmpty() ? null : true, TURN);
            String strategyId = browser.waitFor(d -> {
                String url = d.getCurrentUrl();
                return url.contains("#") ? URLDecoder.decode(url.substring(url.indexOf('#') + 1), StandardCharsets.UTF_8) : null;
            }, WAIT);

            // conversations are in the browser's history: Back returns to the one before, as the API names it
            browser.driver().findElement(By.id("new-chat")).click();
            WebElement second = browser.driver().findElement(By.id("message"));
            second.sendKeys("reductases in falciparum");
            second.sendKeys(Keys.ENTER);
            String secondId = browser.waitFor(d -> {
                String url = d.getCurrentUrl();
                String id = url.contains("#") ? URLDecoder.decode(url.substring(url.indexOf('#') + 1), StandardCharsets.UTF_8) : "";
                return !id.isEmpty() && !id.equals(strategyId) ? id : null;
            }, WAIT);
            browser.waitFor(d -> d.findElements(By.cssSelector(".message.assistant.ended")).isEmpty() ? null : true, TURN);
            // the list is drawn again when the turn's end refreshes it: find and click in one try, again if it went stale
            browser.waitFor(d -> {
                WebElement item = browser.first(By.cssSelector("[data-strategy-id='" + strategyId + "']"));
                if (item == null) {
                    return null;
                }
                item.click();
                return true;
            }, WAIT);
            browser.waitFor(d -> d.getCurrentUrl().endsWith("#" + strategyId) ? true : null, WAIT);
            browser.driver().navigate().back();
            String secondName = strategy(secondId).body().path("strategy").path("name").asText();
            browser.waitFor(d -> d.getCurrentUrl().endsWith("#" + secondId)
                    && secondName.equals(d.findElement(By.id("chat-title")).getText()) ? true : null, WAIT);
            browser.driver().navigate().forward();
            String firstName = strategy(strategyId).body().path("strategy").path("name").asText();
            browser.waitFor(d -> d.getCurrentUrl().endsWith("#" + strategyId)
                    && firstName.equals(d.findElement(By.id("chat-title")).getText()) ? true : null, WAIT);

            // renamed: the title, the list and the API say the new name
            browser.waitFor(d -> browser.first(By.id("conversation-rename")).isDisplayed() ? true : null, WAIT);
            browser.driver().findElement(By.id("conversation-rename")).click();
            WebElement name = browser.waitFor(d -> browser.first(By.id("conversation-name")), WAIT);
            browser.screenshot("chat-rename-1280");
            name.sendKeys(Keys.chord(Keys.CONTROL, "a"), "Kinase hunt", Keys.ENTER);
            browser.waitFor(d -> "Kinase hunt".equals(d.findElement(By.id("chat-title")).getText()) ? true : null, WAIT);
            assertEquals("Kinase hunt", strategy(strategyId).body().path("strategy").path("name").asText());
            browser.waitFor(d -> d.findElement(By.cssSelector("[data-strategy-id='" + strategyId + "']")).getText()
                    .contains("Kinase hunt") ? true : null, WAIT);

            // a blank name: refused by the API on its field, nothing changed
            browser.driver().findElement(By.id("conversation-rename")).click();
            name = browser.waitFor(d -> browser.first(By.id("conversation-name")), WAIT);
            name.sendKeys(Keys.chord(Keys.CONTROL, "a"), "   ", Keys.ENTER);
            WebElement refused = browser.waitFor(d -> {
                WebElement error = browser.first(By.id("conversation-name-error"));
                return error != null && !error.getText().isBlank() ? error : null;
            }, WAIT);
            assertEquals("true", browser.driver().findElement(By.id("conversation-name")).getAttribute("aria-invalid"));
            assertTrue(refused.getText().contains("name"), refused.getText());
            assertEquals("Kinase hunt", strategy(strategyId).body().path("strategy").path("name").asText());

            // deleted: gone from the page and the API
            browser.driver().findElement(By.id("conversation-delete")).click();
            browser.waitFor(d -> browser.first(By.id("conversation-delete-confirm")), WAIT);
            browser.screenshot("chat-delete-1280");
            browser.driver().findElement(By.id("conversation-delete-confirm")).click();
            browser.waitFor(d -> "New chat".equals(d.findElement(By.id("chat-title")).getText())
                    && d.findElements(By.cssSelector("[data-strategy-id='" + strategyId + "']")).isEmpty() ? true : null, WAIT);
            assertEquals(404, strategy(strategyId).status());
            browser.assertNoConsoleErrors();
        }
    }

    private record Answer(int status, JsonNode body) {
    }

    private static Answer strategy(String id) throws Exception {
        return api("/api/v1/strategies/" + id);
    }

    private static Answer api(String path) throws Exception {
        HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(stack.baseUri().resolve(path))
                .header("Authorization", "Bearer " + stack.signIn("hugo")).GET().build(), HttpResponse.BodyHandlers.ofString());
        return new Answer(response.statusCode(), response.statusCode() == 200 ? JSON.readTree(response.body()) : null);
    }
}
