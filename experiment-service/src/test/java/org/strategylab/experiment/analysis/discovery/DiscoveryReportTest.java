package org.strategylab.experiment.analysis.discovery;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.strategylab.evaluation.model.ConfidenceInterval;
import org.strategylab.experiment.api.ControlResolution;
import org.strategylab.experiment.api.ControlResolution.ControlListResolution;
import org.strategylab.experiment.api.DiscoveryOutcome;

/**
 * The discovery report's page on its own: values that look like markup stay text, the caveats of few
 * controls and of a budget stop are said, and the page loads nothing from elsewhere.
 */
class DiscoveryReportTest {

    private static final String MARKUP = "<script>alert(1)</script><b>kinase</b>";

    private static DiscoveryOutcome outcome(int positives, int negatives, boolean budgetExhausted) {
        DiscoveryOutcome.Feature word = new DiscoveryOutcome.Feature("kinase", MARKUP, 8, positives, 1, negatives, 0.9);
        DiscoveryOutcome.Profile profile = new DiscoveryOutcome.Profile(List.of(), List.of(word), List.of(), List.of(),
                0, List.of("product word " + MARKUP + " in 8 of " + positives + " positives"), List.of());
        DiscoveryOutcome.Candidate candidate = new DiscoveryOutcome.Candidate(0, "GenesByText",
                Map.of("text_expression", "kinase"), MARKUP, "catalogue: kinase", 8, 1, 120, 0.8421, false);
        DiscoveryOutcome.FailedCandidate failed = new DiscoveryOutcome.FailedCandidate("GenesByBroken", Map.of(),
                "Broken search", "the site answered 500 & gave up");
        DiscoveryOutcome.Strategy strategy = new DiscoveryOutcome.Strategy(1, true, "Text search " + MARKUP, null, 1,
                0.8421, 0.8, 0.05, null, 120L, List.of(new DiscoveryOutcome.Contribution(0, MARKUP, 0.1, 0.7421)),
                Map.of("f1Score", new ConfidenceInterval(0.7, 0.84, 0.95, 0.05)));
        return new DiscoveryOutcome("d-1", "plasmodb", "transcript", "f1", null, 3, 300, budgetExhausted ? 300 : 42,
                budgetExhausted, budgetExhausted ? "budget" : null, positives, negatives, profile, List.of(candidate),
                List.of(failed), new DiscoveryOutcome.Tuning(false, "no candidate has a numeric parameter", 0),
                0.78125, List.of(0.75, 0.8125), 0.06085, "moderate", 5, 42L, 17, List.of(strategy), List.of(), 3.2,
                "Found a strategy.");
    }

    private static ControlResolution unknown(String id) {
        return new ControlResolution(new ControlListResolution(12, List.of(), List.of(id), List.of()),
                ControlListResolution.NONE);
    }

    @Test
    void markupInTheResultStaysText() {
        String html = DiscoveryReport.render("d-1", null, outcome(12, 24, false), unknown("<img src=x>"));
        assertFalse(html.contains("<script>"), html);
        assertFalse(html.contains("<b>kinase</b>"), html);
        assertFalse(html.contains("<img"), html);
        assertTrue(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;&lt;b&gt;kinase&lt;/b&gt;"), html);
        assertTrue(html.contains("&lt;img src=x&gt;"), "the unknown control is named: " + html);
        assertTrue(html.contains("500 &amp; gave up"), "a failed candidate's reason: " + html);
    }

    @Test
    void itShowsTheScoresAndSaysWhatToBewareOf() {
        String html = DiscoveryReport.render("d-1", null, outcome(6, 24, true), unknown("PF3D7_NOPE"));
        assertTrue(html.contains("id=\"cross-validated-score\">0.7813<"), html);
        assertTrue(html.contains("0.8000 ± 0.0500"), "mean ± sd across folds: " + html);
        assertTrue(html.contains("recommended"), html);
        assertTrue(html.contains("id=\"few-controls\""), "6 positives are few: " + html);
        assertTrue(html.contains("id=\"budget-stop\""), html);
        assertTrue(html.contains("best found so far"), html);
        assertTrue(html.contains("Not performed: no candidate has a numeric parameter"), html);
        assertTrue(html.contains("300 of a budget of 300 site calls"), html);
        // nothing from elsewhere: the style sheet is inline and the policy allows only it
        assertFalse(html.contains("<link") || html.contains("<script") || html.contains("src=\"http"), html);
        assertTrue(html.contains("<style>") && html.contains(DiscoveryReport.CSP.replace("'", "&#39;")), html);

        String plenty = DiscoveryReport.render("d-1", null, outcome(12, 24, false), null);
        assertFalse(plenty.contains("id=\"few-controls\""), plenty);
        assertFalse(plenty.contains("id=\"budget-stop\""), plenty);
    }
}
