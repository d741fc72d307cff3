package org.strategylab.browser;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.Select;
import org.strategylab.browser.support.Browser;
import org.strategylab.browser.support.BrowserStack;
import org.strategylab.browser.support.Browsers;
import org.strategylab.simulator.faults.Latency;

/**
 * The workbench `/workbench/` in a real headless Chromium against the whole stack (the WDK
 * simulator's PlasmoDB): a search experiment through the wizard to its results, a record's detail,
 * a threshold sweep whose points appear, the exported report opened, the overlap heatmap of two
 * experiments, and a control set named as markup staying text.
 */
class WorkbenchPageIT {

    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    /** Reductases of the simulator's P. falciparum (the text search "*reductase" finds them) and kinases. */
    private static final List<String> REDUCTASES = List.of("PF3D7_0102200", "PF3D7_0102300", "PF3D7_0102400", "PF3D7_0105900");
    private static final List<String> KINASES = List.of("PF3D7_0105300", "PF3D7_0106300", "PF3D7_0107800", "PF3D7_0103200");

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
    void aSearchExperimentGoesThroughTheWizardToItsResultsSweepAndReport(@TempDir Path downloads)
            throws Exception {
        try (Browser browser = Browsers.chromium(Browsers.DESKTOP)) {
            WebDriver d = browser.driver();
            browser.open(stack.baseUri(), "/workbench/").signIn("wanda");
            browser.click(By.id("wb-new"), WAIT);
            // 1. search: the site's catalogue, the text search
            browser.click(By.cssSelector("[data-search=GenesByText]"), WAIT);
            // 2. parameters from the specs: a bad value is refused by the site and shown on its field
            WebElement text = browser.waitFor(x -> browser.first(By.id("wb-param-text_expression")), WAIT);
            uncheckAll(browser, "#wb-param-text_search_organism input[type=checkbox]");
            browser.click(By.id("wb-next"), WAIT);
            browser.waitFor(x -> "true".equals(browser.first(By.id("wb-param-text_search_organism")).getAttribute("aria-invalid")), WAIT);
            String fieldError = browser.waitFor(x -> browser.first(By.id("wb-param-text_search_organism-error")), WAIT).getText();
            assertFalse(fieldError.isBlank());
            browser.screenshot("workbench-wizard-parameters-1280");
            d.findElement(By.cssSelector("#wb-param-text_search_organism input[value='Plasmodium falciparum 3D7']")).click();
            text = d.findElement(By.id("wb-param-text_expression"));
            text.clear();
            text.sendKeys("*reductase");
            browser.click(By.id("wb-next"), WAIT);
            // 3. controls pasted
            browser.waitFor(x -> browser.first(By.id("wb-positives")), WAIT).sendKeys(String.join("\n", REDUCTASES));
            d.findElement(By.id("wb-negatives")).sendKeys(String.join(" ", KINASES));
            browser.click(By.id("wb-next"), WAIT);
            // 4. run, followed live, then the results
            browser.waitFor(x -> browser.first(By.id("wb-exp-name")), WAIT).sendKeys("Reductases by text");
            browser.click(By.id("wb-run"), WAIT);
            browser.waitFor(x -> browser.first(By.id("wb-metric-cards")), WAIT);
            String experimentId = d.getCurrentUrl().replaceAll(".*#/experiments/([^/]+)/.*", "$1");
            JsonNode experiment = get("/api/v1/experiments/" + experimentId, stack.signIn("wanda"));
            JsonNode metrics = experiment.get("metrics");
            assertEquals("completed", experiment.get("status").asText());
            assertEquals(percent(metrics.get("sensitivity").asDouble()), card(browser, "sensitivity"));
            assertEquals(percent(metrics.get("precision").asDouble()), card(browser, "precision"));
            JsonNode cm = metrics.get("confusionMatrix");
            String matrix = d.findElement(By.id("wb-confusion")).getText();
            assertTrue(matrix.contains("TP " + cm.get("truePositives").asInt()), matrix);
            assertTrue(matrix.contains("FP " + cm.get("falsePositives").asInt()), matrix);
            assertEquals(3, d.findElements(By.cssSelector("#wb-rank-charts svg")).size());
            // counts are genes, the transcripts beside them where the site counted more rows than genes
            String facts = d.findElement(By.id("wb-result-facts")).getText();
            assertTrue(facts.startsWith(genesAndTranscripts(metrics.get("totalResults").asInt(),
                    metrics.path("totalTranscripts")) + " in the result"), facts + " vs " + metrics);

            // the records: the site's result rows with their class; one record's detail
            WebElement firstRecord = browser.waitFor(x -> browser.first(By.cssSelector("#wb-records-table .wb-link")), WAIT);
            String recordLabel = firstRecord.getText();
            firstRecord.click();
            String shown = browser.waitFor(x -> browser.first(By.id("wb-record-id")), WAIT).getText();
            assertEquals(recordLabel, shown);
            assertTrue(d.findElement(By.id("wb-record-detail")).getText().contains("Organism"));
            browser.screenshot("workbench-results-1280");
            // the true positives: the control genes the search found
            browser.click(By.cssSelector("[data-cls=TP]"), WAIT);
            String tpTable = browser.waitFor(x -> {
                String t = x.findElement(By.id("wb-records")).getText();
                return t.contains(REDUCTASES.get(0)) ? t : null;
            }, WAIT);
            for (JsonNode gene : experiment.get("truePositiveGenes")) {
                assertTrue(tpTable.contains(gene.get("id").asText()), tpTable);
            }

            // a categorical sweep of the text: its points appear on the chart as they finish
            browser.click(By.id("wb-tab-analysis"), WAIT);
            WebElement sweepPanel = browser.waitFor(x -> browser.first(By.cssSelector("#wb-panel-sweep summary")), WAIT);
            sweepPanel.click();
            browser.waitFor(x -> browser.first(By.cssSelector("#wb-sweep-param option[value=text_expression]")), WAIT);
            new Select(d.findElement(By.id("wb-sweep-param"))).selectByValue("text_expression");
            new Select(d.findElement(By.id("wb-sweep-type"))).selectByValue("categorical");
            d.findElement(By.id("wb-sweep-values")).sendKeys("*reductase, *kinase, *synthase");
            browser.click(By.id("wb-sweep-run"), WAIT);
            browser.waitFor(x -> x.findElements(By.cssSelector("#wb-sweep-chart circle.point.s0")).size() == 3, WAIT);
            browser.waitFor(x -> x.findElement(By.id("wb-sweep-status")).getText().startsWith("Done"), WAIT);
            browser.script("document.getElementById('wb-sweep-status').scrollIntoView()");
            browser.screenshot("workbench-sweep-1280");

            // the assistant scoped to this experiment (mock model): the reply streams in, tokens at its end
            browser.click(By.id("wb-tab-chat"), WAIT);
            browser.waitFor(x -> browser.first(By.id("wb-chat-input")), WAIT).sendKeys("How good is this experiment?");
            browser.click(By.id("wb-chat-send"), WAIT);
            String reply = browser.waitFor(x -> {
                String log = x.findElement(By.id("wb-chat-log")).getText();
                return log.contains("tokens") ? log : null;
            }, WAIT);
            assertTrue(reply.contains("How good is this experiment?"), reply);
            assertTrue(reply.contains("Reductases by text"), reply);
            browser.waitFor(x -> !x.findElement(By.id("wb-chat-stop")).isDisplayed(), WAIT);
            browser.screenshot("workbench-assistant-1280");

            // the report: downloaded by the page's link and opened in the browser
            ((ChromeDriver) d).executeCdpCommand("Browser.setDownloadBehavior",
                    Map.of("behavior", "allow", "downloadPath", downloads.toAbsolutePath().toString()));
            browser.click(By.id("wb-export"), WAIT);
            Path report = browser.waitFor(x -> downloaded(downloads, "experiment-" + experimentId + "-report.html"), WAIT);
            browser.assertNoConsoleErrors();
            d.get(report.toUri().toString());
            String reportText = d.findElement(By.tagName("body")).getText();
            assertTrue(reportText.contains("Reductases by text"), reportText);
            browser.screenshot("workbench-report-1280");
        }
    }

    /**
     * Issue 38's controls: the wizard's check resolves them as the run will (a saved set's too), names
     * each renamed ID with its gene and the unknown ones as not counted, says when no positive would
     * resolve, and the experiment's results show the same resolution after the run.
     */
    @Test
    void theWizardShowsHowTheControlsResolveBeforeTheRunAndTheResultsAfterIt() throws Exception {
        List<String> positives = List.of("pf3d7_0105300", "PF3D7_0100100.1", "FAKE_GENE_1", "PF3D7_0100600", "PF3D7_0105300");
        List<String> negatives = List.of("BOGUS", "PF3D7_0100300");
        String token = stack.signIn("rosalind");
        post("/api/v1/control-sets", token, Map.of("name", "issue 38 controls", "siteId", "plasmodb",
                "positiveIds", positives, "negativeIds", negatives));
        try (Browser browser = Browsers.chromium(Browsers.DESKTOP)) {
            WebDriver d = browser.driver();
            browser.open(stack.baseUri(), "/workbench/#/new").signIn("rosalind");
            browser.click(By.cssSelector("[data-search=GenesByText]"), WAIT);
            WebElement text = browser.waitFor(x -> browser.first(By.id("wb-param-text_expression")), WAIT);
            text.clear();
            text.sendKeys("*kinase");
            WebElement organism = d.findElement(By.cssSelector("#wb-param-text_search_organism input[value='Plasmodium falciparum 3D7']"));
            if (!organism.isSelected()) {
                organism.click();
            }
            browser.click(By.id("wb-next"), WAIT);

            // the saved set, resolved now as the run will resolve it
            browser.click(By.id("wb-controls-set"), WAIT);
            Select sets = new Select(browser.waitFor(x -> browser.first(By.id("wb-control-set")), WAIT));
            sets.selectByVisibleText(sets.getOptions().stream().map(WebElement::getText)
                    .filter(t -> t.startsWith("issue 38 controls")).findFirst().orElseThrow());
            browser.click(By.id("wb-resolve"), WAIT);
            String fromSet = browser.waitFor(x -> browser.first(By.id("wb-resolution-result")), WAIT).getText();
            assertResolutionShown(fromSet);

            // pasted IDs: the same, and a clear word when no positive would resolve
            browser.click(By.id("wb-controls-paste"), WAIT);
            WebElement positiveBox = browser.waitFor(x -> browser.first(By.id("wb-positives")), WAIT);
            positiveBox.sendKeys("FAKE_GENE_1\nNOT_A_GENE");
            d.findElement(By.id("wb-negatives")).sendKeys(String.join("\n", negatives));
            browser.click(By.id("wb-resolve"), WAIT);
            String refused = browser.waitFor(x -> browser.first(By.id("wb-resolution-result-no-positive")), WAIT).getText();
            assertTrue(refused.contains("would be refused"), refused);
            assertTrue(d.findElement(By.id("wb-resolution-result")).getText().contains("NOT_A_GENE — not counted"));
            positiveBox.sendKeys(Keys.chord(Keys.CONTROL, "a"), Keys.BACK_SPACE);
            positiveBox.sendKeys(String.join("\n", positives));
            browser.click(By.id("wb-resolve"), WAIT);
            String pasted = browser.waitFor(x -> {
                WebElement shown = browser.first(By.id("wb-resolution-result"));
                return shown != null && shown.getText().contains("3 genes counted") ? shown.getText() : null;
            }, WAIT);
            assertResolutionShown(pasted);
            browser.script("document.getElementById('wb-resolution-result').scrollIntoView()");
            browser.screenshot("workbench-controls-resolved-1280");

            // the run counts the resolved genes, and its results show the same resolution
            browser.click(By.id("wb-next"), WAIT);
            browser.waitFor(x -> browser.first(By.id("wb-exp-name")), WAIT).sendKeys("Issue 38 controls");
            browser.click(By.id("wb-run"), WAIT);
            browser.waitFor(x -> browser.first(By.id("wb-metric-cards")), WAIT);
            String after = browser.waitFor(x -> browser.first(By.id("wb-control-resolution")), WAIT).getText();
            assertResolutionShown(after);
            String experimentId = d.getCurrentUrl().replaceAll(".*#/experiments/([^/]+)/.*", "$1");
            JsonNode experiment = get("/api/v1/experiments/" + experimentId, token);
            assertEquals(3, experiment.path("metrics").path("totalPositives").asInt());
            assertEquals(1, experiment.path("metrics").path("totalNegatives").asInt());
            assertTrue(d.findElement(By.id("wb-result-facts")).getText().contains("3 positive and 1 negative controls"));
            browser.assertNoConsoleErrors();
        }
    }

    /** Issue 38's controls as shown: each renamed ID with its gene, the unknown ones not counted, the twin merged. */
    private static void assertResolutionShown(String shown) {
        for (String line : List.of("3 genes counted from 5 IDs", "pf3d7_0105300 → PF3D7_0105300",
                "PF3D7_0100100.1 → PF3D7_0100100", "FAKE_GENE_1 — not counted", "PF3D7_0105300 — merged",
                "1 gene counted from 2 IDs", "BOGUS — not counted")) {
            assertTrue(shown.contains(line), line + " in: " + shown);
        }
    }

    @Test
    void twoExperimentsAreComparedAsAJaccardHeatmap() throws Exception {
        String token = stack.signIn("olga");
        // gene-ID experiments: their genes are the controls they contain (TP and FP)
        String first = runGeneList(token, "Reductases and a kinase", List.of(REDUCTASES.get(0), REDUCTASES.get(1), KINASES.get(0)));
        String second = runGeneList(token, "One reductase and kinases", List.of(REDUCTASES.get(0), KINASES.get(0), KINASES.get(1)));
        // {r0, r1, k0} and {r0, k0, k1}: 2 shared of 4
        double jaccard = 2.0 / 4.0;
        for (int width : List.of(Browsers.DESKTOP, Browsers.PHONE)) {
            try (Browser browser = Browsers.chromium(width)) {
                WebDriver d = browser.driver();
                if (width == Browsers.DESKTOP) {
                    // a link to an experiment opened signed out asks for a sign-in, then shows the experiment
                    browser.open(stack.baseUri(), "/workbench/#/experiments/" + first + "/results");
                    browser.waitFor(x -> browser.first(By.id("wb-sign-in-needed")), WAIT);
                    browser.signIn("olga");
                    browser.waitFor(x -> browser.first(By.id("wb-metric-cards")), WAIT);
                    assertEquals(null, browser.first(By.id("wb-sign-in-needed")));
                    browser.open(stack.baseUri(), "/workbench/");
                } else {
                    browser.open(stack.baseUri(), "/workbench/").signIn("olga");
                }
                for (String id : List.of(first, second)) {
                    browser.click(By.cssSelector(".wb-exp[data-id='" + id + "'] input.wb-select"), WAIT);
                }
                browser.screenshot("workbench-list-" + width);
                browser.click(By.id("wb-compare"), WAIT);
                browser.waitFor(x -> x.findElements(By.cssSelector("#wb-overlap rect.heat-cell")).size() == 4, WAIT);
                List<String> values = d.findElements(By.cssSelector("#wb-overlap text.heat-value")).stream()
                        .map(WebElement::getText).toList();
                assertEquals(List.of("1", "0.5", "0.5", "1"), values, "Jaccard " + jaccard);
                // the page says what it compared, and offers the other basis
                String basisNote = browser.first(By.id("wb-overlap-basis-note")).getText();
                assertTrue(basisNote.contains("true and false positives"), basisNote);
                browser.script("document.getElementById('wb-overlap').scrollIntoView()");
                browser.screenshot("workbench-overlap-" + width);
                browser.click(By.cssSelector("#wb-overlap-basis input[value='result']"), WAIT);
                browser.waitFor(x -> x.findElements(By.id("wb-overlap-basis-note")).stream()
                        .anyMatch(e -> e.getText().contains("every gene")), WAIT);
                browser.waitFor(x -> x.findElements(By.cssSelector("#wb-overlap rect.heat-cell")).size() == 4, WAIT);
                browser.click(By.cssSelector("#wb-overlap-basis input[value='predicted-positives']"), WAIT);
                browser.waitFor(x -> x.findElements(By.id("wb-overlap-basis-note")).stream()
                        .anyMatch(e -> e.getText().contains("true and false positives")), WAIT);
                if (width == Browsers.PHONE) {
                    Object overflow = browser.script("return document.documentElement.scrollWidth > window.innerWidth");
                    assertEquals(Boolean.FALSE, overflow, "the page scrolls sideways at 390 px");
                }
                // one of them: a gene list, shown by its control genes of each class
                browser.open(stack.baseUri(), "/workbench/#/experiments/" + first + "/results");
                browser.waitFor(x -> browser.first(By.id("wb-metric-cards")), WAIT);
                String positives = browser.waitFor(x -> {
                    String t = x.findElement(By.id("wb-records")).getText();
                    return t.contains(REDUCTASES.get(1)) ? t : null;
                }, WAIT);
                assertTrue(positives.contains(REDUCTASES.get(0)), positives);
                browser.screenshot("workbench-genelist-results-" + width);
                browser.click(By.id("wb-tab-analysis"), WAIT);
                browser.waitFor(x -> browser.first(By.id("wb-panel-cv")), WAIT);
                browser.screenshot("workbench-genelist-analysis-" + width);
                browser.assertNoConsoleErrors();
            }
        }
    }

    @Test
    void aControlSetNamedAsMarkupStaysText() throws Exception {
        String token = stack.signIn("mallory");
        String name = "<img src=x onerror=alert(1)>";
        post("/api/v1/control-sets", token, Map.of("name", name, "siteId", "plasmodb",
                "positiveIds", REDUCTASES, "negativeIds", KINASES, "provenanceNotes", "<script>alert(2)</script>"));
        for (int width : List.of(Browsers.DESKTOP, Browsers.PHONE)) {
            try (Browser browser = Browsers.chromium(width)) {
                WebDriver d = browser.driver();
                browser.open(stack.baseUri(), "/workbench/#/new").signIn("mallory");
                browser.click(By.cssSelector("[data-search=GenesByText]"), WAIT);
                browser.waitFor(x -> browser.first(By.id("wb-param-text_expression")), WAIT);
                browser.click(By.id("wb-next"), WAIT);
                browser.click(By.id("wb-controls-set"), WAIT);
                WebElement select = browser.waitFor(x -> browser.first(By.id("wb-control-set")), WAIT);
                Select sets = new Select(select);
                WebElement option = sets.getOptions().stream().filter(o -> o.getText().startsWith("<img")).findFirst().orElseThrow();
                sets.selectByValue(option.getAttribute("value"));
                String shown = browser.waitFor(x -> browser.first(By.id("wb-control-set-name")), WAIT).getText();
                assertEquals(name, shown);
                assertEquals(0L, browser.script("return document.querySelectorAll('img, main script').length"));
                browser.screenshot("workbench-controls-" + width);
                browser.assertNoConsoleErrors();
            }
        }
    }

    /**
     * A strategy built in the chat is run as an experiment: the chat page links to the wizard, which
     * starts at the controls with the strategy's tree, and the experiment evaluates that tree.
     */
    @Test
    void aStrategyBuiltInTheChatRunsAsAnExperiment() throws Exception {
        String token = stack.signIn("rita");
        JsonNode started = post("/api/v1/chat", token, Map.of("siteId", "plasmodb", "provider", "mock",
                "message", "kinases in falciparum but not genes with signal peptides"));
        String strategyId = started.get("strategyId").asText();
        await().atMost(WAIT).pollInterval(Duration.ofMillis(250)).until(() -> {
            JsonNode view = get("/api/v1/strategies/" + strategyId, token);
            return view.path("activeOperationId").isNull() && view.path("graph").path("steps").size() == 3;
        });
        try (Browser browser = Browsers.chromium(Browsers.DESKTOP)) {
            WebDriver d = browser.driver();
            browser.open(stack.baseUri(), "/").signIn("rita");
            // the conversation's own address, loaded signed in (a reload opens the one in the hash)
            d.get(stack.baseUri() + "/#" + strategyId);
            d.navigate().refresh();
            WebElement link = browser.waitFor(x -> browser.first(By.id("run-as-experiment")), WAIT);
            assertTrue(link.getAttribute("href").endsWith("/workbench/#/new/strategy/" + strategyId), link.getAttribute("href"));
            link.click();
            // the wizard starts at the controls, with the strategy as what it evaluates
            browser.waitFor(x -> browser.first(By.id("wb-positives")), WAIT).sendKeys(String.join("\n", KINASES));
            d.findElement(By.id("wb-negatives")).sendKeys(String.join(" ", REDUCTASES));
            browser.click(By.id("wb-next"), WAIT);
            String summary = browser.waitFor(x -> browser.first(By.cssSelector(".wb-summary")), WAIT).getText();
            assertTrue(summary.contains("the strategy"), summary);
            browser.click(By.id("wb-run"), WAIT);
            browser.waitFor(x -> browser.first(By.id("wb-metric-cards")), WAIT);
            String experimentId = d.getCurrentUrl().replaceAll(".*#/experiments/([^/]+)/.*", "$1");
            JsonNode experiment = get("/api/v1/experiments/" + experimentId, token);
            assertEquals("completed", experiment.get("status").asText(), experiment.toString());
            assertEquals("multi-step", experiment.path("config").path("mode").asText());
            JsonNode tree = experiment.path("config").path("stepTree");
            assertEquals("MINUS", tree.path("operator").asText(), tree.toString());
            assertEquals(percent(experiment.path("metrics").path("sensitivity").asDouble()), card(browser, "sensitivity"));
            browser.assertNoConsoleErrors();
        }
    }

    /**
     * The analysis panels of a two-search tree (reductases by text, united with genes by molecular
     * weight), each read in the page and checked against the API's answer for the same experiment:
     * cross-validation per fold, an enrichment type's table (sorted by p-value, then re-sorted),
     * custom enrichment, step analysis drawn on the tree (each step's verdict on its node),
     * optimisation trials run from the page, and a column's distribution.
     */
    @Test
    void theAnalysisPanelsShowWhatTheApiAnswersForTheSameExperiment() throws Exception {
        String token = stack.signIn("petra");
        Map<String, Object> textStep = Map.of("displayName", "Reductases", "searchName", "GenesByText", "parameters",
                Map.of("text_expression", "*reductase", "text_search_organism", List.of("Plasmodium falciparum 3D7")));
        Map<String, Object> weightStep = Map.of("displayName", "Light proteins", "searchName", "GenesByMolecularWeight",
                "parameters", Map.of("organism", List.of("Plasmodium falciparum 3D7"),
                        "min_molecular_weight", "10000", "max_molecular_weight", "30000"));
        JsonNode started = post("/api/v1/experiments", token, Map.of("siteId", "plasmodb", "name", "Reductases or light",
                "mode", "multi-step", "stepTree", Map.of("operator", "UNION", "primaryInput", textStep, "secondaryInput", weightStep),
                "positiveControls", REDUCTASES, "negativeControls", KINASES, "enableCrossValidation", true,
                "enableStepAnalysis", true, "enrichmentTypes", List.of("go_process")));
        String id = awaitEnd(token, started.get("experimentId").asText());
        JsonNode experiment = get("/api/v1/experiments/" + id, token);
        assertEquals("completed", experiment.get("status").asText(), experiment.toString());

        try (Browser browser = Browsers.chromium(Browsers.DESKTOP)) {
            WebDriver d = browser.driver();
            openSignedIn(browser, "petra", "/workbench/#/experiments/" + id + "/analysis");
            // cross-validation: one row per held-out fold, its sensitivity as the API has it
            JsonNode folds = experiment.path("crossValidation").path("folds");
            assertTrue(folds.size() >= 2, experiment.path("crossValidation").toString());
            List<WebElement> foldRows = browser.waitFor(x -> {
                List<WebElement> rows = x.findElements(By.cssSelector("#wb-panel-cv tbody tr"));
                return rows.size() == folds.size() ? rows : null;
            }, WAIT);
            for (JsonNode fold : folds) {
                String row = foldRows.get(fold.get("foldIndex").asInt()).getText();
                assertTrue(row.startsWith(String.valueOf(fold.get("foldIndex").asInt() + 1)), row);
                assertTrue(row.contains(percent(fold.path("metrics").path("sensitivity").asDouble())), row + " vs " + fold);
            }
            browser.screenshot("workbench-cross-validation-1280");

            // enrichment: GO process terms, lowest p-value first; the p-value header sorts them the other way
            JsonNode terms = experiment.path("enrichmentResults").get(0).path("terms");
            assertTrue(terms.size() > 1, experiment.path("enrichmentResults").toString());
            List<JsonNode> byP = new java.util.ArrayList<>();
            terms.forEach(byP::add);
            byP.sort(java.util.Comparator.comparingDouble(t -> t.get("pValue").asDouble()));
            browser.click(By.cssSelector("#wb-panel-enrichment summary"), WAIT);
            String firstTerm = browser.waitFor(x -> browser.first(By.cssSelector("#wb-enrichment-results tbody tr td")), WAIT).getText();
            assertEquals(termLabel(byP.get(0)), firstTerm);
            assertEquals(Math.min(15, terms.size()), d.findElements(By.cssSelector("#wb-enrichment-results tbody tr")).size());
            WebElement pHeader = d.findElements(By.cssSelector("#wb-enrichment-results th button")).stream()
                    .filter(b -> b.getText().startsWith("p-value")).findFirst().orElseThrow();
            pHeader.click();
            browser.waitFor(x -> x.findElement(By.cssSelector("#wb-enrichment-results tbody tr td")).getText()
                    .equals(termLabel(byP.get(byP.size() - 1))), WAIT);
            browser.screenshot("workbench-enrichment-1280");

            // custom enrichment: the page's numbers are the API's for the same gene set
            List<String> custom = List.of(REDUCTASES.get(0), REDUCTASES.get(1), KINASES.get(0));
            JsonNode expected = post("/api/v1/experiments/" + id + "/custom-enrich", token,
                    Map.of("geneSetName", "my set", "geneIds", custom));
            browser.click(By.cssSelector("#wb-panel-custom summary"), WAIT);
            browser.waitFor(x -> browser.first(By.id("wb-custom-name")), WAIT).sendKeys("my set");
            d.findElement(By.id("wb-custom-ids")).sendKeys(String.join("\n", custom));
            browser.click(By.cssSelector("#wb-panel-custom button[type=submit]"), WAIT);
            WebElement result = browser.waitFor(x -> browser.first(By.id("wb-custom-result")), WAIT);
            Map<String, String> shown = definitions(result);
            assertEquals(String.valueOf(expected.get("geneSetSize").asInt()), shown.get("Set size"));
            assertEquals(String.valueOf(expected.get("overlapCount").asInt()), shown.get("In the result"));
            assertEquals(String.valueOf(expected.get("backgroundSize").asInt()).replaceAll("(\\d)(?=(\\d{3})+$)", "$1,"),
                    shown.get("Background"));
            assertEquals(pValue(expected.get("pValue").asDouble()), shown.get("p-value (hypergeometric)"));
            browser.screenshot("workbench-custom-enrichment-1280");

            // step analysis on the tree: the union on top, its two searches beneath, each with the API's verdict
            browser.click(By.cssSelector("#wb-panel-steps summary"), WAIT);
            browser.waitFor(x -> browser.first(By.id("wb-step-verdicts")), WAIT);
            assertEquals(2, d.findElements(By.cssSelector("#wb-step-verdicts > li > ul > li")).size());
            assertTrue(d.findElement(By.cssSelector("#wb-step-verdicts > li > .step .step-kind")).getText().equalsIgnoreCase("UNION"));
            JsonNode contributions = experiment.path("stepAnalysis").path("stepContributions");
            assertTrue(contributions.size() >= 2, experiment.path("stepAnalysis").toString());
            for (JsonNode c : contributions) {
                WebElement node = d.findElement(By.cssSelector("#wb-step-verdicts [data-step-id='" + c.get("stepId").asText() + "']"));
                assertEquals(c.get("verdict").asText(), node.getAttribute("data-verdict"));
                assertTrue(node.getText().toLowerCase(Locale.ROOT).contains(c.get("verdict").asText()), node.getText());
            }
            for (JsonNode s : experiment.path("stepAnalysis").path("stepEvaluations")) {
                WebElement node = d.findElement(By.cssSelector("#wb-step-verdicts [data-step-id='" + s.get("stepId").asText() + "']"));
                assertTrue(node.getText().contains(String.valueOf(s.get("resultCount").asInt())), node.getText() + " vs " + s);
                // its size in genes, the transcripts beside them where they differ: on the count and under the step
                String size = genesAndTranscripts(s.get("resultCount").asInt(), s.path("transcriptCount"));
                assertEquals(size, node.findElement(By.className("step-count")).getAttribute("title"), s.toString());
                String stepFacts = node.findElement(By.xpath("./following-sibling::div[contains(@class,'wb-step-facts')]")).getText();
                assertTrue(stepFacts.startsWith(size + " · recall"), stepFacts + " vs " + s);
            }
            browser.script("document.getElementById('wb-panel-steps').scrollIntoView()");
            browser.screenshot("workbench-step-analysis-1280");

            // optimisation trials: the weight step's upper bound tuned from the page; the table is the API's trials
            browser.click(By.cssSelector("#wb-panel-trials summary"), WAIT);
            // the tree's searches numbered as the service numbers them: the union step-1, text step-2, weight step-3
            new Select(browser.waitFor(x -> browser.first(By.id("wb-opt-step")), WAIT)).selectByValue("step-3");
            browser.waitFor(x -> browser.first(By.cssSelector("#wb-opt-param option[value=max_molecular_weight]")), WAIT);
            new Select(d.findElement(By.id("wb-opt-param"))).selectByValue("max_molecular_weight");
            for (String[] value : new String[][] {{"wb-opt-min", "20000"}, {"wb-opt-max", "80000"}, {"wb-opt-budget", "5"}}) {
                WebElement input = d.findElement(By.id(value[0]));
                input.clear();
                input.sendKeys(value[1]);
            }
            // the objective is the person's choice (issue 38), kept with the trials and shown beside them
            new Select(d.findElement(By.id("wb-opt-objective"))).selectByValue("f1");
            browser.click(By.cssSelector("#wb-panel-trials button[type=submit]"), WAIT);
            JsonNode optimised = await().atMost(WAIT).pollInterval(Duration.ofMillis(250)).until(
                    () -> get("/api/v1/experiments/" + id, token).path("treeOptimization"), t -> t.path("allTrials").size() > 0);
            List<WebElement> trialRows = browser.waitFor(x -> {
                List<WebElement> rows = x.findElements(By.cssSelector("#wb-panel-trials table:not(.wb-chart-values) tbody tr"));
                return rows.size() == optimised.path("allTrials").size() ? rows : null;
            }, WAIT);
            assertTrue(d.findElement(By.id("wb-panel-trials")).getText()
                    .contains("Best: trial " + optimised.path("bestTrial").path("trialNumber").asInt()), trialRows.get(0).getText());
            assertEquals("f1", optimised.path("objective").asText());
            assertTrue(d.findElement(By.id("wb-opt-objective-shown")).getText().contains("f1"),
                    d.findElement(By.id("wb-opt-objective-shown")).getText());
            // the trials as a chart too: one point per trial
            assertEquals(optimised.path("allTrials").size(),
                    d.findElements(By.cssSelector("#wb-opt-chart circle")).size());
            browser.script("document.getElementById('wb-panel-trials').scrollIntoView()");
            browser.screenshot("workbench-optimisation-1280");
            browser.assertNoConsoleErrors();
        }
        // the same panels on a phone, for the screenshots (no sideways scrolling)
        try (Browser browser = Browsers.chromium(Browsers.PHONE)) {
            openSignedIn(browser, "petra", "/workbench/#/experiments/" + id + "/analysis");
            browser.click(By.cssSelector("#wb-panel-steps summary"), WAIT);
            browser.waitFor(x -> browser.first(By.id("wb-step-verdicts")), WAIT);
            browser.script("document.getElementById('wb-panel-steps').scrollIntoView()");
            browser.screenshot("workbench-step-analysis-390");
            browser.click(By.cssSelector("#wb-panel-enrichment summary"), WAIT);
            browser.waitFor(x -> browser.first(By.cssSelector("#wb-enrichment-results tbody tr")), WAIT);
            browser.script("document.getElementById('wb-panel-enrichment').scrollIntoView()");
            browser.screenshot("workbench-enrichment-390");
            assertEquals(Boolean.FALSE, browser.script("return document.documentElement.scrollWidth > window.innerWidth"),
                    "the analysis page scrolls sideways at 390 px");
            browser.assertNoConsoleErrors();
        }
    }

    /**
     * Refinements are versions (issue 38 item 4): a refine shows as version 2 of the experiment with its
     * figures marked stale, in the list and on the page; version 1 stays readable as it was; the page's
     * Undo goes back to it; the assistant's "keep only …" makes version 2 again and the list shows its
     * new F1 without a reload.
     */
    @Test
    void aRefinementIsAVersionTheListFollowsAndUndoGoesBack() throws Exception {
        String token = stack.signIn("vera");
        JsonNode started = post("/api/v1/experiments", token, Map.of("siteId", "plasmodb", "name", "Taxon screen",
                "searchName", "GenesByTaxon", "parameters", Map.of("organism", List.of("Plasmodium falciparum 3D7")),
                "positiveControls", REDUCTASES, "negativeControls", KINASES));
        String id = awaitEnd(token, started.get("experimentId").asText());
        double firstF1 = get("/api/v1/experiments/" + id, token).path("metrics").path("f1Score").asDouble();
        post("/api/v1/experiments/" + id + "/refine", token, Map.of("action", "combine", "searchName", "GenesWithSignalPeptide",
                "parameters", Map.of("organism", List.of("Plasmodium falciparum 3D7")), "operator", "INTERSECT", "version", 1));
        try (Browser browser = Browsers.chromium(Browsers.DESKTOP)) {
            WebDriver d = browser.driver();
            openSignedIn(browser, "vera", "/workbench/#/experiments/" + id + "/results");
            By listed = By.cssSelector(".wb-exp[data-id='" + id + "']");
            String row = browser.waitFor(x -> {
                WebElement item = browser.first(listed);
                return item != null && item.getText().contains("v2 of") ? item.getText() : null;
            }, WAIT);
            assertTrue(row.contains("v2 of \u201cTaxon screen\u201d \u00b7 INTERSECT with GenesWithSignalPeptide"), row);
            assertTrue(row.contains("F1 " + percent(firstF1) + " \u00b7 stale"), row);
            assertTrue(browser.waitFor(x -> browser.first(By.id("wb-exp-version")), WAIT).getText().startsWith("Version 2 of 2"));
            browser.waitFor(x -> browser.first(By.id("wb-metrics-stale")), WAIT);
            browser.screenshot("workbench-version-stale-1280");

            // version 1, read as it was kept
            browser.click(By.cssSelector(".wb-exp[data-id='" + id + "'] .wb-exp-parent"), WAIT);
            browser.waitFor(x -> browser.first(By.id("wb-version-current")), WAIT);
            assertTrue(d.findElement(By.id("wb-exp-title")).getText().endsWith("version 1"));
            assertEquals(percent(firstF1), card(browser, "f1Score"));
            assertEquals(null, browser.first(By.id("wb-metrics-stale")));
            browser.click(By.id("wb-version-current"), WAIT);

            // one step back: version 1 is the experiment again, in the page, the list and the API
            browser.click(By.id("wb-undo"), WAIT);
            browser.waitFor(x -> browser.first(By.id("wb-exp-version")) == null && browser.first(By.id("wb-undo")) == null
                    && browser.first(By.id("wb-metric-cards")) != null, WAIT);
            assertEquals(percent(firstF1), card(browser, "f1Score"));
            browser.waitFor(x -> {
                String text = x.findElement(listed).getText();
                return !text.contains("v2 of") && text.contains("F1 " + percent(firstF1)) && !text.contains("stale");
            }, WAIT);
            assertEquals(1, get("/api/v1/experiments/" + id, token).path("version").asInt());

            // the assistant keeps two genes: version 2 again, re-evaluated, and the list shows its F1 at once
            browser.click(By.id("wb-tab-chat"), WAIT);
            browser.waitFor(x -> browser.first(By.id("wb-chat-input")), WAIT).sendKeys("keep only PF3D7_0102200 and PF3D7_0105300");
            browser.click(By.id("wb-chat-send"), WAIT);
            browser.waitFor(x -> {
                WebElement line = browser.first(By.id("wb-exp-version"));
                return line != null && line.getText().startsWith("Version 2 of 2") ? line : null;
            }, WAIT);
            JsonNode refined = get("/api/v1/experiments/" + id, token);
            assertEquals(2, refined.path("version").asInt());
            assertEquals(false, refined.path("metricsStale").asBoolean());
            double refinedF1 = refined.path("metrics").path("f1Score").asDouble();
            assertTrue(refinedF1 != firstF1, "keeping two genes changes F1");
            String after = browser.waitFor(x -> {
                String text = x.findElement(listed).getText();
                return text.contains("F1 " + percent(refinedF1)) ? text : null;
            }, WAIT);
            assertTrue(after.contains("kept only a list of genes") && !after.contains("stale"), after);
            // the same experiment, so the same conversation: the turn is still there after the page is drawn again
            browser.waitFor(x -> x.findElement(By.id("wb-chat-log")).getText().contains("keep only PF3D7_0102200"), WAIT);
            browser.screenshot("workbench-version-refined-1280");
            browser.assertNoConsoleErrors();
        }
    }

    /** A single search's result: a column's distribution in the page is the API's histogram. */
    @Test
    void aDistributionIsTheApisHistogram() throws Exception {
        String token = stack.signIn("dora");
        JsonNode started = post("/api/v1/experiments", token, Map.of("siteId", "plasmodb", "name", "Light proteins",
                "searchName", "GenesByMolecularWeight", "parameters", Map.of("organism", List.of("Plasmodium falciparum 3D7"),
                        "min_molecular_weight", "10000", "max_molecular_weight", "40000"),
                "positiveControls", REDUCTASES, "negativeControls", KINASES));
        String id = awaitEnd(token, started.get("experimentId").asText());
        try (Browser browser = Browsers.chromium(Browsers.DESKTOP)) {
            WebDriver d = browser.driver();
            openSignedIn(browser, "dora", "/workbench/#/experiments/" + id + "/results");
            WebElement column = browser.waitFor(x -> {
                WebElement select = browser.first(By.id("wb-distribution-column"));
                return select != null && !select.getAttribute("value").isEmpty() ? select : null;
            }, WAIT);
            String attribute = column.getAttribute("value");
            JsonNode histogram = get("/api/v1/experiments/" + id + "/results/distributions/" + attribute, token).path("histogram");
            assertTrue(histogram.size() > 0, attribute);
            List<String> bars = browser.waitFor(x -> {
                List<WebElement> rects = x.findElements(By.cssSelector("#wb-distribution rect.bar title"));
                return rects.size() == Math.min(30, histogram.size()) ? rects.stream().map(r -> r.getAttribute("textContent")).toList() : null;
            }, WAIT);
            for (int i = 0; i < bars.size(); i++) {
                JsonNode bin = histogram.get(i);
                String label = bin.hasNonNull("binLabel") ? bin.get("binLabel").asText() : bin.path("binStart").asText();
                assertEquals(label.replaceAll("<[^>]*>", "") + ": " + bin.get("value").asText(), bars.get(i));
            }
            // a screen reader reads the same values from the chart's hidden table (issue 39, item 9)
            List<WebElement> valueRows = d.findElements(By.cssSelector("#wb-distribution table.wb-chart-values tbody tr"));
            assertEquals(bars.size(), valueRows.size());
            for (int i = 0; i < valueRows.size(); i++) {
                JsonNode bin = histogram.get(i);
                String label = bin.hasNonNull("binLabel") ? bin.get("binLabel").asText() : bin.path("binStart").asText();
                assertEquals(label.replaceAll("<[^>]*>", ""),
                        valueRows.get(i).findElement(By.tagName("th")).getAttribute("textContent"));
                assertEquals(bin.get("value").asText(),
                        valueRows.get(i).findElement(By.tagName("td")).getAttribute("textContent").replace(",", ""));
            }
            browser.script("document.getElementById('wb-distribution').scrollIntoView()");
            browser.screenshot("workbench-distribution-1280");
            browser.assertNoConsoleErrors();
        }
    }

    /**
     * The wizard run to its results with the keyboard alone: Tab to a control, Enter or Space to use
     * it, typing into fields; no click after signing in. The cards shown are the API's metrics.
     */
    @Test
    void theWizardRunsToItsResultsWithTheKeyboardAlone() throws Exception {
        try (Browser browser = Browsers.chromium(Browsers.DESKTOP)) {
            WebDriver d = browser.driver();
            browser.open(stack.baseUri(), "/workbench/#/new").signIn("kim");
            press(browser, By.cssSelector("[data-search=GenesByText]"), Keys.ENTER);
            WebElement text = tabTo(browser, By.id("wb-param-text_expression"));
            new Actions(d).keyDown(Keys.CONTROL).sendKeys("a").keyUp(Keys.CONTROL).sendKeys(Keys.BACK_SPACE).sendKeys("*reductase").perform();
            assertEquals("*reductase", text.getAttribute("value"));
            WebElement organism = tabTo(browser, By.cssSelector("#wb-param-text_search_organism input[value='Plasmodium falciparum 3D7']"));
            if (!organism.isSelected()) {
                new Actions(d).sendKeys(Keys.SPACE).perform();
            }
            assertTrue(organism.isSelected());
            press(browser, By.id("wb-next"), Keys.ENTER);
            tabTo(browser, By.id("wb-positives"));
            new Actions(d).sendKeys(String.join(" ", REDUCTASES)).perform();
            tabTo(browser, By.id("wb-negatives"));
            new Actions(d).sendKeys(String.join(" ", KINASES)).perform();
            press(browser, By.id("wb-next"), Keys.ENTER);
            tabTo(browser, By.id("wb-exp-name"));
            new Actions(d).sendKeys("Typed, not clicked").perform();
            press(browser, By.id("wb-run"), Keys.ENTER);
            browser.waitFor(x -> browser.first(By.id("wb-metric-cards")), WAIT);
            String experimentId = d.getCurrentUrl().replaceAll(".*#/experiments/([^/]+)/.*", "$1");
            JsonNode experiment = get("/api/v1/experiments/" + experimentId, stack.signIn("kim"));
            assertEquals("Typed, not clicked", experiment.get("name").asText());
            assertEquals(percent(experiment.path("metrics").path("sensitivity").asDouble()), card(browser, "sensitivity"));
            browser.assertNoConsoleErrors();
        }
    }

    /** A run made slow at the site, cancelled from the wizard: the page and the API both say cancelled. */
    @Test
    void aRunningExperimentCancelledFromThePageEndsCancelled() throws Exception {
        stack.simulator().faults().latency("/reports", Latency.fixed(Duration.ofSeconds(3)));
        try (Browser browser = Browsers.chromium(Browsers.DESKTOP)) {
            WebDriver d = browser.driver();
            browser.open(stack.baseUri(), "/workbench/#/new").signIn("carl");
            browser.click(By.cssSelector("[data-search=GenesByText]"), WAIT);
            browser.waitFor(x -> browser.first(By.id("wb-param-text_expression")), WAIT);
            browser.click(By.id("wb-next"), WAIT);
            browser.waitFor(x -> browser.first(By.id("wb-positives")), WAIT).sendKeys(String.join("\n", REDUCTASES));
            browser.click(By.id("wb-next"), WAIT);
            browser.waitFor(x -> browser.first(By.id("wb-exp-name")), WAIT).sendKeys("To be cancelled");
            browser.click(By.id("wb-run"), WAIT);
            browser.click(By.id("wb-run-cancel"), WAIT);
            browser.waitFor(x -> x.findElement(By.id("wb-run-progress")).getText().contains("Finished: cancelled"), WAIT);
            String token = stack.signIn("carl");
            JsonNode list = get("/api/v1/experiments", token);
            JsonNode mine = list.isArray() ? list.get(0) : list.path("items").get(0);
            await().atMost(WAIT).pollInterval(Duration.ofMillis(250)).until(
                    () -> get("/api/v1/experiments/" + mine.get("id").asText(), token).get("status").asText(), "cancelled"::equals);
            browser.screenshot("workbench-cancelled-1280");
            browser.assertNoConsoleErrors();
        } finally {
            stack.simulator().faults().reset();
        }
    }

    /**
     * A sweep's stream through the gateway, cut after two points and resumed with the last event id
     * (as the page's reader does): every point arrives exactly once, ids keep increasing, and the
     * sweep ends with all its values.
     */
    @Test
    void aSweepStreamCutMidwayResumesWithEveryPointOnce() throws Exception {
        String token = stack.signIn("sam");
        JsonNode started = post("/api/v1/experiments", token, Map.of("siteId", "plasmodb", "searchName",
                "GenesByMolecularWeight", "parameters", Map.of("organism", List.of("Plasmodium falciparum 3D7"),
                        "min_molecular_weight", "10000", "max_molecular_weight", "50000"),
                "positiveControls", REDUCTASES, "negativeControls", KINASES));
        String id = started.get("experimentId").asText();
        await().atMost(WAIT).pollInterval(Duration.ofMillis(250))
                .until(() -> Set.of("completed", "error").contains(get("/api/v1/experiments/" + id, token).get("status").asText()));
        // each point makes a helper strategy on the site: slow them, so the cut lands mid-sweep
        stack.simulator().faults().latency("/strategies", Latency.fixed(Duration.ofMillis(700)));
        try {
            HttpResponse<java.io.InputStream> first = HTTP.send(HttpRequest.newBuilder(URI.create(stack.baseUri()
                            + "/api/v1/experiments/" + id + "/threshold-sweep")).header("Authorization", "Bearer " + token)
                    .header("Content-Type", "application/json").header("Accept", "text/event-stream")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"parameterName\":\"max_molecular_weight\","
                            + "\"sweepType\":\"numeric\",\"minValue\":20000,\"maxValue\":70000,\"steps\":6}")).build(),
                    HttpResponse.BodyHandlers.ofInputStream());
            assertEquals(200, first.statusCode());
            String operationId = first.headers().firstValue("X-Operation-Id").orElseThrow();
            List<String[]> before = new java.util.ArrayList<>();
            try (java.io.BufferedReader lines = new java.io.BufferedReader(new java.io.InputStreamReader(first.body(),
                    java.nio.charset.StandardCharsets.UTF_8))) {
                readEvents(lines, before, events -> events.stream().filter(e -> e[1].equals("sweep_point")).count() == 2);
            } // the cut: the connection closes with the sweep still running
            String lastId = before.get(before.size() - 1)[0];
            HttpResponse<java.io.InputStream> resumed = HTTP.send(HttpRequest.newBuilder(URI.create(stack.baseUri()
                            + "/api/v1/operations/" + operationId + "/subscribe")).header("Authorization", "Bearer " + token)
                    .header("Accept", "text/event-stream").header("Last-Event-ID", lastId).GET().build(),
                    HttpResponse.BodyHandlers.ofInputStream());
            assertEquals(200, resumed.statusCode());
            List<String[]> after = new java.util.ArrayList<>();
            try (java.io.BufferedReader lines = new java.io.BufferedReader(new java.io.InputStreamReader(resumed.body(),
                    java.nio.charset.StandardCharsets.UTF_8))) {
                readEvents(lines, after, events -> events.stream().anyMatch(e -> e[1].equals("sweep_complete")));
            }
            List<String[]> all = new java.util.ArrayList<>(before);
            all.addAll(after);
            assertEquals(all.size(), all.stream().map(e -> e[0]).distinct().count(), "no event twice");
            List<String> values = new java.util.ArrayList<>();
            for (String[] event : all) {
                if (event[1].equals("sweep_point")) {
                    values.add(JSON.readTree(event[2]).path("point").path("value").asText());
                }
            }
            assertEquals(6, values.size(), values.toString());
            assertEquals(6, new java.util.HashSet<>(values).size(), values.toString());
            JsonNode complete = JSON.readTree(after.get(after.size() - 1)[2]);
            assertEquals(6, complete.path("points").size(), complete.toString());
            assertTrue(after.stream().noneMatch(e -> e[1].equals("sweep_point") && before.stream().anyMatch(b -> b[2].equals(e[2]))),
                    "a point delivered before the cut came again");
        } finally {
            stack.simulator().faults().reset();
        }
    }

    /** Reads SSE events ({id, type, data}) until {@code enough} holds for what was read. */
    private static void readEvents(java.io.BufferedReader lines, List<String[]> into,
                                   java.util.function.Predicate<List<String[]>> enough) throws IOException {
        String eventId = null;
        String type = null;
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            if (line.startsWith("id:")) {
                eventId = line.substring(3).trim();
            } else if (line.startsWith("event:")) {
                type = line.substring(6).trim();
            } else if (line.startsWith("data:") && type != null) {
                into.add(new String[] {eventId, type, line.substring(5).trim()});
                type = null;
                if (enough.test(into)) {
                    return;
                }
            }
        }
        throw new AssertionError("the stream ended early: " + into.stream().map(e -> e[1]).toList());
    }

    // helpers -------------------------------------------------------------------------------------


    /** Signs in on the list, then opens the page's route (as a person following a link after signing in). */
    private static void openSignedIn(Browser browser, String userId, String path) {
        browser.open(stack.baseUri(), "/workbench/").signIn(userId);
        browser.open(stack.baseUri(), path);
    }

    /** Moves the focus with Tab (Shift+Tab after a wrap) until it is on the element; the element. */
    private static WebElement tabTo(Browser browser, By by) {
        WebDriver d = browser.driver();
        WebElement target = browser.waitFor(x -> {
            WebElement e = browser.first(by);
            return e != null && e.isDisplayed() && e.isEnabled() ? e : null;
        }, WAIT);
        for (int i = 0; i < 400; i++) {
            if (target.equals(d.switchTo().activeElement())) {
                return target;
            }
            new Actions(d).sendKeys(i < 200 ? Keys.TAB : Keys.chord(Keys.SHIFT, Keys.TAB)).perform();
        }
        throw new AssertionError("Tab never reaches " + by);
    }

    /** Tabs to the element and presses the key on it. */
    private static void press(Browser browser, By by, Keys key) {
        tabTo(browser, by);
        new Actions(browser.driver()).sendKeys(key).perform();
    }

    private static void uncheckAll(Browser browser, String css) {
        for (WebElement box : browser.driver().findElements(By.cssSelector(css))) {
            if (box.isSelected()) {
                box.click();
            }
        }
    }

    /** The term as the enrichment table shows it: its name, else its id. */
    private static String termLabel(JsonNode term) {
        String name = term.path("termName").asText("");
        return name.isEmpty() ? term.path("termId").asText() : name;
    }

    /** As the page writes a p-value: exponent form below 0.001, else four decimals. */
    private static String pValue(double p) {
        if (p != 0 && p < 0.001) {
            String e = String.format(Locale.ROOT, "%.2e", p); // 1.23e-05; JavaScript writes 1.23e-5
            return e.replaceAll("e([-+])0*(\\d)", "e$1$2");
        }
        return String.format(Locale.ROOT, "%.4f", p);
    }

    /** The dt → dd pairs of a definition list, as shown. */
    private static Map<String, String> definitions(WebElement list) {
        List<WebElement> terms = list.findElements(By.tagName("dt"));
        List<WebElement> values = list.findElements(By.tagName("dd"));
        Map<String, String> out = new java.util.LinkedHashMap<>();
        for (int i = 0; i < terms.size(); i++) {
            out.put(terms.get(i).getText(), values.get(i).getText());
        }
        return out;
    }

    /** Waits until an experiment's run has ended; its id. */
    private static String awaitEnd(String token, String id) {
        await().atMost(WAIT).pollInterval(Duration.ofMillis(250)).until(() -> Set.of("completed", "error", "cancelled")
                .contains(get("/api/v1/experiments/" + id, token).get("status").asText()));
        return id;
    }

    private static String card(Browser browser, String metric) {
        return browser.driver().findElement(By.cssSelector("[data-metric=" + metric + "] .wb-card-value")).getText();
    }

    /** As the page writes a ratio: a percentage with one decimal. */
    private static String percent(double ratio) {
        return String.format(Locale.ROOT, "%.1f%%", ratio * 100);
    }

    private static Path downloaded(Path directory, String name) {
        Path file = directory.resolve(name);
        try (Stream<Path> files = Files.list(directory)) {
            // Chromium writes <name>.crdownload first, then renames it when complete
            return Files.exists(file) && files.noneMatch(p -> p.toString().endsWith(".crdownload")) ? file : null;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Runs a gene-ID experiment through the API and waits until it has ended; its id. */
    private static String runGeneList(String token, String name, List<String> genes) throws Exception {
        JsonNode started = post("/api/v1/experiments", token, Map.of("siteId", "plasmodb", "name", name,
                "targetGeneIds", genes, "positiveControls", REDUCTASES, "negativeControls", KINASES));
        String id = started.get("experimentId").asText();
        await().atMost(WAIT).pollInterval(Duration.ofMillis(250))
                .until(() -> Set.of("completed", "error").contains(get("/api/v1/experiments/" + id, token).get("status").asText()));
        assertEquals("completed", get("/api/v1/experiments/" + id, token).get("status").asText());
        return id;
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

    /** A result's size as the pages say it: "220 genes (235 transcripts)", the transcripts only where they differ. */
    private static String genesAndTranscripts(int genes, JsonNode transcripts) {
        String text = String.format(Locale.UK, "%,d %s", genes, genes == 1 ? "gene" : "genes");
        return transcripts.isNumber() && transcripts.asInt() != genes
                ? text + String.format(Locale.UK, " (%,d transcripts)", transcripts.asInt()) : text;
    }
}
