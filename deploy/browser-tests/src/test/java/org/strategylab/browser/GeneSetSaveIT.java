package org.strategylab.browser;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;
import org.strategylab.browser.support.Browser;
import org.strategylab.browser.support.BrowserStack;
import org.strategylab.browser.support.Browsers;

/**
 * An experiment's result saved as a gene set from its results view, then renamed and deleted in the
 * gene sets view (issue 39, item 4), each step checked against the API: the saved set holds exactly
 * the result's genes as the records endpoint lists them (one per gene, not per transcript), the true
 * positives saved are the run's; a class without a gene is refused inline; the renamed set answers its
 * new name, the deleted one a 404.
 */
class GeneSetSaveIT {

    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final List<String> REDUCTASES = List.of("PF3D7_0102200", "PF3D7_0102300", "PF3D7_0102400", "PF3D7_0105900");
    private static final List<String> KINASES = List.of("PF3D7_0105300", "PF3D7_0106300", "PF3D7_0107800", "PF3D7_0103200");

    private static BrowserStack stack;

    @BeforeAll
    static void startStack() {
        stack = BrowserStack.shared();
    }

    @Test
    void theResultIsSavedAsAGeneSetThenRenamedAndDeletedInThePage() throws Exception {
        String user = "result-saver";
        String token = stack.signIn(user);
        JsonNode started = stack.api().post("/api/v1/experiments", token, Map.of("siteId", "plasmodb",
                "name", "Reductase screen", "searchName", "GenesByText",
                "parameters", Map.of("text_search_organism", List.of("Plasmodium falciparum 3D7"), "text_expression", "*reductase"),
                "positiveControls", REDUCTASES, "negativeControls", KINASES));
        String id = started.get("experimentId").asText();
        await().atMost(WAIT).pollInterval(Duration.ofMillis(250)).until(() -> Set.of("completed", "error")
                .contains(get("/api/v1/experiments/" + id, token).path("status").asText()));
        JsonNode experiment = get("/api/v1/experiments/" + id, token);
        assertEquals("completed", experiment.path("status").asText());
        // a class of control genes without a gene, to be refused (the reductases are found, or the kinases left out)
        String emptyClass = null;
        for (String[] c : new String[][] {{"falseNegatives", "falseNegativeGenes", "false negatives"},
                {"falsePositives", "falsePositiveGenes", "false positives"}, {"trueNegatives", "trueNegativeGenes", "true negatives"}}) {
            if (emptyClass == null && experiment.path(c[1]).isEmpty()) {
                emptyClass = c[0] + "|" + c[2];
            }
        }
        assertTrue(emptyClass != null, "a class without a gene: " + experiment);
        String[] empty = emptyClass.split("\\|");
        List<String> truePositives = new ArrayList<>();
        experiment.path("truePositiveGenes").forEach(g -> truePositives.add(g.path("id").asText()));
        assertTrue(!truePositives.isEmpty());
        Set<String> resultGenes = resultGenes(id, token);

        try (Browser browser = Browsers.chromium(Browsers.DESKTOP)) {
            WebDriver d = browser.driver();
            browser.open(stack.baseUri(), "/workbench/").signIn(user);
            browser.open(stack.baseUri(), "/workbench/#/experiments/" + id + "/results");

            // 1. the whole result, under a name of the person's own
            browser.click(By.cssSelector("#wb-save-gene-set summary"), WAIT);
            WebElement name = browser.waitFor(x -> browser.first(By.id("wb-gs-name")), WAIT);
            assertEquals("Reductase screen — result", name.getAttribute("value"), "the name starts from the experiment's");
            browser.assertAccessible("the results with the save-as-gene-set form open");
            name.clear();
            name.sendKeys("Reductases from the screen");
            browser.click(By.id("wb-gs-save"), WAIT);
            WebElement saved = browser.waitFor(x -> browser.first(By.id("wb-gs-saved")), WAIT);
            assertEquals("status", saved.getAttribute("role"));
            String setId = saved.getAttribute("data-id");
            JsonNode set = get("/api/v1/control-sets/" + setId, token);
            assertEquals("Reductases from the screen", set.path("name").asText());
            assertEquals(List.of("gene-set"), texts(set.path("tags")));
            List<String> saveIds = texts(set.path("positiveIds"));
            assertEquals(resultGenes, new HashSet<>(saveIds), "exactly the result's genes");
            assertEquals(resultGenes.size(), saveIds.size(), "each gene once");
            assertTrue(saved.getText().startsWith("Saved “Reductases from the screen”: " + resultGenes.size() + " genes."), saved.getText());
            browser.assertAccessible("the result saved as a gene set");
            browser.screenshot("workbench-save-gene-set-1280");

            // 2. the true positives: after a save the name follows the choice again
            new Select(d.findElement(By.id("wb-gs-which"))).selectByValue("truePositives");
            assertEquals("Reductase screen — true positives", d.findElement(By.id("wb-gs-name")).getAttribute("value"));
            browser.click(By.id("wb-gs-save"), WAIT);
            String hitsId = browser.waitFor(x -> {
                WebElement s = browser.first(By.id("wb-gs-saved"));
                return s != null && !setId.equals(s.getAttribute("data-id")) ? s.getAttribute("data-id") : null;
            }, WAIT);
            assertEquals(truePositives, texts(get("/api/v1/control-sets/" + hitsId, token).path("positiveIds")));

            // 3. a class without a gene: the service's refusal, in the page
            new Select(d.findElement(By.id("wb-gs-which"))).selectByValue(empty[0]);
            browser.click(By.id("wb-gs-save"), WAIT);
            WebElement refused = browser.waitFor(x -> browser.first(By.cssSelector("#wb-gs-out .error")), WAIT);
            assertEquals("alert", refused.getAttribute("role"));
            assertTrue(refused.getText().contains("/which") && refused.getText().contains(empty[1]), refused.getText());
            assertEquals("true", d.findElement(By.id("wb-gs-which")).getAttribute("aria-invalid"));
            browser.assertAccessible("a refused save shown inline");

            // 4. to the gene sets view by the answer's link (the refusal replaced it: save once more)
            new Select(d.findElement(By.id("wb-gs-which"))).selectByValue("result");
            browser.click(By.id("wb-gs-save"), WAIT);
            browser.waitFor(x -> browser.first(By.id("wb-gs-saved")), WAIT);
            String thirdId = d.findElement(By.id("wb-gs-saved")).getAttribute("data-id");
            browser.click(By.id("wb-gs-open"), WAIT);
            String row = "#gs-table tr[data-id='" + setId + "']";
            browser.waitFor(x -> browser.first(By.cssSelector(row + " .gs-rename")), WAIT);
            browser.screenshot("workbench-gene-sets-manage-1280");

            // 5. renamed in the row
            browser.click(By.cssSelector(row + " .gs-rename"), WAIT);
            WebElement input = browser.waitFor(x -> browser.first(By.cssSelector(row + " .gs-rename-input")), WAIT);
            assertEquals("Reductases from the screen", input.getAttribute("value"));
            browser.assertAccessible("a gene set being renamed");
            input.clear();
            input.sendKeys("Screen reductases");
            browser.click(By.cssSelector(row + " .gs-rename-save"), WAIT);
            browser.waitFor(x -> {
                WebElement said = browser.first(By.id("gs-saved"));
                return said != null && said.getText().contains("to “Screen reductases”") ? said : null;
            }, WAIT);
            assertEquals("Screen reductases", d.findElement(By.cssSelector(row + " .gs-name")).getText());
            assertEquals("Screen reductases", get("/api/v1/control-sets/" + setId, token).path("name").asText());

            // 6. deleted after a confirmation in the row (no browser dialog)
            browser.click(By.cssSelector(row + " .gs-delete"), WAIT);
            WebElement confirm = browser.waitFor(x -> browser.first(By.cssSelector(row + " .gs-delete-confirm")), WAIT);
            assertTrue(d.findElement(By.cssSelector(row + " .gs-confirm")).getText().contains("Delete “Screen reductases”?"));
            browser.assertAccessible("a gene set's delete awaiting its confirmation");
            assertEquals(200, status("/api/v1/control-sets/" + setId, token), "nothing deleted before the confirmation");
            confirm.click();
            browser.waitFor(x -> {
                WebElement said = browser.first(By.id("gs-saved"));
                return said != null && said.getText().contains("Deleted “Screen reductases”") ? said : null;
            }, WAIT);
            assertTrue(d.findElements(By.cssSelector(row)).isEmpty(), "the row is gone");
            assertEquals(404, status("/api/v1/control-sets/" + setId, token));
            assertTrue(browser.first(By.cssSelector("#gs-table tr[data-id='" + hitsId + "']")) != null);
            assertTrue(browser.first(By.cssSelector("#gs-table tr[data-id='" + thirdId + "']")) != null);
            browser.assertAccessible("the gene sets after a delete");
            browser.assertNoConsoleErrors();
        }
    }

    /** The result's genes as the records endpoint lists them: a row per transcript, each row's gene. */
    private static Set<String> resultGenes(String id, String token) throws Exception {
        Set<String> genes = new LinkedHashSet<>();
        long total;
        int offset = 0;
        do {
            JsonNode page = get("/api/v1/experiments/" + id + "/results/records?limit=500&offset=" + offset, token);
            total = page.path("meta").path("totalCount").asLong();
            for (JsonNode record : page.path("records")) {
                JsonNode key = record.path("primaryKey");
                String gene = key.hasNonNull("gene_source_id") ? key.get("gene_source_id").asText()
                        : key.hasNonNull("source_id") ? key.get("source_id").asText() : record.path("id").asText();
                genes.add(gene);
            }
            offset += 500;
        } while (offset < total);
        assertEquals(get("/api/v1/experiments/" + id + "/results/records?limit=1", token).path("meta").path("displayTotalCount").asLong(),
                genes.size(), "the records' genes are the result's genes");
        return genes;
    }

    private static int status(String path, String token) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(stack.baseUri() + path))
                .header("Authorization", "Bearer " + token).GET().build(), HttpResponse.BodyHandlers.discarding()).statusCode();
    }

    private static List<String> texts(JsonNode array) {
        List<String> values = new ArrayList<>();
        array.forEach(v -> values.add(v.asText()));
        return values;
    }


    private static JsonNode get(String path, String token) throws Exception {
        return stack.api().get(path, token);
    }
}
