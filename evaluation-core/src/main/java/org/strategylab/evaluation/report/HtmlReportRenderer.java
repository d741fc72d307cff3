package org.strategylab.evaluation.report;

import org.strategylab.evaluation.model.AnalysisTypes;
import org.strategylab.evaluation.model.BootstrapResult;
import org.strategylab.evaluation.model.ConfidenceInterval;
import org.strategylab.evaluation.model.CrossValidationResult;
import org.strategylab.evaluation.model.EnrichmentResult;
import org.strategylab.evaluation.model.EnrichmentTerm;
import org.strategylab.evaluation.model.Experiment;
import org.strategylab.evaluation.model.ExperimentConfig;
import org.strategylab.evaluation.model.ExperimentMetrics;
import org.strategylab.evaluation.model.FoldMetrics;
import org.strategylab.evaluation.model.GeneInfo;
import org.strategylab.evaluation.model.OperatorComparison;
import org.strategylab.evaluation.model.ParameterOptimizationResult;
import org.strategylab.evaluation.model.ParameterSensitivity;
import org.strategylab.evaluation.model.ParameterTrial;
import org.strategylab.evaluation.model.RankMetrics;
import org.strategylab.evaluation.model.StepAnalysisResult;
import org.strategylab.evaluation.model.TreeOptimizationResult;
import org.strategylab.evaluation.model.TreeOptimizationTrial;
import org.strategylab.evaluation.rank.GeneRanking;
import org.strategylab.evaluation.report.ReportView.At50;
import org.strategylab.evaluation.report.ReportView.Classification;
import org.strategylab.evaluation.report.ReportView.Contribution;
import org.strategylab.evaluation.report.ReportView.CrossValidation;
import org.strategylab.evaluation.report.ReportView.Enrichment;
import org.strategylab.evaluation.report.ReportView.Figure;
import org.strategylab.evaluation.report.ReportView.Fold;
import org.strategylab.evaluation.report.ReportView.Gene;
import org.strategylab.evaluation.report.ReportView.GeneList;
import org.strategylab.evaluation.report.ReportView.GeneLists;
import org.strategylab.evaluation.report.ReportView.IntervalRow;
import org.strategylab.evaluation.report.ReportView.KeyValue;
import org.strategylab.evaluation.report.ReportView.NegativeSet;
import org.strategylab.evaluation.report.ReportView.Operators;
import org.strategylab.evaluation.report.ReportView.ParameterBest;
import org.strategylab.evaluation.report.ReportView.ParameterOptimization;
import org.strategylab.evaluation.report.ReportView.Rank;
import org.strategylab.evaluation.report.ReportView.RankRow;
import org.strategylab.evaluation.report.ReportView.Robustness;
import org.strategylab.evaluation.report.ReportView.Step;
import org.strategylab.evaluation.report.ReportView.StepAnalysis;
import org.strategylab.evaluation.report.ReportView.Term;
import org.strategylab.evaluation.report.ReportView.TreeBest;
import org.strategylab.evaluation.report.ReportView.TreeOptimization;
import org.strategylab.evaluation.report.ReportView.Trial;
import org.strategylab.evaluation.report.ReportView.Trials;
import org.strategylab.evaluation.report.ReportView.Variant;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

import static org.strategylab.evaluation.report.Html.fmt;
import static org.strategylab.evaluation.report.Html.num;
import static org.strategylab.evaluation.report.Html.pct;
import static org.strategylab.evaluation.report.Html.sci;

/**
 * Renders an Experiment as one self-contained HTML document (spec 4.3 export): embedded CSS, tables,
 * inline SVG charts (confusion matrix, PR curve, recall versus list size, cross-validation folds,
 * bootstrap intervals, top enrichment terms, parameter sweep curves). Every interpolated string is
 * escaped; there are no scripts and no external URLs, and a Content-Security-Policy meta tag allows
 * nothing but the one style sheet (by its SHA-256 hash). Sections appear only when their data exist.
 * <p>
 * This class computes what the report shows ({@link ReportView}: which rows, numbers formatted, charts drawn);
 * the Qute template {@code report.html} and the style sheet {@code report.css}, resources of this package, lay it
 * out. Instances are stateless and thread-safe.
 */
public final class HtmlReportRenderer {
    private static final int MAX_TERMS = 20;
    private static final int MAX_GENES = 200;
    private static final List<String> FOLD_METRICS = List.of("sensitivity", "specificity", "precision", "f1Score");

    /** The document; {@code generatedAt} defaults to the experiment's creation time. */
    public String render(Experiment e) {
        return render(e, ReportContext.NONE);
    }

    /**
     * The document, with what only the storing service knows: the control set's name and the link to
     * the classified results as CSV.
     */
    public String render(Experiment e, ReportContext context) {
        ReportContext ctx = context == null ? ReportContext.NONE : context;
        ExperimentConfig c = e.config();
        String title = firstNonBlank(e.name(), c == null ? null : c.name(), "Experiment " + e.id());
        return ReportTemplates.render(new ReportView(e.id(), title, meta(e), e.error(), configuration(e, ctx),
                e.rankMetrics() == null ? null : rank(e.rankMetrics(), countsGenes(c)),
                e.metrics() == null ? null : classification(e.metrics(), countsGenes(c)),
                e.crossValidation() == null ? null : crossValidation(e.crossValidation()),
                e.robustness() == null ? null : robustness(e.robustness(), e.metrics(), e.rankMetrics()),
                e.stepAnalysis() == null ? null : stepAnalysis(e.stepAnalysis(), countsGenes(c)),
                e.treeOptimization() == null ? null : treeOptimization(e.treeOptimization()),
                e.optimizationResult() instanceof ParameterOptimizationResult p ? parameterOptimization(p) : null,
                e.enrichmentResults().stream().map(HtmlReportRenderer::enrichment).toList(),
                geneLists(e, ctx)));
    }

    private static String meta(Experiment e) {
        ExperimentConfig c = e.config();
        List<String> parts = new ArrayList<>();
        parts.add("Status: " + e.status());
        if (c != null) {
            if (c.mode() != null) {
                parts.add("Mode: " + c.mode());
            }
            String site = firstNonBlank(c.siteId(), e.siteId(), null);
            if (site != null) {
                parts.add("Site: " + site);
            }
            if (c.recordType() != null) {
                parts.add("Record type: " + c.recordType());
            }
        }
        if (!e.createdAt().isEmpty()) {
            parts.add("Generated: " + e.createdAt());
        }
        return String.join(" \u00b7 ", parts);
    }

    private static List<KeyValue> configuration(Experiment e, ReportContext ctx) {
        ExperimentConfig c = e.config();
        List<KeyValue> rows = new ArrayList<>();
        if (c != null) {
            rows.add(new KeyValue("Search", c.searchName() != null ? c.searchName()
                    : c.stepTree() != null ? "multi-step strategy" : "gene list"));
            if (c.parameters() != null && !c.parameters().isEmpty()) {
                StringBuilder p = new StringBuilder();
                new TreeMap<>(c.parameters()).forEach((k, v) -> p.append(k).append(" = ").append(v).append("; "));
                rows.add(new KeyValue("Parameters", p.toString()));
            }
            rows.add(new KeyValue("Positive controls",
                    String.valueOf(c.positiveControls() == null ? 0 : c.positiveControls().size())));
            rows.add(new KeyValue("Negative controls",
                    String.valueOf(c.negativeControls() == null ? 0 : c.negativeControls().size())));
            if (c.targetGeneIds() != null) {
                rows.add(new KeyValue("Target gene IDs", String.valueOf(c.targetGeneIds().size())));
            }
            if (ctx.controlSetName() != null) {
                rows.add(new KeyValue("Control set", ctx.controlSetName()));
            } else if (c.controlSetId() != null) {
                rows.add(new KeyValue("Control set", c.controlSetId()));
            }
        }
        if (e.controlSetLabel() != null) {
            rows.add(new KeyValue("Control set label", e.controlSetLabel()));
        }
        if (e.totalTimeSeconds() != null && e.totalTimeSeconds() > 0) {
            rows.add(new KeyValue("Total time", fmt("%.1fs", e.totalTimeSeconds())));
        }
        if (e.notes() != null) {
            rows.add(new KeyValue("Notes", e.notes()));
        }
        return rows;
    }

    /** Whether the experiment's results are genes (the transcript and gene record types, or a gene list). */
    private static boolean countsGenes(ExperimentConfig c) {
        String type = c == null ? null : c.recordType();
        return type == null || type.isBlank() || "transcript".equals(type) || "gene".equals(type);
    }

    /** A result's size as the pages say it: in genes, the site's transcript rows beside them where they differ. */
    private static String resultSize(int results, Integer transcripts, boolean genes) {
        return genes ? GeneRanking.describe(results, transcripts) : results + " records";
    }

    private static Rank rank(RankMetrics r, boolean genes) {
        At50 at50 = !r.precisionAtK().containsKey(50) ? null : new At50(pct(r.precisionAtK().get(50)),
                pct(r.recallAtK().get(50)), fmt("%.2fx", r.enrichmentAtK().get(50)), num(r.averagePrecision()));
        List<RankRow> rows = new TreeMap<>(r.precisionAtK()).keySet().stream().map(k -> new RankRow(k,
                pct(r.precisionAtK().get(k)), pct(r.recallAtK().getOrDefault(k, 0.0)),
                fmt("%.4fx", r.enrichmentAtK().getOrDefault(k, 0.0)))).toList();
        int n = r.prCurve().size();
        double[] rec = new double[n];
        double[] prec = new double[n];
        for (int i = 0; i < n; i++) {
            rec[i] = r.prCurve().get(i).recall();
            prec[i] = r.prCurve().get(i).precision();
        }
        int m = r.listSizeVsRecall().size();
        double[] size = new double[m];
        double[] recall = new double[m];
        for (int i = 0; i < m; i++) {
            size[i] = r.listSizeVsRecall().get(i).listSize();
            recall[i] = r.listSizeVsRecall().get(i).recall();
        }
        return new Rank(at50, rows, resultSize(r.totalResults(), null, genes)
                + (genes ? " ranked (each gene once, at the position of its first transcript)" : " ranked"), r.positivesInList(),
                Figure.of(SvgCharts.lineChart("Precision-recall curve", "recall", "precision", rec, prec, 1.0, true),
                        "Precision versus recall"),
                Figure.of(SvgCharts.lineChart("Recall versus list size", genes ? "list size (genes)" : "list size",
                                "recall", size, recall, 1.0),
                        "Recall versus list size"));
    }

    private static Classification classification(ExperimentMetrics m, boolean genes) {
        List<KeyValue> rows = List.of(
                metricRow(m, "Sensitivity (recall)", "sensitivity", true),
                metricRow(m, "Specificity", "specificity", true),
                metricRow(m, "Precision", "precision", true),
                metricRow(m, "F1 score", "f1Score", false),
                metricRow(m, "MCC", "mcc", false),
                metricRow(m, "Balanced accuracy", "balancedAccuracy", true),
                metricRow(m, "Negative predictive value", "negativePredictiveValue", true),
                metricRow(m, "False positive rate", "falsePositiveRate", true),
                metricRow(m, "Youden's J", "youdensJ", false));
        return new Classification(rows, resultSize(m.totalResults(), m.totalTranscripts(), genes), m.totalPositives(),
                m.totalNegatives(),
                !m.undefinedMetrics().isEmpty(),
                Figure.of(SvgCharts.confusionMatrix(m.confusionMatrix()), "Confusion matrix against the controls"));
    }

    private static CrossValidation crossValidation(CrossValidationResult cv) {
        List<Fold> folds = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        double[] f1 = new double[cv.folds().size()];
        int i = 0;
        for (FoldMetrics f : cv.folds()) {
            ExperimentMetrics m = f.metrics();
            folds.add(new Fold(f.foldIndex() + 1, f.positiveControlIds().size(), f.negativeControlIds().size(),
                    cells(m, FOLD_METRICS)));
            labels.add("Fold " + (f.foldIndex() + 1));
            f1[i++] = m.f1Score();
        }
        ExperimentMetrics mean = cv.meanMetrics();
        List<String> meanAndSd = mean == null ? null : FOLD_METRICS.stream().map(name -> {
            Double sd = cv.stdMetrics().get(name);
            return (mean.isUndefined(name) ? "n/a" : num(mean.ratio(name))) + (sd == null ? "" : " \u00b1 " + num(sd));
        }).toList();
        return new CrossValidation(cv.k(), cv.overfittingLevel(), num(cv.overfittingScore()), folds, meanAndSd,
                Figure.of(SvgCharts.barChart("F1 per fold", "F1 per held-out fold", labels, f1), "F1 score per fold"));
    }

    /**
     * The metric computed on the full data, which the bootstrap interval is about, or null when the experiment does
     * not carry it. A percentile interval need not contain the mean of the resamples (a skewed or degenerate
     * distribution puts it outside), so the report shows this point estimate, not that mean.
     */
    static Double pointEstimate(String name, ExperimentMetrics metrics, RankMetrics rank) {
        if (metrics != null && ExperimentMetrics.RATIO_NAMES.contains(name)) {
            return metrics.ratio(name);
        }
        if (rank != null) {
            int at = name.lastIndexOf("_at_");
            if (at > 0) {
                try {
                    int k = Integer.parseInt(name.substring(at + 4));
                    return switch (name.substring(0, at)) {
                        case "precision" -> rank.precisionAtK().get(k);
                        case "recall" -> rank.recallAtK().get(k);
                        case "enrichment" -> rank.enrichmentAtK().get(k);
                        default -> null;
                    };
                } catch (NumberFormatException notAK) {
                    return null;
                }
            }
        }
        return null;
    }

    private static Robustness robustness(BootstrapResult b, ExperimentMetrics metrics, RankMetrics rank) {
        List<IntervalRow> rows = new ArrayList<>();
        List<String> names = new ArrayList<>();
        List<ConfidenceInterval> cis = new ArrayList<>();
        boolean outsideAny = false;
        for (Map<String, ConfidenceInterval> map : List.of(b.metricCis(), b.rankMetricCis())) {
            for (Map.Entry<String, ConfidenceInterval> e : map.entrySet()) {
                ConfidenceInterval ci = e.getValue();
                Double estimate = pointEstimate(e.getKey(), metrics, rank);
                boolean outside = estimate != null && (estimate < ci.lower() || estimate > ci.upper());
                outsideAny |= outside;
                rows.add(new IntervalRow(e.getKey(), estimate != null ? num(estimate) : num(ci.mean()) + "*",
                        num(ci.lower()), num(ci.upper()), outside, num(ci.std())));
                if (!e.getKey().startsWith("enrichment_at_")) { // enrichment is on another scale
                    names.add(e.getKey());
                    cis.add(ci);
                }
            }
        }
        double[] lo = cis.stream().mapToDouble(ConfidenceInterval::lower).toArray();
        double[] mid = new double[cis.size()];
        for (int i = 0; i < mid.length; i++) {
            Double estimate = pointEstimate(names.get(i), metrics, rank);
            mid[i] = estimate != null ? estimate : cis.get(i).mean();
        }
        double[] hi = cis.stream().mapToDouble(ConfidenceInterval::upper).toArray();
        List<NegativeSet> negativeSets = b.negativeSetSensitivity().stream().map(v -> new NegativeSet(v.label(),
                v.negativeCount(), v.metrics() == null ? null
                        : cells(v.metrics(), List.of("specificity", "precision", "f1Score")))).toList();
        return new Robustness(b.nIterations(), b.seed(), num(b.topKStability()), rows, outsideAny,
                Figure.of(SvgCharts.intervalChart("Bootstrap intervals", names, lo, mid, hi),
                        "95% percentile intervals (dot: estimate on the full data)"),
                negativeSets);
    }

    private static StepAnalysis stepAnalysis(StepAnalysisResult s, boolean genes) {
        List<Step> steps = s.stepEvaluations().stream().map(e -> new Step(
                firstNonBlank(e.displayName(), e.searchName(), e.stepId()),
                resultSize(e.resultCount(), e.transcriptCount(), genes), pct(e.recall()),
                pct(e.falsePositiveRate()), fmt("%+d", e.tpMovement()), fmt("%+d", e.fpMovement()))).toList();
        List<Operators> operators = s.operatorComparisons().stream().map((OperatorComparison oc) -> new Operators(
                oc.combineNodeId(), oc.variants().stream().map(v -> new Variant(v.operator(),
                        v.operator().equals(oc.currentOperator()), pct(v.recall()), pct(v.falsePositiveRate()),
                        num(v.f1Score()), v.totalResults())).toList(), oc.recommendation())).toList();
        List<Contribution> contributions = s.stepContributions().stream().map(c -> new Contribution(
                firstNonBlank(c.searchName(), c.stepId(), ""), fmt("%+.1f%%", 100 * c.recallDelta()),
                fmt("%+.1f%%", 100 * c.fprDelta()), fmt("%+.4f", c.f1Delta()), c.verdict(), c.narrative())).toList();
        List<Figure> sweeps = new ArrayList<>();
        for (ParameterSensitivity p : s.parameterSensitivities()) {
            double[] xs = p.sweepPoints().stream().mapToDouble(x -> x.value()).toArray();
            double[] ys = p.sweepPoints().stream().mapToDouble(x -> x.f1()).toArray();
            Figure sweep = Figure.of(SvgCharts.lineChart("Sweep of " + p.paramName(), p.paramName(), "F1", xs, ys, null),
                    p.stepId() + " \u00b7 " + p.paramName() + ": current " + fmt("%.6g", p.currentValue())
                            + ", recommended " + fmt("%.6g", p.recommendedValue()) + ". " + p.recommendation());
            if (sweep != null) {
                sweeps.add(sweep);
            }
        }
        return new StepAnalysis(steps, operators, contributions, sweeps);
    }

    private static TreeOptimization treeOptimization(TreeOptimizationResult t) {
        TreeOptimizationTrial best = t.bestTrial();
        return new TreeOptimization(t.objective(), best == null ? null
                : new TreeBest(best.trialNumber(), num(best.score()), best.listSize(), parameterRows(best.parameters())),
                trials(t.objective(), t.allTrials().stream().map(trial -> new SvgCharts.TrialPoint(trial.trialNumber(),
                        trial.score(), parameterText(trial.parameters()), trial == best,
                        "complete".equals(trial.status()))).toList(),
                        t.allTrials().stream().map(trial -> (Object) trial.listSize()).toList()));
    }

    private static ParameterOptimization parameterOptimization(ParameterOptimizationResult p) {
        ParameterTrial best = p.bestTrial();
        List<KeyValue> sensitivity = new ArrayList<>();
        p.sensitivity().forEach((k, v) -> sensitivity.add(new KeyValue(k, num(v))));
        return new ParameterOptimization(p.objective(), p.totalTrials(), p.status(),
                p.stopReason() == null ? null : p.stopReason().replace('_', ' '),
                best == null ? null : new ParameterBest(best.trialNumber(), num(best.score()), num(best.recall()),
                        num(best.falsePositiveRate()), String.valueOf(best.resultCount()),
                        parameterRows(best.parameters())),
                sensitivity,
                trials(p.objective(), p.allTrials().stream().map(trial -> new SvgCharts.TrialPoint(trial.trialNumber(),
                        trial.score(), parameterText(trial.parameters()),
                        best != null && trial.trialNumber() == best.trialNumber(), trial.complete())).toList(),
                        p.allTrials().stream().map(trial -> (Object) trial.resultCount()).toList()));
    }

    /** The trials of an optimisation: score by trial as a chart, then every trial in a table. */
    private static Trials trials(String objective, List<SvgCharts.TrialPoint> points, List<Object> sizes) {
        List<Trial> rows = new ArrayList<>();
        for (int i = 0; i < points.size(); i++) {
            SvgCharts.TrialPoint t = points.get(i);
            rows.add(new Trial(t.trialNumber(), t.best(), t.parameters(), t.complete() ? num(t.score()) : "failed",
                    sizes.get(i) == null ? "\u2013" : String.valueOf(sizes.get(i))));
        }
        return new Trials(Figure.of(SvgCharts.trialChart("Score per trial", objective, points),
                "Objective (" + objective + ") per trial"), objective, rows);
    }

    private static List<KeyValue> parameterRows(Map<String, Object> parameters) {
        List<KeyValue> rows = new ArrayList<>();
        new TreeMap<>(parameters).forEach((k, v) -> rows.add(new KeyValue(k, String.valueOf(v))));
        return rows;
    }

    private static String parameterText(Map<String, Object> parameters) {
        return new TreeMap<>(parameters).entrySet().stream().map(e -> e.getKey() + " = " + e.getValue())
                .collect(Collectors.joining(", "));
    }

    /**
     * The gene and background counts of an analysis. A count of 0 beside reported terms means the count was not
     * carried (the site's answer does not always state it), so it is said to be unknown rather than shown as 0.
     */
    static String enrichmentCounts(EnrichmentResult r) {
        String genes = r.totalGenesAnalyzed() > 0 ? r.totalGenesAnalyzed() + " genes analysed"
                : "genes analysed: not reported";
        String background = r.backgroundSize() > 0 ? "background " + r.backgroundSize() + " genes"
                : "background: not reported";
        return genes + "; " + background + ".";
    }

    private static Enrichment enrichment(EnrichmentResult r) {
        String label = AnalysisTypes.label(r.analysisType());
        if (r.error() != null) {
            return new Enrichment(label, r.error(), null, List.of(), null);
        }
        List<EnrichmentTerm> top = r.terms().subList(0, Math.min(MAX_TERMS, r.terms().size()));
        List<Term> terms = top.stream().map(t -> new Term(t.termName(), t.termId(), t.geneCount(),
                fmt("%.2f", t.foldEnrichment()), sci(t.pValue()), sci(t.fdr()))).toList();
        List<EnrichmentTerm> bars = top.subList(0, Math.min(10, top.size()));
        double[] score = new double[bars.size()];
        List<String> names = new ArrayList<>();
        for (int i = 0; i < bars.size(); i++) {
            EnrichmentTerm t = bars.get(i);
            // −log10 p from ln p when known, so p-values that underflow still get a bar
            double logP = t.logPValue() != null ? t.logPValue() : Math.log(Math.max(t.pValue(), Double.MIN_VALUE));
            score[i] = -logP / Math.log(10);
            names.add(t.termName());
        }
        return new Enrichment(label, null, enrichmentCounts(r), terms,
                Figure.of(SvgCharts.barChart("Top terms " + label, "\u2212log10 p", names, score),
                        "Top terms by significance"));
    }

    private static GeneLists geneLists(Experiment e, ReportContext ctx) {
        if (e.truePositiveGenes().isEmpty() && e.falseNegativeGenes().isEmpty() && e.falsePositiveGenes().isEmpty()
                && e.trueNegativeGenes().isEmpty()) {
            return null;
        }
        return new GeneLists(ctx.resultsCsvUrl(), List.of(
                geneList("True positives", e.truePositiveGenes()),
                geneList("False negatives", e.falseNegativeGenes()),
                geneList("False positives", e.falsePositiveGenes()),
                geneList("True negatives", e.trueNegativeGenes())));
    }

    private static GeneList geneList(String title, List<GeneInfo> genes) {
        List<Gene> shown = genes.subList(0, Math.min(MAX_GENES, genes.size())).stream()
                .map(g -> new Gene(g.id(), g.name(), g.organism(), g.product())).toList();
        return new GeneList(title, genes.size(), shown, genes.size() > MAX_GENES);
    }

    private static KeyValue metricRow(ExperimentMetrics m, String label, String name, boolean percent) {
        double v = m.ratio(name);
        return new KeyValue(label, m.isUndefined(name) ? "n/a" : percent ? pct(v) : num(v));
    }

    /** The metrics' values as table cells: "n/a" where the denominator is zero. */
    private static List<String> cells(ExperimentMetrics m, List<String> names) {
        return names.stream().map(name -> m.isUndefined(name) ? "n/a" : num(m.ratio(name))).toList();
    }

    private static String firstNonBlank(String a, String b, String fallback) {
        if (a != null && !a.isBlank()) {
            return a;
        }
        if (b != null && !b.isBlank()) {
            return b;
        }
        return fallback;
    }
}
