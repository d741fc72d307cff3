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
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
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
        stack = BrowserStack.start(WorkbenchPageIT.class.getSimpleName());
    }

    @AfterAll
    static void stopStack() {
        if (stack != null) {
            stack.close();
        }
    }

    @Test
    void aSearchExperimentGoesThroughTheWizardToItsResultsSweepAndReport(@TempDir Path downloads)
            throws Exception {
        try (Browser browser = Browsers.chromium(Browsers.DESKTOP)) {
            WebDriver d = browser.driver();
            browser.open(stack.baseUri(), "/workbench/").signIn("wanda");
            click(browser, By.id("wb-new"));
            // 1. search: the site's catalogue, the text search
            click(browser, By.cssSelector("[data-search=GenesByText]"));
            // 2. parameters from the specs: a bad value is refused by the site and shown on its field
            WebElement text = browser.waitFor(x -> browser.first(By.id("wb-param-text_expression")), WAIT);
            uncheckAll(browser, "#wb-param-text_search_organism input[type=checkbox]");
            click(browser, By.id("wb-next"));
            browser.waitFor(x -> "true".equals(browser.first(By.id("wb-param-text_search_organism")).getAttribute("aria-invalid")), WAIT);
            String fieldError = browser.waitFor(x -> browser.first(By.id("wb-param-text_search_organism-error")), WAIT).getText();
            assertFalse(fieldError.isBlank());
            browser.screenshot("workbench-wizard-parameters-1280");
            d.findElement(By.cssSelector("#wb-param-text_search_organism input[value='Plasmodium falciparum 3D7']")).click();
            text = d.findElement(By.id("wb-param-text_expression"));
            text.clear();
            text.sendKeys("*reductase");
            click(browser, By.id("wb-next"));
            // 3. controls pasted
            browser.waitFor(x -> browser.first(By.id("wb-positives")), WAIT).sendKeys(String.join("\n", REDUCTASES));
            d.findElement(By.id("wb-negatives")).sendKeys(String.join(" ", KINASES));
            click(browser, By.id("wb-next"));
            // 4. run, followed live, then the results
            browser.waitFor(x -> browser.first(By.id("wb-exp-name")), WAIT).sendKeys("Reductases by text");
            click(browser, By.id("wb-run"));
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

            // the records: the site's result rows with their class; one record's detail
            WebElement firstRecord = browser.waitFor(x -> browser.first(By.cssSelector("#wb-records-table .wb-link")), WAIT);
            String recordLabel = firstRecord.getText();
            firstRecord.click();
            String shown = browser.waitFor(x -> browser.first(By.id("wb-record-id")), WAIT).getText();
            assertEquals(recordLabel, shown);
            assertTrue(d.findElement(By.id("wb-record-detail")).getText().contains("Organism"));
            browser.screenshot("workbench-results-1280");
            // the true positives: the control genes the search found
            click(browser, By.cssSelector("[data-cls=TP]"));
            String tpTable = browser.waitFor(x -> {
                String t = x.findElement(By.id("wb-records")).getText();
                return t.contains(REDUCTASES.get(0)) ? t : null;
            }, WAIT);
            for (JsonNode gene : experiment.get("truePositiveGenes")) {
                assertTrue(tpTable.contains(gene.get("id").asText()), tpTable);
            }

            // a categorical sweep of the text: its points appear on the chart as they finish
            click(browser, By.id("wb-tab-analysis"));
            WebElement sweepPanel = browser.waitFor(x -> browser.first(By.cssSelector("#wb-panel-sweep summary")), WAIT);
            sweepPanel.click();
            browser.waitFor(x -> browser.first(By.cssSelector("#wb-sweep-param option[value=text_expression]")), WAIT);
            new Select(d.findElement(By.id("wb-sweep-param"))).selectByValue("text_expression");
            new Select(d.findElement(By.id("wb-sweep-type"))).selectByValue("categorical");
            d.findElement(By.id("wb-sweep-values")).sendKeys("*reductase, *kinase, *synthase");
            click(browser, By.id("wb-sweep-run"));
            browser.waitFor(x -> x.findElements(By.cssSelector("#wb-sweep-chart circle.point.s0")).size() == 3, WAIT);
            browser.waitFor(x -> x.findElement(By.id("wb-sweep-status")).getText().startsWith("Done"), WAIT);
            browser.script("document.getElementById('wb-sweep-status').scrollIntoView()");
            browser.screenshot("workbench-sweep-1280");

            // the assistant scoped to this experiment (mock model): the reply streams in, tokens at its end
            click(browser, By.id("wb-tab-chat"));
            browser.waitFor(x -> browser.first(By.id("wb-chat-input")), WAIT).sendKeys("How good is this experiment?");
            click(browser, By.id("wb-chat-send"));
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
            click(browser, By.id("wb-export"));
            Path report = browser.waitFor(x -> downloaded(downloads, "experiment-" + experimentId + "-report.html"), WAIT);
            browser.assertNoConsoleErrors();
            d.get(report.toUri().toString());
            String reportText = d.findElement(By.tagName("body")).getText();
            assertTrue(reportText.contains("Reductases by text"), reportText);
            browser.screenshot("workbench-report-1280");
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
                browser.open(stack.baseUri(), "/workbench/").signIn("olga");
                for (String id : List.of(first, second)) {
                    click(browser, By.cssSelector(".wb-exp[data-id='" + id + "'] input.wb-select"));
                }
                browser.screenshot("workbench-list-" + width);
                click(browser, By.id("wb-compare"));
                browser.waitFor(x -> x.findElements(By.cssSelector("#wb-overlap rect.heat-cell")).size() == 4, WAIT);
                List<String> values = d.findElements(By.cssSelector("#wb-overlap text.heat-value")).stream()
                        .map(WebElement::getText).toList();
                assertEquals(List.of("1", "0.5", "0.5", "1"), values, "Jaccard " + jaccard);
                browser.script("document.getElementById('wb-overlap').scrollIntoView()");
                browser.screenshot("workbench-overlap-" + width);
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
                click(browser, By.id("wb-tab-analysis"));
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
                click(browser, By.cssSelector("[data-search=GenesByText]"));
                browser.waitFor(x -> browser.first(By.id("wb-param-text_expression")), WAIT);
                click(browser, By.id("wb-next"));
                click(browser, By.id("wb-controls-set"));
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
            click(browser, By.id("wb-next"));
            String summary = browser.waitFor(x -> browser.first(By.cssSelector(".wb-summary")), WAIT).getText();
            assertTrue(summary.contains("the strategy"), summary);
            click(browser, By.id("wb-run"));
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

    private static void click(Browser browser, By by) {
        browser.waitFor(x -> {
            WebElement e = browser.first(by);
            if (e == null || !e.isDisplayed() || !e.isEnabled()) {
                return null;
            }
            browser.script("arguments[0].scrollIntoView({block: 'center'})", e);
            e.click();
            return true;
        }, WAIT);
    }

    private static void uncheckAll(Browser browser, String css) {
        for (WebElement box : browser.driver().findElements(By.cssSelector(css))) {
            if (box.isSelected()) {
                box.click();
            }
        }
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
        return send(HttpRequest.newBuilder(URI.create(stack.baseUri() + path)).header("Authorization", "Bearer " + token).GET());
    }

    private static JsonNode post(String path, String token, Object body) throws Exception {
        return send(HttpRequest.newBuilder(URI.create(stack.baseUri() + path)).header("Authorization", "Bearer " + token)
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))));
    }

    private static JsonNode send(HttpRequest.Builder request) throws Exception {
        HttpResponse<String> response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() >= 300) {
            throw new AssertionError(response.statusCode() + " " + response.body());
        }
        return JSON.readTree(response.body());
    }
}
