package org.strategylab.evaluation.report;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReportPartsTest {
    private static final Pattern POINT = Pattern.compile("<circle cx=\"([0-9.]+)\"");
    private static final Pattern TEXT = Pattern.compile("<text[^>]*>([^<]*)</text>");

    @Test
    void aRateAxisSpansZeroToOneEvenForASinglePoint() {
        String svg = SvgCharts.lineChart("PR", "recall", "precision", new double[] {0.75}, new double[] {0.5}, 1.0, true);
        List<String> texts = TEXT.matcher(svg).results().map(m -> m.group(1)).toList();
        assertTrue(texts.contains("0.00") || texts.contains("0"), "axis starts at 0: " + texts);
        assertTrue(texts.contains("1.00"), "axis ends at 1: " + texts);
        assertTrue(texts.stream().noneMatch(t -> t.equals("1.75")), "no axis beyond 1: " + texts);
        // Two points at recall 0 and 1 mark where the axis ends; 0.75 must sit three quarters of the way.
        String ends = SvgCharts.lineChart("PR", "recall", "precision", new double[] {0, 1, 0.75}, new double[] {1, 1, 1},
                1.0, true);
        Matcher m = POINT.matcher(ends);
        double[] xs = m.results().mapToDouble(r -> Double.parseDouble(r.group(1))).toArray();
        assertEquals(3, xs.length);
        assertEquals(0.75, (xs[2] - xs[0]) / (xs[1] - xs[0]), 0.01);
        Matcher single = POINT.matcher(svg);
        assertTrue(single.find());
        assertEquals(xs[2], Double.parseDouble(single.group(1)), 0.05, "a lone recall of 0.75 is drawn at 0.75");
    }

    @Test
    void aShortenedBarLabelKeepsTheFullTextAsTitle() {
        String full = "Product descriptions containing kinase and phosphatase";
        String svg = SvgCharts.barChart("Top terms", "score", List.of(full), new double[] {2.0});
        assertTrue(svg.contains("<title>" + full + "</title>"), svg);
    }

    @Test
    void theBootstrapSummaryShowsTheFullDataEstimateNotTheResampleMean() {
        org.strategylab.evaluation.model.RankMetrics rank = new org.strategylab.evaluation.model.RankMetrics(
                java.util.Map.of(10, 1.0), java.util.Map.of(10, 0.2), java.util.Map.of(10, 3.0), List.of(), List.of(), 100, 0.9, 5);
        assertEquals(1.0, HtmlReportRenderer.pointEstimate("precision_at_10", null, rank));
        assertEquals(0.2, HtmlReportRenderer.pointEstimate("recall_at_10", null, rank));
        assertEquals(null, HtmlReportRenderer.pointEstimate("precision_at_x", null, rank));
        assertEquals(null, HtmlReportRenderer.pointEstimate("sensitivity", null, null));
    }

    @Test
    void enrichmentCountsAreStatedOrSaidToBeUnknownNeverShownAsZero() {
        assertEquals("120 genes analysed; background 5000 genes.", HtmlReportRenderer.enrichmentCounts(
                new org.strategylab.evaluation.model.EnrichmentResult("word", List.of(), 120, 5000, null)));
        assertEquals("genes analysed: not reported; background: not reported.", HtmlReportRenderer.enrichmentCounts(
                new org.strategylab.evaluation.model.EnrichmentResult("word", List.of(), 0, 0, null)));
    }
}
