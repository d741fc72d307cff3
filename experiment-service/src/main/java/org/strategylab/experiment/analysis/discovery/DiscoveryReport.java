package org.strategylab.experiment.analysis.discovery;

import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.strategylab.evaluation.model.ConfidenceInterval;
import org.strategylab.evaluation.model.ExperimentMetrics;
import org.strategylab.evaluation.model.SampleWarning;
import org.strategylab.evaluation.report.HtmlPageTemplates;
import org.strategylab.experiment.api.ControlResolution;
import org.strategylab.experiment.api.ControlResolution.ControlListResolution;
import org.strategylab.experiment.api.DiscoveryOutcome;

/**
 * The self-contained HTML report of a completed strategy discovery ({@code GET
 * /api/v1/strategy-discovery/{id}/report}): the controls, what distinguishes the positives, the
 * candidates counted, the tuning, the proposed strategies, the cross-validated score and the site
 * calls. The Qute template {@code discovery-report.html} (a resource of this package) lays out the
 * {@link View} built here, numbers already formatted, through evaluation-core's
 * {@link HtmlPageTemplates}: every value escaped, the experiment report's style sheet embedded and
 * allowed by the Content-Security-Policy through its hash, so the page loads nothing. Stateless and
 * thread-safe.
 */
final class DiscoveryReport {
    /** Below this many positives or negatives the report says the scores rest on few controls. */
    static final int FEW_CONTROLS = 10;

    /** The experiment report's style sheet, so that both reports look alike, and the rules this page adds. */
    private static final HtmlPageTemplates PAGES = new HtmlPageTemplates(DiscoveryReport.class,
            "/org/strategylab/experiment/analysis/discovery/",
            ".recommended{background:#c8e6c9}.caveat{border-left:4px solid #ffb300;padding:.3rem .7rem;background:#fff8e1}",
            Map.of());

    static final String CSS = PAGES.css();
    /** Nothing but the embedded style sheet. */
    static final String CSP = PAGES.csp();

    private DiscoveryReport() {
    }

    /** What the template shows; every number a formatted string, lists empty rather than null. */
    record View(String title, String meta, String css, String csp, String message, List<KeyValue> controls,
                List<String> unknownPositives, List<String> unknownNegatives, List<String> profileSummary,
                List<FeatureRow> features, List<String> profileNotes, List<CandidateRow> candidates,
                List<FailedRow> failedCandidates, String tuning, List<StrategyRow> strategies,
                String crossValidatedScore, String overfitting, String fewControls, List<String> warnings,
                String siteCalls, String budgetStop) {
    }

    record KeyValue(String key, String value) {
    }

    record FeatureRow(String kind, String label, String value, String positives, String negatives,
                      String distinctiveness) {
    }

    record CandidateRow(int step, String label, String searchName, String source, String positives,
                        String negatives, String resultSize, String score, boolean tuned) {
    }

    record FailedRow(String label, String searchName, String reason) {
    }

    record StrategyRow(int rank, boolean recommended, String description, int steps, String score,
                       String folds, List<KeyValue> metrics, List<IntervalRow> bootstrap, String resultSize,
                       List<ContributionRow> contributions) {
    }

    record IntervalRow(String metric, String lower, String mean, String upper) {
    }

    record ContributionRow(int step, String label, String scoreWithout, String contribution) {
    }

    /** The page of one completed discovery. */
    static String render(String id, OffsetDateTime createdAt, DiscoveryOutcome outcome, ControlResolution resolution) {
        return PAGES.render("discovery-report.html", view(id, createdAt, outcome, resolution));
    }

    static View view(String id, OffsetDateTime createdAt, DiscoveryOutcome o, ControlResolution resolution) {
        String objective = o.objective() + (o.precisionFloor() == null ? "" : " (precision ≥ " + num(o.precisionFloor()) + ")");
        List<KeyValue> controls = new ArrayList<>(List.of(
                new KeyValue("Positive controls", Integer.toString(o.positives())),
                new KeyValue("Negative controls", Integer.toString(o.negatives())),
                new KeyValue("Objective", objective),
                new KeyValue("Most searches combined", Integer.toString(o.maxSteps())),
                new KeyValue("Cross-validation folds", o.folds() == null ? "none" : o.folds().toString()),
                new KeyValue("Seed", Long.toString(o.seed()))));
        ControlListResolution positives = resolution == null ? null : resolution.positives();
        ControlListResolution negatives = resolution == null ? null : resolution.negatives();
        if (positives != null && !positives.renamed().isEmpty() || negatives != null && !negatives.renamed().isEmpty()) {
            controls.add(new KeyValue("Renamed to the site's current IDs",
                    Integer.toString(size(positives == null ? null : positives.renamed())
                            + size(negatives == null ? null : negatives.renamed()))));
        }

        DiscoveryOutcome.Profile profile = o.profile();
        List<FeatureRow> features = new ArrayList<>();
        if (profile != null) {
            features(features, "Organism", profile.organisms());
            features(features, "Product word", profile.productWords());
            features(features, "Gene type", profile.geneTypes());
            features(features, "GO term", profile.goTerms());
        }

        List<CandidateRow> candidates = list(o.candidates()).stream().map(c -> new CandidateRow(c.step(), c.label(),
                c.searchName(), c.source(), c.positiveHits() + " of " + o.positives(),
                c.negativeHits() + " of " + o.negatives(), Long.toString(c.resultSize()), num(c.score()), c.tuned()))
                .toList();
        List<FailedRow> failed = list(o.failedCandidates()).stream()
                .map(f -> new FailedRow(f.label(), f.searchName(), f.error())).toList();

        DiscoveryOutcome.Tuning t = o.tuning();
        String tuning = t == null ? "Not reached."
                : (t.performed() ? "Performed: " : "Not performed: ") + t.reason()
                + (t.trials() > 0 ? " (" + t.trials() + " site calls)" : "");

        List<StrategyRow> strategies = list(o.strategies()).stream().map(DiscoveryReport::strategy).toList();

        String overfitting = o.overfittingLevel() == null ? null : o.overfittingLevel()
                + (o.overfittingGap() == null ? "" : " (the recommended strategy scores " + signed(o.overfittingGap())
                + " more on every control than on controls it did not see)");
        String fewControls = o.positives() < FEW_CONTROLS || o.negatives() < FEW_CONTROLS
                ? "These scores rest on few controls (" + o.positives() + " positives, " + o.negatives()
                + " negatives; fewer than " + FEW_CONTROLS + " of either): read them as rough, and check the"
                + " strategy on genes that were not controls before relying on it."
                : null;
        String budgetStop = o.budgetExhausted()
                ? "The budget of " + o.budget() + " site calls ran out" + (o.stopReason() == null ? "" : " (stop: "
                + o.stopReason() + ")") + " before the search finished: these strategies are the best found so far,"
                + " not the best there is."
                : null;

        return new View("Strategy discovery on " + o.siteId(),
                "Discovery " + id + " · record type " + o.recordType() + (createdAt == null ? "" : " · started "
                        + createdAt.withNano(0)) + " · " + fmt("%.1f", o.elapsedSeconds()) + " s",
                CSS, CSP, o.message(), controls,
                positives == null ? List.of() : list(positives.unknown()),
                negatives == null ? List.of() : list(negatives.unknown()),
                profile == null ? List.of() : list(profile.summary()), features,
                profile == null ? List.of() : list(profile.notes()), candidates, failed, tuning, strategies,
                o.crossValidatedScore() == null ? null : num(o.crossValidatedScore()), overfitting, fewControls,
                list(o.warnings()).stream().map(SampleWarning::message).toList(),
                o.siteCalls() + " of a budget of " + o.budget() + " site calls; " + o.combinationsScored()
                        + " combinations scored",
                budgetStop);
    }

    private static StrategyRow strategy(DiscoveryOutcome.Strategy s) {
        List<KeyValue> metrics = new ArrayList<>();
        ExperimentMetrics m = s.metrics();
        if (m != null) {
            if (m.confusionMatrix() != null) {
                metrics.add(new KeyValue("Positives found (TP)", Integer.toString(m.confusionMatrix().truePositives())));
                metrics.add(new KeyValue("Negatives found (FP)", Integer.toString(m.confusionMatrix().falsePositives())));
                metrics.add(new KeyValue("Positives missed (FN)", Integer.toString(m.confusionMatrix().falseNegatives())));
                metrics.add(new KeyValue("Negatives left out (TN)", Integer.toString(m.confusionMatrix().trueNegatives())));
            }
            metrics.add(new KeyValue("Recall (sensitivity)", num(m.sensitivity())));
            metrics.add(new KeyValue("Specificity", num(m.specificity())));
            metrics.add(new KeyValue("Precision", num(m.precision())));
            metrics.add(new KeyValue("F1", num(m.f1Score())));
            metrics.add(new KeyValue("MCC", num(m.mcc())));
            metrics.add(new KeyValue("Balanced accuracy", num(m.balancedAccuracy())));
        }
        List<IntervalRow> bootstrap = new ArrayList<>();
        for (Map.Entry<String, ConfidenceInterval> e : (s.bootstrap() == null
                ? Map.<String, ConfidenceInterval>of() : s.bootstrap()).entrySet()) {
            bootstrap.add(new IntervalRow(e.getKey(), num(e.getValue().lower()), num(e.getValue().mean()),
                    num(e.getValue().upper())));
        }
        List<ContributionRow> contributions = list(s.contributions()).stream()
                .map(c -> new ContributionRow(c.step(), c.label(), num(c.scoreWithout()), signed(c.contribution())))
                .toList();
        return new StrategyRow(s.rank(), s.chosen(), s.description(), s.steps(), num(s.score()),
                num(s.foldMean()) + " ± " + num(s.foldStdDev()), metrics, bootstrap,
                s.resultSize() == null ? "not counted (no budget left)" : s.resultSize() + " genes", contributions);
    }

    private static void features(List<FeatureRow> rows, String kind, List<DiscoveryOutcome.Feature> features) {
        for (DiscoveryOutcome.Feature f : list(features)) {
            rows.add(new FeatureRow(kind, f.label(), f.value(), f.positives() + " of " + f.positivesOf(),
                    f.negatives() + " of " + f.negativesOf(), signed(f.distinctiveness())));
        }
    }

    private static <T> List<T> list(List<T> values) {
        return values == null ? List.of() : values;
    }

    private static int size(List<?> values) {
        return values == null ? 0 : values.size();
    }

    /** Four decimals, as the experiment report writes scores; a value that is not a number says so. */
    static String num(double v) {
        return Double.isFinite(v) ? fmt("%.4f", v) : "n/a";
    }

    private static String signed(double v) {
        return Double.isFinite(v) ? fmt("%+.4f", v) : "n/a";
    }

    private static String fmt(String pattern, Object... args) {
        return String.format(Locale.ROOT, pattern, args);
    }
}
