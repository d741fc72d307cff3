package org.strategylab.browser;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;
import org.strategylab.browser.support.Browser;
import org.strategylab.browser.support.BrowserStack;
import org.strategylab.browser.support.Browsers;
import org.strategylab.simulator.faults.Latency;

/**
 * The workbench's panels for what only the API could do before (issue 39, item 5), each journey
 * checked against the API's answer for the same thing: a batch across two organisms (its members'
 * metrics side by side), a benchmark across control sets (the primary marked), a parameter
 * optimisation whose trials chart fills as the trials arrive (its best the API's best trial, its
 * frontier the API's) and a tree optimisation likewise. axe runs on every state recorded.
 */
class ExperimentPanelsIT {

    private static final Duration WAIT = Duration.ofSeconds(90);
    private static final String FALCIPARUM = "Plasmodium falciparum 3D7";
    private static final String VIVAX = "Plasmodium vivax P01";
    /** Reductases of the simulator's P. falciparum and kinases (as in WorkbenchPageIT). */
    private static final List<String> REDUCTASES = List.of("PF3D7_0102200", "PF3D7_0102300", "PF3D7_0102400", "PF3D7_0105900");
    private static final List<String> KINASES = List.of("PF3D7_0105300", "PF3D7_0106300", "PF3D7_0107800", "PF3D7_0103200");

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
    void aBatchAcrossTwoOrganismsShowsEachMembersMetricsSideBySide() throws Exception {
        String token = stack.signIn("bettina");
        // a search of P. vivax's genes: its first genes are the vivax controls
        String vivaxRun = runTaxon(token, "Vivax genes", VIVAX, List.of(REDUCTASES.get(0)), List.of());
        List<String> vivax = firstGenes(token, vivaxRun, 3);

        try (Browser browser = Browsers.chromium(Browsers.DESKTOP)) {
            WebDriver d = browser.driver();
            openSignedIn(browser, "bettina", "/workbench/#/experiments/" + vivaxRun + "/analysis");
            browser.click(By.cssSelector("#wb-panel-batch summary"), WAIT);
            assertEquals("organism", new Select(browser.waitFor(x -> browser.first(By.id("wb-batch-param")), WAIT))
                    .getFirstSelectedOption().getAttribute("value"));
            // each organism with controls of its own: falciparum's reductases against vivax genes, and
            // two vivax genes and a falciparum one (which a vivax search cannot find) against kinases
            Map<String, List<List<String>>> controls = new LinkedHashMap<>();
            controls.put(FALCIPARUM, List.of(REDUCTASES, vivax));
            controls.put(VIVAX, List.of(List.of(vivax.get(0), vivax.get(1), REDUCTASES.get(1)), KINASES));
            for (Map.Entry<String, List<List<String>>> organism : controls.entrySet()) {
                browser.click(By.cssSelector("#wb-batch-organisms input[data-organism='" + organism.getKey() + "']"), WAIT);
                typeInto(browser, "#wb-batch-organisms textarea[data-organism='" + organism.getKey() + "'][data-list=positive]",
                        String.join("\n", organism.getValue().get(0)));
                typeInto(browser, "#wb-batch-organisms textarea[data-organism='" + organism.getKey() + "'][data-list=negative]",
                        String.join("\n", organism.getValue().get(1)));
            }
            browser.screenshot("workbench-batch-form-1280");
            browser.click(By.id("wb-batch-submit"), WAIT);
            String batchId = browser.waitFor(x -> {
                String hash = (String) browser.script("return location.hash");
                return hash.startsWith("#/batches/") ? hash.substring("#/batches/".length()) : null;
            }, WAIT);

            // the batch's members, as the API lists them, once both have ended
            JsonNode members = await().atMost(WAIT).pollInterval(Duration.ofMillis(300)).until(
                    () -> get("/api/v1/experiments?batchId=" + batchId, token).path("items"),
                    items -> items.size() == 2 && allEnded(items));
            List<Map<String, String>> rows = endedRows(browser, 2);
            Set<String> organisms = new TreeSet<>();
            for (JsonNode member : members) {
                assertEquals("completed", member.path("status").asText(), member.toString());
                JsonNode experiment = get("/api/v1/experiments/" + member.path("id").asText(), token);
                Map<String, String> row = rowOf(rows, member.path("id").asText());
                String organism = row.get("label");
                organisms.add(organism);
                assertTrue(member.path("name").asText().endsWith(" — " + organism), member.path("name").asText());
                assertMetricsShown(row, experiment.path("metrics"));
            }
            assertEquals(new TreeSet<>(List.of(FALCIPARUM, VIVAX)), organisms);
            // the vivax search cannot find the falciparum positive: the members differ, side by side
            assertEquals(percent(2.0 / 3), rows.stream().filter(r -> VIVAX.equals(r.get("label"))).findFirst().orElseThrow().get("sensitivity"));
            // the chart's values, for screen readers: one row per member
            assertEquals(2, d.findElements(By.cssSelector("#wb-group-chart table.wb-chart-values tbody tr")).size());
            assertTrue(d.findElement(By.id("wb-group-state")).getText().contains("ended"), d.findElement(By.id("wb-group-state")).getText());
            browser.screenshot("workbench-batch-members-1280");
            browser.assertNoConsoleErrors();
        }
    }

    @Test
    void aBenchmarkAcrossControlSetsMarksThePrimaryAndShowsEachSetsMetrics() throws Exception {
        String token = stack.signIn("bruno");
        String vivaxRun = runTaxon(token, "Vivax genes for a benchmark", VIVAX, List.of(REDUCTASES.get(0)), List.of());
        List<String> vivax = firstGenes(token, vivaxRun, 3);
        post("/api/v1/control-sets", token, Map.of("name", "Vivax genes", "siteId", "plasmodb",
                "positiveIds", vivax, "negativeIds", KINASES));
        post("/api/v1/control-sets", token, Map.of("name", "Half and half", "siteId", "plasmodb",
                "positiveIds", List.of(vivax.get(0), REDUCTASES.get(1)), "negativeIds", List.of(KINASES.get(0))));

        try (Browser browser = Browsers.chromium(Browsers.DESKTOP)) {
            WebDriver d = browser.driver();
            openSignedIn(browser, "bruno", "/workbench/#/experiments/" + vivaxRun + "/analysis");
            browser.click(By.cssSelector("#wb-panel-benchmark summary"), WAIT);
            // the experiment's own controls are ticked; the two saved sets join, "Half and half" primary
            for (String label : List.of("Vivax genes", "Half and half")) {
                browser.click(By.cssSelector("#wb-bench-sets input[type=checkbox][data-label='" + label + "']"), WAIT);
            }
            WebElement halfRow = browser.waitFor(x -> browser.first(By.xpath(
                    "//*[@id='wb-bench-sets']//tr[.//input[@data-label='Half and half']]")), WAIT);
            halfRow.findElement(By.cssSelector("input[type=radio]")).click();
            browser.screenshot("workbench-benchmark-form-1280");
            browser.click(By.id("wb-bench-submit"), WAIT);
            String benchmarkId = browser.waitFor(x -> {
                String hash = (String) browser.script("return location.hash");
                return hash.startsWith("#/benchmarks/") ? hash.substring("#/benchmarks/".length()) : null;
            }, WAIT);

            JsonNode members = await().atMost(WAIT).pollInterval(Duration.ofMillis(300)).until(
                    () -> get("/api/v1/experiments?benchmarkId=" + benchmarkId, token).path("items"),
                    items -> items.size() == 3 && allEnded(items));
            List<Map<String, String>> rows = endedRows(browser, 3);
            int primaries = 0;
            for (JsonNode member : members) {
                JsonNode experiment = get("/api/v1/experiments/" + member.path("id").asText(), token);
                Map<String, String> row = rowOf(rows, member.path("id").asText());
                assertEquals(member.path("controlSetLabel").asText(), row.get("label"));
                boolean primary = member.path("isPrimaryBenchmark").asBoolean();
                assertEquals(String.valueOf(primary), row.get("primary"), member.toString());
                assertEquals(primary, row.get("text").contains("primary"), row.get("text"));
                primaries += primary ? 1 : 0;
                assertMetricsShown(row, experiment.path("metrics"));
            }
            assertEquals(1, primaries);
            // the primary is the one chosen on the page, and it comes first
            assertEquals("Half and half", rows.get(0).get("label"));
            assertEquals("true", rows.get(0).get("primary"));
            String chartValues = (String) browser.script("return document.querySelector('#wb-group-chart table.wb-chart-values').textContent");
            assertTrue(chartValues.contains("Half and half (primary)"), "the chart's values name the primary: " + chartValues);
            browser.screenshot("workbench-benchmark-members-1280");
            // the members' list links each member to its benchmark
            browser.waitFor(x -> browser.first(By.cssSelector("#wb-experiments a.wb-exp-group[href='#/benchmarks/" + benchmarkId + "']")), WAIT);
            browser.assertNoConsoleErrors();
        }
        try (Browser browser = Browsers.chromium(Browsers.PHONE)) {
            openSignedIn(browser, "bruno", "/workbench/#/experiments/" + vivaxRun + "/analysis");
            browser.click(By.cssSelector("#wb-panel-benchmark summary"), WAIT);
            browser.waitFor(x -> browser.first(By.cssSelector("#wb-bench-sets input[data-label='Vivax genes']")), WAIT);
            browser.screenshot("workbench-benchmark-form-390");
            assertEquals(Boolean.FALSE, browser.script("return document.documentElement.scrollWidth > window.innerWidth"),
                    "the benchmark panel scrolls sideways at 390 px");
        }
    }

    @Test
    void aParameterOptimisationsTrialsChartFillsAsTheTrialsArrive() throws Exception {
        String token = stack.signIn("paulina");
        String id = runWeights(token, "Light proteins, tuned");
        // each trial's strategy is slow to make: the trials arrive in batches the page can be seen between
        stack.simulator().faults().latency("/strategies", Latency.fixed(Duration.ofMillis(400)));
        try (Browser browser = Browsers.chromium(Browsers.DESKTOP)) {
            WebDriver d = browser.driver();
            openSignedIn(browser, "paulina", "/workbench/#/experiments/" + id + "/analysis");
            browser.click(By.cssSelector("#wb-panel-popt summary"), WAIT);
            browser.click(By.id("wb-popt-max_molecular_weight-tune"), WAIT);
            setValue(browser, "wb-popt-max_molecular_weight-min", "20000");
            setValue(browser, "wb-popt-max_molecular_weight-max", "80000");
            setValue(browser, "wb-popt-budget", "8");
            assertEquals("balanced_accuracy", new Select(d.findElement(By.id("wb-popt-objective"))).getFirstSelectedOption().getAttribute("value"));
            browser.screenshot("workbench-parameter-optimisation-form-1280");
            // every number of points the chart is drawn with, recorded in the page as it changes
            browser.script("window.trialCounts = [];"
                    + "new MutationObserver(() => {"
                    + " const n = document.querySelectorAll('#wb-popt-score-chart circle.trial').length;"
                    + " if (window.trialCounts[window.trialCounts.length - 1] !== n) window.trialCounts.push(n);"
                    + "}).observe(document.getElementById('wb-panel-popt'), { childList: true, subtree: true });");
            browser.click(By.id("wb-popt-submit"), WAIT);
            // until the page shows the stored result
            browser.waitFor(x -> browser.first(By.id("wb-popt-summary")), WAIT);
            List<Long> seen = new ArrayList<>();
            ((List<?>) browser.script("return window.trialCounts")).forEach(n -> seen.add(((Number) n).longValue()));
            JsonNode result = get("/api/v1/experiments/" + id, token).path("optimizationResult");
            int trials = result.path("allTrials").size();
            assertTrue(trials >= 5, result.toString());
            assertTrue(seen.stream().anyMatch(n -> n > 0 && n < trials), "the chart filled trial by trial: " + seen + " of " + trials);
            // after the end: every trial a point, the best the API's best trial, the frontier the API's
            assertEquals(trials, d.findElements(By.cssSelector("#wb-popt-score-chart circle.trial")).size());
            String best = String.valueOf(result.path("bestTrial").path("trialNumber").asInt());
            assertEquals(best, d.findElement(By.id("wb-popt-best")).getAttribute("data-best-trial"));
            assertEquals(best, d.findElement(By.cssSelector("#wb-popt-score-chart circle.wb-best-mark")).getAttribute("data-trial"));
            assertTrue(d.findElement(By.id("wb-popt-best")).getText().contains("trial " + best + " · balanced_accuracy"),
                    d.findElement(By.id("wb-popt-best")).getText());
            Set<String> frontier = new HashSet<>();
            result.path("paretoFrontier").forEach(t -> frontier.add(String.valueOf(t.path("trialNumber").asInt())));
            assertTrue(!frontier.isEmpty(), result.toString());
            Set<String> shownFrontier = new HashSet<>();
            d.findElements(By.cssSelector("#wb-popt-frontier-chart circle.wb-on-frontier")).forEach(c -> shownFrontier.add(c.getAttribute("data-trial")));
            assertEquals(frontier, shownFrontier);
            // the values for screen readers: one row per trial, each with its score
            List<WebElement> valueRows = d.findElements(By.cssSelector("#wb-popt-score-chart table.wb-chart-values tbody tr"));
            assertEquals(trials, valueRows.size());
            Map<String, Double> scores = new HashMap<>();
            result.path("allTrials").forEach(t -> scores.put(String.valueOf(t.path("trialNumber").asInt()), t.path("score").asDouble()));
            for (WebElement row : valueRows) {
                String trial = (String) browser.script("return arguments[0].cells[0].textContent", row);
                String score = (String) browser.script("return arguments[0].cells[1].textContent", row);
                assertEquals(scores.get(trial), Double.parseDouble(score), 0.0005, "trial " + trial);
            }
            browser.script("document.getElementById('wb-panel-popt').scrollIntoView()");
            browser.screenshot("workbench-parameter-optimisation-1280");
            browser.assertNoConsoleErrors();
        } finally {
            stack.simulator().faults().reset();
        }
    }

    @Test
    void aTreeOptimisationsTrialsChartShowsTheApisTrialsAndBest() throws Exception {
        String token = stack.signIn("tomasz");
        String id = runWeights(token, "Light proteins, knob");
        stack.simulator().faults().latency("/strategies", Latency.fixed(Duration.ofMillis(500)));
        try (Browser browser = Browsers.chromium(Browsers.DESKTOP)) {
            WebDriver d = browser.driver();
            openSignedIn(browser, "tomasz", "/workbench/#/experiments/" + id + "/analysis");
            browser.click(By.cssSelector("#wb-panel-trials summary"), WAIT);
            browser.waitFor(x -> browser.first(By.cssSelector("#wb-opt-param option[value=max_molecular_weight]")), WAIT);
            new Select(d.findElement(By.id("wb-opt-param"))).selectByValue("max_molecular_weight");
            setValue(browser, "wb-opt-min", "20000");
            setValue(browser, "wb-opt-max", "80000");
            setValue(browser, "wb-opt-budget", "6");
            new Select(d.findElement(By.id("wb-opt-objective"))).selectByValue("f1");
            browser.click(By.cssSelector("#wb-panel-trials button[type=submit]"), WAIT);
            // while it runs: the trees counted so far
            String progress = browser.waitFor(x -> {
                WebElement p = browser.first(By.id("wb-topt-progress"));
                return p != null && p.getText().contains("trials counted") ? p.getText() : null;
            }, WAIT);
            assertTrue(progress.matches("\\d+ of 6 trials counted…"), progress);
            // the running state (progress, no trial yet) passes axe too
            browser.assertAccessible("workbench-tree-optimisation-running");
            JsonNode result = await().atMost(WAIT).pollInterval(Duration.ofMillis(250)).until(
                    () -> get("/api/v1/experiments/" + id, token).path("treeOptimization"), t -> t.path("allTrials").size() > 0);
            int trials = result.path("allTrials").size();
            browser.waitFor(x -> x.findElements(By.cssSelector("#wb-topt-score-chart circle.trial")).size() == trials
                    && browser.first(By.id("wb-opt-objective-shown")) != null ? true : null, WAIT);
            String best = String.valueOf(result.path("bestTrial").path("trialNumber").asInt());
            assertEquals(best, d.findElement(By.id("wb-topt-best")).getAttribute("data-best-trial"));
            assertEquals(best, d.findElement(By.cssSelector("#wb-topt-score-chart circle.wb-best-mark")).getAttribute("data-trial"));
            assertTrue(d.findElement(By.id("wb-topt-best")).getText().contains("trial " + best + " · f1"), d.findElement(By.id("wb-topt-best")).getText());
            // the best-so-far line ends at the best score
            List<WebElement> valueRows = d.findElements(By.cssSelector("#wb-topt-score-chart table.wb-chart-values tbody tr"));
            assertEquals(trials, valueRows.size());
            String lastBest = (String) browser.script("return arguments[0].cells[2].textContent", valueRows.get(valueRows.size() - 1));
            assertEquals(result.path("bestTrial").path("score").asDouble(), Double.parseDouble(lastBest), 0.0005);
            // no recall or false-positive rate in a tree trial: said, not drawn
            assertNotNull(browser.first(By.cssSelector("#wb-topt-frontier-chart p")));
            browser.script("document.getElementById('wb-panel-trials').scrollIntoView()");
            browser.screenshot("workbench-tree-optimisation-1280");
            browser.assertNoConsoleErrors();
        } finally {
            stack.simulator().faults().reset();
        }
    }

    // helpers -------------------------------------------------------------------------------------

    private static void assertMetricsShown(Map<String, String> row, JsonNode metrics) {
        for (String metric : List.of("sensitivity", "specificity", "precision", "f1Score")) {
            JsonNode value = metrics.path(metric);
            assertEquals(value.isNumber() ? percent(value.asDouble()) : "–", row.get(metric), metric + " of " + row);
        }
        JsonNode matrix = metrics.path("confusionMatrix");
        assertEquals(List.of("truePositives", "falsePositives", "falseNegatives", "trueNegatives").stream()
                .map(c -> String.valueOf(matrix.path(c).asInt())).toList(), List.of(row.get("counts").split(" ")), row.toString());
    }

    /**
     * The group's table once every member has ended, read in one script (the page draws it again as
     * members end): per row its id, label, primary, status, text, each metric cell and the four counts.
     */
    @SuppressWarnings("unchecked")
    private static List<Map<String, String>> endedRows(Browser browser, int members) {
        return browser.waitFor(x -> {
            List<Map<String, String>> rows = (List<Map<String, String>>) browser.script(
                    "return [...document.querySelectorAll('#wb-group-members tbody tr')].map(r => {"
                            + " const out = Object.assign({}, r.dataset, { text: r.textContent });"
                            + " r.querySelectorAll('[data-metric]').forEach(c => { out[c.dataset.metric] = c.textContent; });"
                            + " out.counts = [...r.cells].slice(-4).map(c => c.textContent).join(' ');"
                            + " return out; })");
            boolean ended = rows.size() == members && rows.stream().allMatch(r -> "completed".equals(r.get("status")))
                    && browser.first(By.id("wb-group-cancel")) == null;
            return ended ? rows : null;
        }, WAIT);
    }

    private static Map<String, String> rowOf(List<Map<String, String>> rows, String id) {
        return rows.stream().filter(r -> id.equals(r.get("id"))).findFirst().orElseThrow(() -> new AssertionError(id + " not in " + rows));
    }

    private static boolean allEnded(JsonNode items) {
        for (JsonNode item : items) {
            if (!Set.of("completed", "error", "cancelled").contains(item.path("status").asText())) {
                return false;
            }
        }
        return true;
    }

    /** Runs GenesByTaxon for one organism through the API and waits for it; its id. */
    private static String runTaxon(String token, String name, String organism, List<String> positives, List<String> negatives)
            throws Exception {
        Map<String, Object> body = new HashMap<>(Map.of("siteId", "plasmodb", "name", name, "searchName", "GenesByTaxon",
                "parameters", Map.of("organism", List.of(organism)), "positiveControls", positives));
        if (!negatives.isEmpty()) {
            body.put("negativeControls", negatives);
        }
        return awaitCompleted(token, post("/api/v1/experiments", token, body).get("experimentId").asText());
    }

    /** A P. falciparum molecular-weight search with a vivax positive it can never find (no trial is perfect). */
    private static String runWeights(String token, String name) throws Exception {
        String vivaxRun = runTaxon(token, name + " (vivax genes)", VIVAX, List.of(REDUCTASES.get(0)), List.of());
        List<String> positives = new ArrayList<>(REDUCTASES);
        positives.add(firstGenes(token, vivaxRun, 1).get(0));
        return awaitCompleted(token, post("/api/v1/experiments", token, Map.of("siteId", "plasmodb", "name", name,
                "searchName", "GenesByMolecularWeight", "parameters", Map.of("organism", List.of(FALCIPARUM),
                        "min_molecular_weight", "10000", "max_molecular_weight", "30000"),
                "positiveControls", positives, "negativeControls", KINASES)).get("experimentId").asText());
    }

    private static String awaitCompleted(String token, String id) throws Exception {
        await().atMost(WAIT).pollInterval(Duration.ofMillis(250)).until(() -> Set.of("completed", "error", "cancelled")
                .contains(get("/api/v1/experiments/" + id, token).get("status").asText()));
        JsonNode experiment = get("/api/v1/experiments/" + id, token);
        assertEquals("completed", experiment.get("status").asText(), experiment.toString());
        return id;
    }

    /** The first genes of an experiment's result, by their gene ID. */
    private static List<String> firstGenes(String token, String id, int count) throws Exception {
        JsonNode records = get("/api/v1/experiments/" + id + "/results/records?limit=" + (count * 3), token).path("records");
        List<String> genes = new ArrayList<>();
        for (JsonNode record : records) {
            // one row per transcript: the record's id is its gene's
            String gene = record.path("id").asText();
            if (!gene.isEmpty() && !genes.contains(gene)) {
                genes.add(gene);
            }
        }
        assertTrue(genes.size() >= count, records.toString());
        return genes.subList(0, count);
    }


    private static void typeInto(Browser browser, String css, String text) {
        WebElement field = browser.waitFor(x -> {
            WebElement e = browser.first(By.cssSelector(css));
            return e != null && e.isDisplayed() ? e : null;
        }, WAIT);
        field.clear();
        field.sendKeys(text);
    }

    private static void setValue(Browser browser, String id, String value) {
        WebElement input = browser.waitFor(x -> {
            WebElement e = browser.first(By.id(id));
            return e != null && e.isDisplayed() ? e : null;
        }, WAIT);
        input.clear();
        input.sendKeys(value);
    }

    /** Signs in on the list, then opens the page's route (as a person following a link after signing in). */
    private static void openSignedIn(Browser browser, String userId, String path) {
        browser.open(stack.baseUri(), "/workbench/").signIn(userId);
        browser.open(stack.baseUri(), path);
    }

    /** As the page writes a ratio: a percentage with one decimal. */
    private static String percent(double ratio) {
        return String.format(Locale.ROOT, "%.1f%%", ratio * 100);
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
