package org.strategylab.browser;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.strategylab.browser.support.Browser;
import org.strategylab.browser.support.BrowserStack;
import org.strategylab.browser.support.Browsers;

/**
 * An experiment's results as VEuPathDB users expect (issue 39, item 8): the classified control genes
 * downloaded as TSV are the API's classes, gene for gene; the column chooser adds a column to the
 * records table.
 */
class ResultsExportIT {

    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> REDUCTASES = List.of("PF3D7_0102200", "PF3D7_0102300", "PF3D7_0102400", "PF3D7_0105900");
    private static final List<String> KINASES = List.of("PF3D7_0105300", "PF3D7_0106300", "PF3D7_0107800", "PF3D7_0103200");

    private static BrowserStack stack;

    @BeforeAll
    static void startStack() {
        stack = BrowserStack.shared();
    }

    @Test
    void theClassifiedGenesDownloadAsTheApiClassesThemAndAColumnCanBeAdded(@TempDir Path downloads) throws Exception {
        String token = stack.signIn("ursula");
        JsonNode started = send(HttpRequest.newBuilder(URI.create(stack.baseUri() + "/api/v1/experiments"))
                .header("Authorization", "Bearer " + token).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(Map.of("siteId", "plasmodb",
                        "name", "Reductases for export", "searchName", "GenesByText",
                        "parameters", Map.of("text_search_organism", List.of("Plasmodium falciparum 3D7"), "text_expression", "*reductase"),
                        "positiveControls", REDUCTASES, "negativeControls", KINASES)))));
        String id = started.get("experimentId").asText();
        await().atMost(WAIT).pollInterval(Duration.ofMillis(250)).until(() -> Set.of("completed", "error")
                .contains(get("/api/v1/experiments/" + id, token).path("status").asText()));
        JsonNode experiment = get("/api/v1/experiments/" + id, token);
        assertEquals("completed", experiment.path("status").asText());
        List<String> expected = new ArrayList<>();
        for (String[] list : new String[][] {{"TP", "truePositiveGenes"}, {"FP", "falsePositiveGenes"},
                {"FN", "falseNegativeGenes"}, {"TN", "trueNegativeGenes"}}) {
            experiment.path(list[1]).forEach(g -> expected.add(list[0] + "\t" + g.path("id").asText()));
        }
        assertTrue(expected.size() > 0);

        try (Browser browser = Browsers.chromium(Browsers.DESKTOP)) {
            browser.open(stack.baseUri(), "/workbench/").signIn("ursula");
            browser.open(stack.baseUri(), "/workbench/#/experiments/" + id + "/results");
            ((ChromeDriver) browser.driver()).executeCdpCommand("Browser.setDownloadBehavior",
                    Map.of("behavior", "allow", "downloadPath", downloads.toAbsolutePath().toString()));
            WebElement tsv = browser.waitFor(d -> browser.first(By.id("wb-download-tsv")), WAIT);
            String fileName = tsv.getAttribute("download");
            browser.script("arguments[0].scrollIntoView({block: 'center'})", tsv);
            tsv.click();
            Path file = browser.waitFor(d -> {
                Path f = downloads.resolve(fileName);
                return Files.exists(f) && !Files.exists(downloads.resolve(fileName + ".crdownload")) ? f : null;
            }, WAIT);
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            assertEquals("class\tid\tname\torganism\tproduct", lines.get(0));
            List<String> shown = lines.subList(1, lines.size()).stream()
                    .map(l -> String.join("\t", List.of(l.split("\t", -1)).subList(0, 2))).toList();
            assertEquals(expected, shown);

            // the column chooser: a column ticked is a column of the records table
            WebElement chooser = browser.waitFor(d -> browser.first(By.cssSelector("#wb-columns summary")), WAIT);
            browser.script("arguments[0].scrollIntoView({block: 'center'})", chooser);
            chooser.click();
            WebElement unticked = browser.waitFor(d -> d.findElements(By.cssSelector("#wb-columns input[type=checkbox]")).stream()
                    .filter(b -> !b.isSelected()).findFirst().orElse(null), WAIT);
            String label = unticked.findElement(By.xpath("..")).getText().trim();
            int before = browser.driver().findElements(By.cssSelector("#wb-records-table thead th")).size();
            unticked.click();
            browser.waitFor(d -> d.findElements(By.cssSelector("#wb-records-table thead th")).size() == before + 1 ? true : null, WAIT);
            String headers = browser.driver().findElement(By.cssSelector("#wb-records-table thead")).getText();
            assertTrue(headers.contains(label), label + " in " + headers);
            browser.screenshot("workbench-columns-1280");

            // each record's gene linked to its page on the site: the site's webUrl, /app/record/gene/, the row's gene
            JsonNode site = null;
            for (JsonNode s : get("/api/v1/sites", token).path("items")) {
                if ("plasmodb".equals(s.path("id").asText())) {
                    site = s;
                }
            }
            assertNotNull(site);
            List<WebElement> rows = browser.driver().findElements(By.cssSelector("#wb-records-table tbody tr"));
            assertFalse(rows.isEmpty());
            for (WebElement row : rows) {
                String shownId = row.findElement(By.cssSelector("td button.wb-link")).getText();
                WebElement link = row.findElement(By.cssSelector("td a.wb-site-link"));
                String prefix = site.path("webUrl").asText() + "/app/record/gene/";
                assertTrue(link.getAttribute("href").startsWith(prefix), link.getAttribute("href"));
                // a transcript's row (PF3D7_0102200.1) links its gene's page (PF3D7_0102200)
                String gene = link.getAttribute("href").substring(prefix.length());
                assertTrue(shownId.equals(gene) || shownId.startsWith(gene + "."), gene + " for " + shownId);
                assertEquals("_blank", link.getAttribute("target"));
            }
            browser.assertAccessible("the records with their gene pages linked");
            browser.assertNoConsoleErrors();
        }

        // at 390 px the records keep their product column in view, beside the ID and the class
        try (Browser phone = Browsers.chromium(Browsers.PHONE)) {
            phone.open(stack.baseUri(), "/workbench/").signIn("ursula");
            phone.open(stack.baseUri(), "/workbench/#/experiments/" + id + "/results");
            WebElement product = phone.waitFor(d -> d.findElements(By.cssSelector("#wb-records-table thead th")).stream()
                    .filter(th -> th.getText().startsWith("Product")).findFirst().orElse(null), WAIT);
            phone.script("arguments[0].scrollIntoView({block: 'center', inline: 'nearest'})", product);
            phone.screenshot("workbench-records-390");
            Number right = (Number) phone.script("return arguments[0].getBoundingClientRect().right", product);
            Number width = (Number) phone.script("return document.documentElement.clientWidth");
            assertTrue(right.doubleValue() <= width.doubleValue(), "the product column ends at " + right + " of " + width);
            Number scrolled = (Number) phone.script("return document.querySelector('.wb-table-wrap').scrollLeft");
            assertEquals(0, scrolled.intValue(), "no sideways scrolling needed to see it");
            // read, not squeezed: the product column at least a third of the screen, its header on one or two lines
            Number productWidth = (Number) phone.script("return arguments[0].getBoundingClientRect().width", product);
            assertTrue(productWidth.doubleValue() >= width.doubleValue() / 3, "the product column is " + productWidth + " px wide");
            assertTrue(phone.driver().findElement(By.cssSelector(".wb-narrow-note")).isDisplayed(), "the note says where the other columns are");
        }
    }

    private static JsonNode get(String path, String token) throws Exception {
        return stack.api().get(path, token);
    }

    private static JsonNode send(HttpRequest.Builder request) throws Exception {
        return stack.api().send(request);
    }
}
