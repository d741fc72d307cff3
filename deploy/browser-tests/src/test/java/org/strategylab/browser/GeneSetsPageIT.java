package org.strategylab.browser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;
import org.strategylab.browser.support.Browser;
import org.strategylab.browser.support.BrowserStack;
import org.strategylab.browser.support.Browsers;

/**
 * Gene sets in the workbench (issue 39, item 4), each step checked against the API's answer: a TSV
 * file uploaded and its column picked, the IDs checked on the site (the unknown one named and kept),
 * a second set pasted, their intersection saved as a new set, the sets compared with the UpSet view
 * and its table, and a set opened in the wizard as controls and as the gene list.
 */
class GeneSetsPageIT {

    private static final Duration WAIT = Duration.ofSeconds(60);
    /** The file's ID column: simulator genes, one typed in lowercase, one the site does not know. */
    private static final List<String> FILE_IDS = List.of("PF3D7_0105300", "pf3d7_0106300", "PF3D7_0102200",
            "FAKE_GENE_9", "PF3D7_0107800");
    private static final List<String> PASTED = List.of("PF3D7_0105300", "PF3D7_0106300", "PF3D7_0107800", "PF3D7_0103200");

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
    void aFileAndAPastedListAreIntersectedComparedAndUsedInTheWizard(@TempDir Path files) throws Exception {
        String user = "gene-setter";
        String token = stack.signIn(user);
        Path tsv = files.resolve("screen-hits.tsv");
        StringBuilder table = new StringBuilder("product\tscore\tsystematic\n");
        for (int i = 0; i < FILE_IDS.size(); i++) {
            table.append("protein ").append(i).append('\t').append(i * 10).append('\t').append(FILE_IDS.get(i)).append('\n');
        }
        Files.writeString(tsv, table);

        try (Browser browser = Browsers.chromium(Browsers.DESKTOP)) {
            WebDriver d = browser.driver();
            browser.open(stack.baseUri(), "/workbench/").signIn(user);
            browser.click(By.id("wb-gene-sets"), WAIT);
            browser.waitFor(x -> browser.first(By.id("gs-new-form")), WAIT);

            // 1. a TSV file read in the page: no column header names an ID, so the person picks it
            browser.click(By.id("gs-source-file"), WAIT);
            browser.waitFor(x -> browser.first(By.id("gs-file")), WAIT).sendKeys(tsv.toAbsolutePath().toString());
            Select column = new Select(browser.waitFor(x -> browser.first(By.id("gs-column")), WAIT));
            assertEquals(List.of("product", "score", "systematic"), column.getOptions().stream().map(WebElement::getText).toList());
            column.selectByVisibleText("systematic");
            browser.waitFor(x -> x.findElement(By.id("gs-file-count")).getText().startsWith(FILE_IDS.size() + " IDs in “systematic”"), WAIT);
            WebElement name = d.findElement(By.id("gs-name"));
            assertEquals("screen-hits", name.getAttribute("value"), "named after the file until renamed");
            name.clear();
            name.sendKeys("Screen hits");
            browser.click(By.id("gs-save"), WAIT);
            String saved = browser.waitFor(x -> browser.first(By.id("gs-new-saved")), WAIT).getText();
            assertTrue(saved.contains("1 of them is not a gene of the site"), saved);
            // the check shown is the API's: the unknown ID named (kept in the set), the lowercase one renamed
            JsonNode check = post("/api/v1/control-resolutions", token, Map.of("siteId", "plasmodb", "positiveControls", FILE_IDS))
                    .get("controlResolution").get("positives");
            assertEquals(List.of("FAKE_GENE_9"), texts(check.get("unknown")));
            String shownUnknown = d.findElement(By.cssSelector("#gs-resolution .wb-resolution-unknown")).getText();
            assertTrue(shownUnknown.contains("FAKE_GENE_9 — not counted"), shownUnknown);
            String shownRenamed = d.findElement(By.cssSelector("#gs-resolution .wb-resolution-renamed")).getText();
            assertTrue(shownRenamed.contains("pf3d7_0106300 → PF3D7_0106300"), shownRenamed);
            JsonNode screen = setNamed(token, "Screen hits");
            assertEquals(FILE_IDS, texts(screen.get("positiveIds")), "saved as typed, nothing dropped");
            assertEquals(List.of("gene-set"), texts(screen.get("tags")));

            // 2. a second set pasted
            browser.click(By.id("gs-source-paste"), WAIT);
            browser.waitFor(x -> browser.first(By.id("gs-paste")), WAIT).sendKeys(String.join("\n", PASTED));
            name = d.findElement(By.id("gs-name"));
            name.clear();
            name.sendKeys("Kinases");
            browser.click(By.id("gs-save"), WAIT);
            browser.waitFor(x -> {
                WebElement shown = browser.first(By.id("gs-new-saved"));
                return shown != null && shown.getText().contains("Kinases");
            }, WAIT);
            JsonNode kinases = setNamed(token, "Kinases");
            assertEquals(PASTED, texts(kinases.get("positiveIds")));
            browser.waitFor(x -> x.findElements(By.cssSelector("#gs-table tbody tr")).size() == 2, WAIT);

            // 3. their intersection saved as a new set: the genes the API computes for the same two
            new Select(d.findElement(By.id("gs-left"))).selectByValue(screen.get("id").asText());
            new Select(d.findElement(By.id("gs-op"))).selectByValue("intersection");
            new Select(d.findElement(By.id("gs-right"))).selectByValue(kinases.get("id").asText());
            d.findElement(By.id("gs-combine-name")).sendKeys("Screened kinases");
            browser.click(By.id("gs-combine"), WAIT);
            String combined = browser.waitFor(x -> {
                WebElement out = browser.first(By.id("gs-combine-out"));
                return out != null && (browser.first(By.id("gs-combine-result")) != null
                        || !out.findElements(By.cssSelector(".error")).isEmpty()) ? out.getText() : null;
            }, WAIT);
            JsonNode algebra = post("/api/v1/gene-sets/algebra", token, Map.of("op", "intersection",
                    "leftSetId", screen.get("id").asText(), "rightSetId", kinases.get("id").asText()));
            // the lowercase ID is the same gene as the pasted one: three genes in both
            assertEquals(List.of("PF3D7_0105300", "PF3D7_0106300", "PF3D7_0107800"), texts(algebra.get("geneIds")));
            assertTrue(combined.contains("Saved “Screened kinases”: 3 genes"), combined);
            JsonNode both = setNamed(token, "Screened kinases");
            assertEquals(texts(algebra.get("geneIds")), texts(both.get("positiveIds")));
            browser.waitFor(x -> x.findElements(By.cssSelector("#gs-table tbody tr")).size() == 3, WAIT);

            // 4. the three compared: sizes, pairs and the UpSet view, as the API answers them
            List<String> rowIds = new ArrayList<>();
            for (WebElement row : d.findElements(By.cssSelector("#gs-table tbody tr"))) {
                rowIds.add(row.getAttribute("data-id"));
                row.findElement(By.cssSelector(".gs-pick")).click();
            }
            browser.click(By.id("gs-compare"), WAIT);
            browser.waitFor(x -> browser.first(By.id("gs-upset-table")), WAIT);
            JsonNode comparison = post("/api/v1/gene-sets/compare", token, Map.of("setIds", rowIds));
            List<String> sizes = new ArrayList<>();
            comparison.get("sets").forEach(s -> sizes.add(s.get("name").asText() + " " + s.get("size").asInt() + " " + s.get("uniqueCount").asInt()));
            assertEquals(sizes, d.findElements(By.cssSelector("#gs-compare-sizes tbody tr")).stream().map(WebElement::getText).toList());
            List<String> shared = new ArrayList<>();
            comparison.get("pairs").forEach(p -> shared.add(String.valueOf(p.get("shared").asInt())));
            assertEquals(shared, d.findElements(By.cssSelector("#gs-compare-pairs tbody td:last-child")).stream()
                    .map(WebElement::getText).toList());
            List<String> patterns = new ArrayList<>();
            List<String> counts = new ArrayList<>();
            comparison.get("intersections").forEach(x -> {
                patterns.add(String.join(",", texts(x.get("setIds"))));
                counts.add(String.valueOf(x.get("count").asInt()));
            });
            assertEquals(patterns, d.findElements(By.cssSelector("#gs-upset .gs-upset-bar")).stream()
                    .map(b -> b.getAttribute("data-sets")).toList());
            assertEquals(counts, d.findElements(By.cssSelector("#gs-upset .gs-upset-bar")).stream()
                    .map(b -> b.getAttribute("data-count")).toList());
            assertEquals(patterns, d.findElements(By.cssSelector("#gs-upset-table tbody tr")).stream()
                    .map(r -> r.getAttribute("data-sets")).toList());
            assertEquals(counts, d.findElements(By.cssSelector("#gs-upset-table tbody td.num")).stream()
                    .map(WebElement::getText).toList());
            // each bar's dots: filled for exactly its pattern's sets; its label says the pattern and the count
            WebElement firstBar = d.findElement(By.cssSelector("#gs-upset .gs-upset-bar"));
            int members = comparison.get("intersections").get(0).get("setIds").size();
            assertEquals(members, firstBar.findElements(By.cssSelector("circle.on")).size());
            assertTrue(firstBar.getAttribute("aria-label").endsWith(counts.get(0) + " gene" + ("1".equals(counts.get(0)) ? "" : "s")),
                    firstBar.getAttribute("aria-label"));
            assertEquals(3, comparison.get("intersections").get(0).get("count").asInt(), "the three shared genes lead");
            browser.screenshot("gene-sets-compare-1280");

            // 5. a set as the wizard's controls, and as its gene list
            browser.click(By.cssSelector("#gs-table tr[data-id='" + kinases.get("id").asText() + "'] .gs-use-controls"), WAIT);
            browser.waitFor(x -> browser.first(By.id("wb-search-q")), WAIT);
            assertTrue(d.getCurrentUrl().endsWith("#/new/controls/" + kinases.get("id").asText()), d.getCurrentUrl());
            assertEquals("plasmodb", new Select(d.findElement(By.id("wb-site"))).getFirstSelectedOption().getAttribute("value"));
            browser.click(By.cssSelector("[data-search=GenesByText]"), WAIT);
            WebElement text = browser.waitFor(x -> browser.first(By.id("wb-param-text_expression")), WAIT);
            text.clear();
            text.sendKeys("kinase");
            browser.click(By.id("wb-next"), WAIT);
            Select controlSet = new Select(browser.waitFor(x -> browser.first(By.id("wb-control-set")), WAIT));
            assertEquals(kinases.get("id").asText(), controlSet.getFirstSelectedOption().getAttribute("value"));

            browser.open(stack.baseUri(), "/workbench/#/gene-sets");
            browser.click(By.cssSelector("#gs-table tr[data-id='" + both.get("id").asText() + "'] .gs-use-list"), WAIT);
            WebElement geneIds = browser.waitFor(x -> browser.first(By.id("wb-gene-ids")), WAIT);
            assertEquals(String.join("\n", texts(both.get("positiveIds"))), geneIds.getAttribute("value"));
            assertTrue(d.findElement(By.id("wb-mode-ids")).isSelected());
            browser.assertNoConsoleErrors();
        }
    }

    private static JsonNode setNamed(String token, String name) throws Exception {
        for (JsonNode set : get("/api/v1/control-sets?tags=gene-set&limit=500", token).get("items")) {
            if (set.get("name").asText().equals(name)) {
                return set;
            }
        }
        throw new AssertionError("no gene set named " + name);
    }

    private static List<String> texts(JsonNode array) {
        List<String> values = new ArrayList<>();
        array.forEach(v -> values.add(v.asText()));
        return values;
    }


    private static JsonNode get(String path, String token) throws Exception {
        return stack.api().get(path, token);
    }

    private static JsonNode post(String path, String token, Object body) throws Exception {
        return stack.api().post(path, token, body);
    }

    private static JsonNode send(HttpRequest.Builder request) throws Exception {
        return stack.api().send(request);
    }
}
