package org.strategylab.browser;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;
import org.strategylab.browser.support.Browser;
import org.strategylab.browser.support.BrowserStack;
import org.strategylab.browser.support.Browsers;

/**
 * Finding and setting a search in the workbench's wizard (issue 39, item 7), each step checked
 * against the API's answer: the GO Term search found by a GO term's name and by an enzyme class,
 * the record types each listed once, a search's title apart from its description, the GO parameter
 * set through a typeahead over the catalogue's vocabulary ranking, the organism starting at one.
 */
class SearchFindingIT {

    private static final Duration WAIT = Duration.ofSeconds(60);

    private static BrowserStack stack;

    @BeforeAll
    static void startStack() {
        stack = BrowserStack.shared();
    }

    @AfterAll
    static void resetFaults() {
        if (stack != null) {
            stack.simulator().faults().reset();
        }
    }

    @Test
    void theGoTermSearchIsFoundAndItsTermChosenByTyping() throws Exception {
        String token = stack.signIn("gerty");
        try (Browser browser = Browsers.chromium(Browsers.DESKTOP)) {
            WebDriver d = browser.driver();
            browser.open(stack.baseUri(), "/workbench/#/new").signIn("gerty");

            // the record types: each choice once, under a label of its own, those with searches
            Select recordType = new Select(browser.waitFor(x -> {
                WebElement select = browser.first(By.id("wb-record-type"));
                return select != null && !new Select(select).getOptions().isEmpty() ? select : null;
            }, WAIT));
            List<String> labels = recordType.getOptions().stream().map(WebElement::getText).toList();
            assertEquals(labels.size(), new HashSet<>(labels).size(), labels.toString());
            JsonNode types = items(get("/api/v1/sites/plasmodb/record-types", token));
            Set<String> withSearches = new HashSet<>();
            types.forEach(t -> {
                if (t.path("searchCount").asInt(1) > 0) withSearches.add(t.path("name").asText());
            });
            Set<String> listed = new HashSet<>();
            recordType.getOptions().forEach(o -> listed.add(o.getAttribute("value")));
            assertEquals(withSearches, listed);

            // a GO term's name and an enzyme class both list the GO Term search, as the API ranks it
            for (String words : List.of("protein kinase activity", "kinase")) {
                WebElement query = d.findElement(By.id("wb-search-q"));
                query.clear();
                query.sendKeys(words, Keys.ENTER);
                List<String> expected = new ArrayList<>();
                for (JsonNode s : items(get("/api/v1/sites/plasmodb/searches?recordType=transcript&q="
                        + URLEncoder.encode(words, StandardCharsets.UTF_8), token))) {
                    if (s.path("kind").asText("search").equals("search") && expected.size() < 40) {
                        expected.add(s.path("name").asText());
                    }
                }
                assertTrue(expected.contains("GenesByGoTerm"), words + ": " + expected);
                List<String> shown = browser.waitFor(x -> {
                    List<String> names = x.findElements(By.cssSelector(".wb-choices [data-search]")).stream()
                            .map(b -> b.getAttribute("data-search")).toList();
                    return names.equals(expected) ? names : null;
                }, WAIT);
                assertTrue(shown.contains("GenesByGoTerm"), words);
            }
            browser.screenshot("workbench-search-found-1280");

            // the title stands above its description, not run into it
            WebElement choice = d.findElement(By.cssSelector("[data-search=GenesByGoTerm]"));
            WebElement title = choice.findElement(By.tagName("strong"));
            WebElement description = choice.findElement(By.cssSelector(".muted"));
            assertTrue(description.getLocation().getY() > title.getLocation().getY() + title.getSize().getHeight() / 2,
                    "the description starts below the title: " + title.getRect() + " " + description.getRect());
            assertTrue(choice.getText().contains("\n"), choice.getText());

            // the GO parameter is a typeahead over the catalogue's vocabulary ranking, not 500 checkboxes
            choice.click();
            WebElement typeahead = browser.waitFor(x -> browser.first(By.id("wb-param-go_typeahead-q")), WAIT);
            assertEquals(0, d.findElements(By.cssSelector("#wb-param-go_typeahead input[type=checkbox]")).size());
            typeahead.sendKeys("kinase");
            JsonNode ranked = items(get("/api/v1/sites/plasmodb/searches/transcript/GenesByGoTerm/param-specs/go_typeahead/vocabulary?q=kinase", token));
            List<String> expectedTerms = StreamSupport.stream(ranked.spliterator(), false)
                    .filter(t -> t.path("leaf").asBoolean(true)).map(t -> t.path("term").asText()).limit(15).toList();
            assertFalse(expectedTerms.isEmpty(), "the simulator's GO vocabulary has kinase terms");
            List<String> offered = browser.waitFor(x -> {
                List<String> terms = x.findElements(By.cssSelector("#wb-param-go_typeahead-matches button")).stream()
                        .map(b -> b.getAttribute("data-term")).toList();
                return terms.equals(expectedTerms) ? terms : null;
            }, WAIT);
            d.findElement(By.cssSelector("#wb-param-go_typeahead-matches button[data-term='" + offered.get(0) + "']")).click();
            browser.waitFor(x -> browser.first(By.cssSelector("#wb-param-go_typeahead-chosen [data-term='" + offered.get(0) + "']")), WAIT);

            // the organism starts at one organism, not every organism of the site (the organisms are the
            // tree's leaves; a genus box is ticked too when its only species is)
            List<WebElement> organisms = d.findElements(By.cssSelector("#wb-param-organism input[type=checkbox]:not([data-branch])"));
            assertTrue(organisms.size() > 1, "the site has several organisms");
            assertEquals(1, organisms.stream().filter(WebElement::isSelected).count());
            String organism = organisms.stream().filter(WebElement::isSelected).findFirst().orElseThrow().getAttribute("value");
            browser.screenshot("workbench-go-typeahead-1280");

            // the site accepts the values; the run carries them
            browser.driver().findElement(By.id("wb-next")).click();
            browser.waitFor(x -> browser.first(By.id("wb-positives")), WAIT).sendKeys("PF3D7_0105300 PF3D7_0106300");
            d.findElement(By.id("wb-negatives")).sendKeys("PF3D7_0102200 PF3D7_0102300");
            d.findElement(By.id("wb-next")).click();
            browser.waitFor(x -> browser.first(By.id("wb-exp-name")), WAIT).sendKeys("Kinases by GO term");
            d.findElement(By.id("wb-run")).click();
            String experimentId = browser.waitFor(x -> {
                String url = x.getCurrentUrl();
                return url.matches(".*#/experiments/[^/]+/.*") ? url.replaceAll(".*#/experiments/([^/]+)/.*", "$1") : null;
            }, WAIT);
            await().atMost(WAIT).pollInterval(Duration.ofMillis(250)).until(() -> Set.of("completed", "error", "cancelled")
                    .contains(get("/api/v1/experiments/" + experimentId, token).path("status").asText()));
            JsonNode experiment = get("/api/v1/experiments/" + experimentId, token);
            JsonNode goValue = experiment.findValue("go_typeahead");
            assertNotNull(goValue, experiment.toString());
            assertTrue(goValue.toString().contains(offered.get(0)), goValue.toString());
            JsonNode organismValue = experiment.findParent("go_typeahead").get("organism");
            assertNotNull(organismValue, experiment.toString());
            assertTrue(organismValue.toString().contains(organism), organismValue.toString());
            browser.assertNoConsoleErrors();
        }
    }

    private static JsonNode items(JsonNode answer) {
        return answer.isArray() ? answer : answer.path("items");
    }

    private static JsonNode get(String path, String token) throws Exception {
        return stack.api().get(path, token);
    }
}
