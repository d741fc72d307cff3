package org.strategylab.evaluation.report;

import org.junit.jupiter.api.Test;
import org.strategylab.evaluation.SampleExperiments;
import org.strategylab.evaluation.model.Experiment;

import java.util.HashSet;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReportLabelsAndContextTest {
    private static final Pattern BAR_LABEL = Pattern.compile(
            "<text[^>]*text-anchor=\"end\"[^>]*><title>([^<]*)</title>([^<]*)</text>");

    @Test
    void barsWhoseLabelsShareALongPrefixShowWhatDiffers() {
        List<String> full = List.of("Product descriptions containing the word kinase",
                "Product descriptions containing the word protease",
                "Product descriptions containing the word ribosomal protein L7");
        String svg = SvgCharts.barChart("Top terms", "score", full, new double[] {3, 2, 1});
        Matcher m = BAR_LABEL.matcher(svg);
        List<String> titles = new java.util.ArrayList<>();
        List<String> shown = new java.util.ArrayList<>();
        while (m.find()) {
            titles.add(m.group(1));
            shown.add(m.group(2));
        }
        assertEquals(full, titles, "each bar keeps its full label as an SVG title");
        assertEquals(3, new HashSet<>(shown).size(), "the visible labels differ: " + shown);
        assertEquals("\u2026kinase", shown.get(0));
        assertEquals("\u2026protease", shown.get(1));
        assertTrue(shown.stream().allMatch(s -> s.length() <= BarLabels.MAX_CHARS), shown.toString());
    }

    @Test
    void shortOrUnrelatedLabelsAreShownAsTheyAre() {
        assertEquals(List.of("Fold 1", "Fold 2"), BarLabels.shortened(List.of("Fold 1", "Fold 2"), 28));
        List<String> cut = BarLabels.shortened(List.of("Alpha beta gamma delta epsilon zeta", "Other"), 28);
        assertEquals("Alpha beta gamma delta epsi\u2026", cut.get(0));
        assertEquals("Other", cut.get(1));
    }

    @Test
    void theControlSetIsNamedAndTheResultsCsvLinked() {
        Experiment e = SampleExperiments.sample(300);
        String html = new HtmlReportRenderer().render(e, new ReportContext("Kinases <curated>", "results.csv"));
        assertTrue(html.contains("<tr><th>Control set</th><td>Kinases &lt;curated&gt;</td></tr>"), "named, escaped");
        if (e.config() != null && e.config().controlSetId() != null) {
            assertFalse(html.contains("<td>" + Html.esc(e.config().controlSetId()) + "</td>"), "not the id");
        }
        assertTrue(html.contains("<a id=\"results-csv\" href=\"results.csv\" download>"), "CSV link beside the report");
        assertFalse(new HtmlReportRenderer().render(e).contains("results-csv"), "no link without a context");
    }

    @Test
    void everyBootstrapEstimateLiesInItsPercentileIntervalOrIsMarkedAndExplained() {
        String html = new HtmlReportRenderer().render(SampleExperiments.sample(300));
        Matcher row = Pattern.compile("<tr><td>([a-z_0-9]+)</td><td class=\"n\">([0-9.]+)\\*?</td><td class=\"n\">\\[([0-9.]+), ([0-9.]+)\\]( \u2020)?</td>")
                .matcher(html);
        int rows = 0;
        int marked = 0;
        while (row.find()) {
            rows++;
            double estimate = Double.parseDouble(row.group(2));
            double lower = Double.parseDouble(row.group(3));
            double upper = Double.parseDouble(row.group(4));
            boolean inside = lower <= estimate && estimate <= upper;
            if (row.group(5) != null) {
                marked++;
                assertFalse(inside, row.group(1) + " marked although " + estimate + " is in [" + lower + ", " + upper + "]");
            } else {
                assertTrue(inside, row.group(1) + ": " + estimate + " outside [" + lower + ", " + upper + "] unmarked");
            }
        }
        assertTrue(rows > 0, "bootstrap rows present");
        assertEquals(marked > 0, html.contains("id=\"estimate-outside\""), "the mark is explained exactly when used");
        assertTrue(html.contains("95% percentile interval"), "the interval's definition is stated");
    }

    @Test
    void rateAxesOfTheReportStayWithinZeroAndOne() {
        String html = new HtmlReportRenderer().render(SampleExperiments.sample(300));
        Matcher chart = Pattern.compile("<svg role=\"img\" aria-label=\"Precision-recall curve\".*?</svg>").matcher(html);
        assertTrue(chart.find());
        List<Double> ticks = Pattern.compile("<text[^>]*font-size=\"10\">([0-9.]+)</text>").matcher(chart.group())
                .results().map(r -> Double.parseDouble(r.group(1))).toList();
        assertFalse(ticks.isEmpty());
        assertTrue(ticks.stream().allMatch(t -> t >= 0 && t <= 1), "recall and precision ticks in [0, 1]: " + ticks);
    }
}
