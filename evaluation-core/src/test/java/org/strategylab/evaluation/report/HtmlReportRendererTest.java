package org.strategylab.evaluation.report;

import org.junit.jupiter.api.Test;
import org.strategylab.evaluation.SampleExperiments;
import org.strategylab.evaluation.model.Experiment;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HtmlReportRendererTest {
    @Test
    void isSelfContainedEscapedAndLockedDownByCsp() {
        String html = new HtmlReportRenderer().render(SampleExperiments.sample(300));
        assertTrue(html.startsWith("<!DOCTYPE html>"));
        assertFalse(html.contains("<script"), "no script element, escaped text only");
        assertTrue(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;&quot;"));
        assertFalse(Pattern.compile("(?i)(https?:|//[a-z]|url\\()").matcher(html).find(), "no external URL");
        Matcher csp = Pattern.compile("<meta http-equiv=\"Content-Security-Policy\" content=\"([^\"]+)\">").matcher(html);
        assertTrue(csp.find());
        assertTrue(csp.group(1).startsWith("default-src &#39;none&#39;; style-src &#39;sha256-"));
        assertFalse(html.contains(" style=\""), "no inline style attributes for the CSP to block");
        for (String chart : List.of("Confusion matrix", "Precision-recall curve", "Recall versus list size", "F1 per fold",
                "Bootstrap intervals", "Top terms GO biological process", "Sweep of fold")) {
            assertTrue(html.contains("<svg role=\"img\" aria-label=\"" + chart), chart);
        }
        assertEquals(countOf(html, "<svg"), countOf(html, "</svg>"));
    }

    @Test
    void bootstrapRowsShowTheFullDataEstimateAndNameThePercentileInterval() {
        Experiment e = SampleExperiments.sample(300);
        String html = new HtmlReportRenderer().render(e);
        assertTrue(html.contains("<th>95% percentile interval</th>"), "interval definition stated");
        assertTrue(html.contains("<h3>GO biological process</h3>"), "readable section name");
        assertFalse(html.contains("<h3>go_process</h3>"), "no wire name as a section name");
        Matcher row = Pattern.compile("<tr><td>sensitivity</td><td class=\"n\">([^<]+)</td>").matcher(html);
        assertTrue(row.find(), "a sensitivity row in the bootstrap table");
        assertEquals(Html.num(e.metrics().sensitivity()), row.group(1), "the estimate is the metric on the full data");
    }

    @Test
    void rendersTheMinimalExperiment() {
        String html = new HtmlReportRenderer().render(new Experiment("only-id", null, null, null, null, null, null, null,
                null, null, null, null, null, null, null, null, null, null, false, null, null, null, null, null, null,
                null, null, null, null));
        assertTrue(html.contains("<title>Experiment only-id</title>"));
        assertFalse(html.contains("<svg"));
    }

    private static int countOf(String s, String needle) {
        return s.split(Pattern.quote(needle), -1).length - 1;
    }
}
