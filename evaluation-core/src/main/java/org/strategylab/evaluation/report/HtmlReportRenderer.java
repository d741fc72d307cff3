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
import org.strategylab.evaluation.model.OperatorVariant;
import org.strategylab.evaluation.model.ParameterSensitivity;
import org.strategylab.evaluation.model.RankMetrics;
import org.strategylab.evaluation.model.StepAnalysisResult;
import org.strategylab.evaluation.model.StepContribution;
import org.strategylab.evaluation.model.StepEvaluation;
import org.strategylab.evaluation.model.ParameterOptimizationResult;
import org.strategylab.evaluation.model.ParameterTrial;
import org.strategylab.evaluation.model.TreeOptimizationResult;
import org.strategylab.evaluation.model.TreeOptimizationTrial;
import org.strategylab.evaluation.rank.GeneRanking;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.strategylab.evaluation.report.Html.esc;
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
 */
public final class HtmlReportRenderer {
    private static final int MAX_TERMS = 20;
    private static final int MAX_GENES = 200;
    private static final String CSS = String.join("\n",
            "body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;margin:2rem auto;max-width:1100px;color:#212121;padding:0 1rem}",
            "h1{margin-bottom:.2rem}h2{border-bottom:2px solid #e0e0e0;padding-bottom:.2rem;margin-top:2rem}",
            ".meta{color:#616161}",
            "table{border-collapse:collapse;margin:.6rem 0;font-size:.92rem}",
            "th,td{border:1px solid #e0e0e0;padding:.25rem .55rem;text-align:left}th{background:#f5f5f5}",
            "td.n{text-align:right;font-variant-numeric:tabular-nums}",
            ".cards{display:flex;gap:1rem;flex-wrap:wrap}.card{border:1px solid #e0e0e0;border-radius:6px;padding:.6rem 1rem}",
            ".card b{display:block;font-size:1.4rem}",
            ".badge{padding:.1rem .45rem;border-radius:4px;font-size:.85rem}",
            ".essential{background:#c8e6c9}.helpful{background:#e3f2fd}.neutral{background:#eeeeee}.harmful{background:#ffcdd2}",
            ".charts{display:flex;gap:1.5rem;flex-wrap:wrap}figure{margin:0}figcaption{font-size:.85rem;color:#616161}",
            "details{margin:.4rem 0}code{font-size:.85rem}footer{margin-top:3rem;color:#9e9e9e;font-size:.85rem}");
    private static final String CSP = "default-src 'none'; style-src '" + sha256(CSS)
            + "'; img-src 'none'; base-uri 'none'; form-action 'none'";

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
        StringBuilder h = new StringBuilder(32_768);
        ExperimentConfig c = e.config();
        String title = firstNonBlank(e.name(), c == null ? null : c.name(), "Experiment " + e.id());
        h.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">");
        h.append("<meta http-equiv=\"Content-Security-Policy\" content=\"").append(esc(CSP)).append("\">");
        h.append("<meta name=\"referrer\" content=\"no-referrer\">");
        h.append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">");
        h.append("<title>").append(esc(title)).append("</title><style>").append(CSS).append("</style></head><body>");
        header(h, e, title);
        configuration(h, e, ctx);
        if (e.rankMetrics() != null) {
            rank(h, e.rankMetrics(), countsGenes(c));
        }
        if (e.metrics() != null) {
            classification(h, e.metrics(), countsGenes(c));
        }
        if (e.crossValidation() != null) {
            crossValidation(h, e.crossValidation());
        }
        if (e.robustness() != null) {
            robustness(h, e.robustness(), e.metrics(), e.rankMetrics());
        }
        if (e.stepAnalysis() != null) {
            stepAnalysis(h, e.stepAnalysis(), countsGenes(c));
        }
        if (e.treeOptimization() != null) {
            treeOptimization(h, e.treeOptimization());
        }
        if (e.optimizationResult() instanceof ParameterOptimizationResult p) {
            parameterOptimization(h, p);
        }
        if (!e.enrichmentResults().isEmpty()) {
            enrichment(h, e.enrichmentResults());
        }
        geneLists(h, e, ctx);
        h.append("<footer>StrategyLab experiment report \u00b7 experiment <code>").append(esc(e.id()))
                .append("</code></footer></body></html>\n");
        return h.toString();
    }

    private static void header(StringBuilder h, Experiment e, String title) {
        ExperimentConfig c = e.config();
        h.append("<header><h1>").append(esc(title)).append("</h1><p class=\"meta\">");
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
        h.append(esc(String.join(" \u00b7 ", parts))).append("</p>");
        if (e.error() != null) {
            h.append("<p><strong>Error:</strong> ").append(esc(e.error())).append("</p>");
        }
        h.append("</header>");
    }

    private static void configuration(StringBuilder h, Experiment e, ReportContext ctx) {
        ExperimentConfig c = e.config();
        h.append("<section><h2>Configuration</h2><table>");
        if (c != null) {
            row(h, "Search", c.searchName() != null ? c.searchName() : c.stepTree() != null ? "multi-step strategy" : "gene list");
            if (c.parameters() != null && !c.parameters().isEmpty()) {
                StringBuilder p = new StringBuilder();
                new TreeMap<>(c.parameters()).forEach((k, v) -> p.append(k).append(" = ").append(v).append("; "));
                row(h, "Parameters", p.toString());
            }
            row(h, "Positive controls", String.valueOf(c.positiveControls() == null ? 0 : c.positiveControls().size()));
            row(h, "Negative controls", String.valueOf(c.negativeControls() == null ? 0 : c.negativeControls().size()));
            if (c.targetGeneIds() != null) {
                row(h, "Target gene IDs", String.valueOf(c.targetGeneIds().size()));
            }
            if (ctx.controlSetName() != null) {
                row(h, "Control set", ctx.controlSetName());
            } else if (c.controlSetId() != null) {
                row(h, "Control set", c.controlSetId());
            }
        }
        if (e.controlSetLabel() != null) {
            row(h, "Control set label", e.controlSetLabel());
        }
        if (e.totalTimeSeconds() != null && e.totalTimeSeconds() > 0) {
            row(h, "Total time", fmt("%.1fs", e.totalTimeSeconds()));
        }
        if (e.notes() != null) {
            row(h, "Notes", e.notes());
        }
        h.append("</table></section>");
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

    private static void rank(StringBuilder h, RankMetrics r, boolean genes) {
        h.append("<section><h2>Rank-based metrics</h2>");
        if (r.precisionAtK().containsKey(50)) {
            h.append("<div class=\"cards\">");
            card(h, "Precision@50", pct(r.precisionAtK().get(50)));
            card(h, "Recall@50", pct(r.recallAtK().get(50)));
            card(h, "Enrichment@50", fmt("%.2fx", r.enrichmentAtK().get(50)));
            card(h, "Average precision", num(r.averagePrecision()));
            h.append("</div>");
        }
        h.append("<table><tr><th>K</th><th>Precision@K</th><th>Recall@K</th><th>Enrichment@K</th></tr>");
        for (Integer k : new TreeMap<>(r.precisionAtK()).keySet()) {
            h.append("<tr><td class=\"n\">").append(k).append("</td><td class=\"n\">").append(pct(r.precisionAtK().get(k)))
                    .append("</td><td class=\"n\">").append(pct(r.recallAtK().getOrDefault(k, 0.0)))
                    .append("</td><td class=\"n\">").append(fmt("%.4fx", r.enrichmentAtK().getOrDefault(k, 0.0)))
                    .append("</td></tr>");
        }
        h.append("</table><p class=\"meta\">").append(resultSize(r.totalResults(), null, genes))
                .append(genes ? " ranked (each gene once, at its first transcript's position), " : " ranked, ")
                .append(r.positivesInList()).append(" positive controls among them.</p><div class=\"charts\">");
        int n = r.prCurve().size();
        double[] rec = new double[n];
        double[] prec = new double[n];
        for (int i = 0; i < n; i++) {
            rec[i] = r.prCurve().get(i).recall();
            prec[i] = r.prCurve().get(i).precision();
        }
        figure(h, SvgCharts.lineChart("Precision-recall curve", "recall", "precision", rec, prec, 1.0, true),
                "Precision versus recall");
        int m = r.listSizeVsRecall().size();
        double[] size = new double[m];
        double[] recall = new double[m];
        for (int i = 0; i < m; i++) {
            size[i] = r.listSizeVsRecall().get(i).listSize();
            recall[i] = r.listSizeVsRecall().get(i).recall();
        }
        figure(h, SvgCharts.lineChart("Recall versus list size", genes ? "list size (genes)" : "list size", "recall",
                        size, recall, 1.0),
                "Recall versus list size");
        h.append("</div></section>");
    }

    private static void classification(StringBuilder h, ExperimentMetrics m, boolean genes) {
        h.append("<section><h2>Classification metrics</h2><div class=\"charts\"><div><table>");
        metricRow(h, m, "Sensitivity (recall)", "sensitivity", true);
        metricRow(h, m, "Specificity", "specificity", true);
        metricRow(h, m, "Precision", "precision", true);
        metricRow(h, m, "F1 score", "f1Score", false);
        metricRow(h, m, "MCC", "mcc", false);
        metricRow(h, m, "Balanced accuracy", "balancedAccuracy", true);
        metricRow(h, m, "Negative predictive value", "negativePredictiveValue", true);
        metricRow(h, m, "False positive rate", "falsePositiveRate", true);
        metricRow(h, m, "Youden's J", "youdensJ", false);
        h.append("<tr><th>Result</th><td class=\"n\" id=\"result-size\">")
                .append(esc(resultSize(m.totalResults(), m.totalTranscripts(), genes))).append("</td></tr>");
        h.append(fmt("<tr><th>Positives / negatives</th><td class=\"n\">%d / %d</td></tr>",
                m.totalPositives(), m.totalNegatives()));
        h.append("</table>");
        if (!m.undefinedMetrics().isEmpty()) {
            h.append("<p class=\"meta\">n/a: the metric's denominator is zero (reported as 0 in the data).</p>");
        }
        h.append("</div>");
        figure(h, SvgCharts.confusionMatrix(m.confusionMatrix()), "Confusion matrix against the controls");
        h.append("</div></section>");
    }

    private static void crossValidation(StringBuilder h, CrossValidationResult cv) {
        h.append("<section><h2>Cross-validation</h2><p>").append(cv.k()).append(" folds; overfitting level <strong>")
                .append(esc(cv.overfittingLevel())).append("</strong> (score ").append(num(cv.overfittingScore()))
                .append(").</p><table><tr><th>Fold</th><th>Positives</th><th>Negatives</th><th>Sensitivity</th>"
                        + "<th>Specificity</th><th>Precision</th><th>F1</th></tr>");
        List<String> labels = new ArrayList<>();
        double[] f1 = new double[cv.folds().size()];
        int i = 0;
        for (FoldMetrics f : cv.folds()) {
            ExperimentMetrics m = f.metrics();
            h.append("<tr><td class=\"n\">").append(f.foldIndex() + 1).append("</td><td class=\"n\">")
                    .append(f.positiveControlIds().size()).append("</td><td class=\"n\">")
                    .append(f.negativeControlIds().size()).append("</td>");
            cell(h, m, "sensitivity");
            cell(h, m, "specificity");
            cell(h, m, "precision");
            cell(h, m, "f1Score");
            h.append("</tr>");
            labels.add("Fold " + (f.foldIndex() + 1));
            f1[i++] = m.f1Score();
        }
        ExperimentMetrics mean = cv.meanMetrics();
        if (mean != null) {
            h.append("<tr><th colspan=\"3\">Mean \u00b1 SD</th>");
            for (String name : List.of("sensitivity", "specificity", "precision", "f1Score")) {
                Double sd = cv.stdMetrics().get(name);
                h.append("<td class=\"n\">").append(mean.isUndefined(name) ? "n/a" : num(mean.ratio(name)))
                        .append(sd == null ? "" : " \u00b1 " + num(sd)).append("</td>");
            }
            h.append("</tr>");
        }
        h.append("</table>");
        figure(h, SvgCharts.barChart("F1 per fold", "F1 per held-out fold", labels, f1), "F1 score per fold");
        h.append("</section>");
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

    private static void robustness(StringBuilder h, BootstrapResult b, ExperimentMetrics metrics, RankMetrics rank) {
        h.append("<section><h2>Robustness (bootstrap)</h2><p>").append(b.nIterations()).append(" resamples, seed ")
                .append(b.seed()).append("; top-50 stability ").append(num(b.topKStability())).append(".</p>");
        h.append("<p>Intervals are 95% percentile intervals of the resampled metric; the estimate is the metric on the"
                + " full data (the resample mean, shown only where no estimate is carried, is marked *).</p>");
        h.append("<table><tr><th>Metric</th><th>Estimate</th><th>95% percentile interval</th><th>SD</th></tr>");
        List<String> names = new ArrayList<>();
        List<ConfidenceInterval> cis = new ArrayList<>();
        boolean outsideAny = false;
        for (Map<String, ConfidenceInterval> map : List.of(b.metricCis(), b.rankMetricCis())) {
            for (Map.Entry<String, ConfidenceInterval> e : map.entrySet()) {
                ConfidenceInterval ci = e.getValue();
                Double estimate = pointEstimate(e.getKey(), metrics, rank);
                boolean outside = estimate != null && (estimate < ci.lower() || estimate > ci.upper());
                outsideAny |= outside;
                h.append("<tr><td>").append(esc(e.getKey())).append("</td><td class=\"n\">")
                        .append(estimate != null ? num(estimate) : num(ci.mean()) + "*")
                        .append("</td><td class=\"n\">[").append(num(ci.lower())).append(", ").append(num(ci.upper()))
                        .append(outside ? "] \u2020" : "]").append("</td><td class=\"n\">").append(num(ci.std())).append("</td></tr>");
                if (!e.getKey().startsWith("enrichment_at_")) { // enrichment is on another scale
                    names.add(e.getKey());
                    cis.add(ci);
                }
            }
        }
        h.append("</table>");
        if (outsideAny) {
            h.append("<p class=\"meta\" id=\"estimate-outside\">\u2020 The estimate on the full data lies outside the"
                    + " percentile interval of its resamples (which need not contain it when the resampled metric is"
                    + " skewed or bounded, e.g. at 0 or 1): read the interval as the spread of the resamples.</p>");
        }
        double[] lo = cis.stream().mapToDouble(ConfidenceInterval::lower).toArray();
        double[] mid = new double[cis.size()];
        for (int i = 0; i < mid.length; i++) {
            Double estimate = pointEstimate(names.get(i), metrics, rank);
            mid[i] = estimate != null ? estimate : cis.get(i).mean();
        }
        double[] hi = cis.stream().mapToDouble(ConfidenceInterval::upper).toArray();
        figure(h, SvgCharts.intervalChart("Bootstrap intervals", names, lo, mid, hi),
                "95% percentile intervals (dot: estimate on the full data)");
        if (!b.negativeSetSensitivity().isEmpty()) {
            h.append("<h3>Alternative negative sets</h3><table><tr><th>Set</th><th>Negatives</th><th>Specificity</th>"
                    + "<th>Precision</th><th>F1</th></tr>");
            b.negativeSetSensitivity().forEach(v -> {
                h.append("<tr><td>").append(esc(v.label())).append("</td><td class=\"n\">").append(v.negativeCount())
                        .append("</td>");
                if (v.metrics() != null) {
                    cell(h, v.metrics(), "specificity");
                    cell(h, v.metrics(), "precision");
                    cell(h, v.metrics(), "f1Score");
                } else {
                    h.append("<td></td><td></td><td></td>");
                }
                h.append("</tr>");
            });
            h.append("</table>");
        }
        h.append("</section>");
    }

    private static void stepAnalysis(StringBuilder h, StepAnalysisResult s, boolean genes) {
        h.append("<section><h2>Step analysis</h2>");
        if (!s.stepEvaluations().isEmpty()) {
            h.append("<h3>Steps on their own</h3><table><tr><th>Step</th><th>Result</th><th>Recall</th><th>FPR</th>"
                    + "<th>TP \u0394</th><th>FP \u0394</th></tr>");
            for (StepEvaluation e : s.stepEvaluations()) {
                h.append("<tr><td>").append(esc(firstNonBlank(e.displayName(), e.searchName(), e.stepId())))
                        .append("</td><td class=\"n\">").append(esc(resultSize(e.resultCount(), e.transcriptCount(), genes)))
                        .append("</td><td class=\"n\">")
                        .append(pct(e.recall())).append("</td><td class=\"n\">").append(pct(e.falsePositiveRate()))
                        .append("</td><td class=\"n\">").append(fmt("%+d", e.tpMovement())).append("</td><td class=\"n\">")
                        .append(fmt("%+d", e.fpMovement())).append("</td></tr>");
            }
            h.append("</table>");
        }
        if (!s.operatorComparisons().isEmpty()) {
            h.append("<h3>Operators</h3><table><tr><th>Combine step</th><th>Operator</th><th>Recall</th><th>FPR</th>"
                    + "<th>F1</th><th>Results</th></tr>");
            for (OperatorComparison oc : s.operatorComparisons()) {
                for (OperatorVariant v : oc.variants()) {
                    boolean current = v.operator().equals(oc.currentOperator());
                    h.append("<tr><td>").append(esc(oc.combineNodeId())).append("</td><td>").append(esc(v.operator()))
                            .append(current ? " (current)" : "").append("</td><td class=\"n\">").append(pct(v.recall()))
                            .append("</td><td class=\"n\">").append(pct(v.falsePositiveRate())).append("</td><td class=\"n\">")
                            .append(num(v.f1Score())).append("</td><td class=\"n\">").append(v.totalResults())
                            .append("</td></tr>");
                }
                h.append("<tr><td colspan=\"6\">").append(esc(oc.recommendation())).append("</td></tr>");
            }
            h.append("</table>");
        }
        if (!s.stepContributions().isEmpty()) {
            h.append("<h3>Contribution (ablation)</h3><table><tr><th>Step</th><th>Recall \u0394</th><th>FPR \u0394</th>"
                    + "<th>F1 \u0394</th><th>Verdict</th><th>Narrative</th></tr>");
            for (StepContribution c : s.stepContributions()) {
                h.append("<tr><td>").append(esc(firstNonBlank(c.searchName(), c.stepId(), ""))).append("</td><td class=\"n\">")
                        .append(fmt("%+.1f%%", 100 * c.recallDelta())).append("</td><td class=\"n\">")
                        .append(fmt("%+.1f%%", 100 * c.fprDelta())).append("</td><td class=\"n\">")
                        .append(fmt("%+.4f", c.f1Delta())).append("</td><td><span class=\"badge ")
                        .append(esc(c.verdict())).append("\">").append(esc(c.verdict())).append("</span></td><td>")
                        .append(esc(c.narrative())).append("</td></tr>");
            }
            h.append("</table>");
        }
        if (!s.parameterSensitivities().isEmpty()) {
            h.append("<h3>Parameter sensitivity</h3><div class=\"charts\">");
            for (ParameterSensitivity p : s.parameterSensitivities()) {
                double[] xs = p.sweepPoints().stream().mapToDouble(x -> x.value()).toArray();
                double[] ys = p.sweepPoints().stream().mapToDouble(x -> x.f1()).toArray();
                figure(h, SvgCharts.lineChart("Sweep of " + p.paramName(), p.paramName(), "F1", xs, ys, null),
                        p.stepId() + " \u00b7 " + p.paramName() + ": current " + fmt("%.6g", p.currentValue())
                                + ", recommended " + fmt("%.6g", p.recommendedValue()) + ". " + p.recommendation());
            }
            h.append("</div>");
        }
        h.append("</section>");
    }

    private static void treeOptimization(StringBuilder h, TreeOptimizationResult t) {
        h.append("<section><h2>Tree optimisation</h2><p>Objective <code>").append(esc(t.objective())).append("</code>, ")
                .append(t.allTrials().size()).append(" trials.</p>");
        TreeOptimizationTrial best = t.bestTrial();
        if (best != null) {
            h.append("<table><tr><th>Best trial</th><td class=\"n\">").append(best.trialNumber())
                    .append("</td></tr><tr><th>Score</th><td class=\"n\">").append(num(best.score()))
                    .append("</td></tr><tr><th>List size</th><td class=\"n\">").append(best.listSize()).append("</td></tr>");
            new TreeMap<>(best.parameters()).forEach((k, v) -> row(h, k, String.valueOf(v)));
            h.append("</table>");
        }
        trials(h, t.objective(), t.allTrials().stream().map(trial -> new SvgCharts.TrialPoint(trial.trialNumber(),
                trial.score(), parameterText(trial.parameters()), trial == best, "complete".equals(trial.status()))).toList(),
                t.allTrials().stream().map(trial -> (Object) trial.listSize()).toList());
        h.append("</section>");
    }

    private static void parameterOptimization(StringBuilder h, ParameterOptimizationResult p) {
        h.append("<section><h2>Parameter optimisation</h2><p>Objective <code>").append(esc(p.objective()))
                .append("</code>, ").append(p.allTrials().size()).append(" of ").append(p.totalTrials())
                .append(" trials, ").append(esc(p.status()));
        if (p.stopReason() != null) {
            h.append(" (").append(esc(p.stopReason().replace('_', ' '))).append(")");
        }
        h.append(".</p>");
        ParameterTrial best = p.bestTrial();
        if (best != null) {
            h.append("<table><tr><th>Best trial</th><td class=\"n\">").append(best.trialNumber())
                    .append("</td></tr><tr><th>Score</th><td class=\"n\">").append(num(best.score()))
                    .append("</td></tr><tr><th>Recall</th><td class=\"n\">").append(num(best.recall()))
                    .append("</td></tr><tr><th>False-positive rate</th><td class=\"n\">")
                    .append(num(best.falsePositiveRate())).append("</td></tr><tr><th>Result size</th><td class=\"n\">")
                    .append(best.resultCount()).append("</td></tr>");
            new TreeMap<>(best.parameters()).forEach((k, v) -> row(h, k, String.valueOf(v)));
            h.append("</table>");
        }
        if (!p.sensitivity().isEmpty()) {
            h.append("<table><tr><th>Parameter</th><th>Share of the score's variance</th></tr>");
            p.sensitivity().forEach((k, v) -> h.append("<tr><td>").append(esc(k)).append("</td><td class=\"n\">")
                    .append(num(v)).append("</td></tr>"));
            h.append("</table>");
        }
        trials(h, p.objective(), p.allTrials().stream().map(trial -> new SvgCharts.TrialPoint(trial.trialNumber(),
                trial.score(), parameterText(trial.parameters()),
                best != null && trial.trialNumber() == best.trialNumber(), trial.complete())).toList(),
                p.allTrials().stream().map(trial -> (Object) trial.resultCount()).toList());
        h.append("</section>");
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

    /** The trials of an optimisation: score by trial as a chart, then every trial in a table. */
    private static void trials(StringBuilder h, String objective, List<SvgCharts.TrialPoint> points, List<Object> sizes) {
        figure(h, SvgCharts.trialChart("Score per trial", objective, points), "Objective (" + objective + ") per trial");
        h.append("<table class=\"trials\"><tr><th>Trial</th><th>Parameters</th><th>").append(esc(objective))
                .append("</th><th>Result size</th></tr>");
        for (int i = 0; i < points.size(); i++) {
            SvgCharts.TrialPoint t = points.get(i);
            h.append("<tr><td class=\"n\">").append(t.trialNumber()).append(t.best() ? " (best)" : "")
                    .append("</td><td>").append(esc(t.parameters())).append("</td><td class=\"n\">")
                    .append(t.complete() ? num(t.score()) : "failed").append("</td><td class=\"n\">")
                    .append(sizes.get(i) == null ? "\u2013" : esc(String.valueOf(sizes.get(i)))).append("</td></tr>");
        }
        h.append("</table>");
    }

    private static String parameterText(Map<String, Object> parameters) {
        return new TreeMap<>(parameters).entrySet().stream().map(e -> e.getKey() + " = " + e.getValue())
                .collect(java.util.stream.Collectors.joining(", "));
    }

    private static void enrichment(StringBuilder h, List<EnrichmentResult> results) {
        h.append("<section><h2>Enrichment</h2>");
        for (EnrichmentResult r : results) {
            h.append("<h3>").append(esc(AnalysisTypes.label(r.analysisType()))).append("</h3>");
            if (r.error() != null) {
                h.append("<p>").append(esc(r.error())).append("</p>");
                continue;
            }
            h.append("<p class=\"meta\">").append(enrichmentCounts(r)).append("</p><table><tr><th>Term</th><th>Genes</th><th>Fold</th>"
                            + "<th>p</th><th>FDR</th></tr>");
            List<EnrichmentTerm> top = r.terms().subList(0, Math.min(MAX_TERMS, r.terms().size()));
            for (EnrichmentTerm t : top) {
                h.append("<tr><td>").append(esc(t.termName())).append(" <code>").append(esc(t.termId()))
                        .append("</code></td><td class=\"n\">").append(t.geneCount()).append("</td><td class=\"n\">")
                        .append(fmt("%.2f", t.foldEnrichment())).append("</td><td class=\"n\">").append(sci(t.pValue()))
                        .append("</td><td class=\"n\">").append(sci(t.fdr())).append("</td></tr>");
            }
            h.append("</table>");
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
            figure(h, SvgCharts.barChart("Top terms " + AnalysisTypes.label(r.analysisType()), "\u2212log10 p", names,
                    score),
                    "Top terms by significance");
        }
        h.append("</section>");
    }

    private static void geneLists(StringBuilder h, Experiment e, ReportContext ctx) {
        if (e.truePositiveGenes().isEmpty() && e.falseNegativeGenes().isEmpty() && e.falsePositiveGenes().isEmpty()
                && e.trueNegativeGenes().isEmpty()) {
            return;
        }
        h.append("<section><h2>Gene lists</h2>");
        if (ctx.resultsCsvUrl() != null) {
            h.append("<p><a id=\"results-csv\" href=\"").append(esc(ctx.resultsCsvUrl()))
                    .append("\" download>Classified results (CSV)</a></p>");
        }
        geneList(h, "True positives", e.truePositiveGenes());
        geneList(h, "False negatives", e.falseNegativeGenes());
        geneList(h, "False positives", e.falsePositiveGenes());
        geneList(h, "True negatives", e.trueNegativeGenes());
        h.append("</section>");
    }

    private static void geneList(StringBuilder h, String title, List<GeneInfo> genes) {
        h.append("<details><summary>").append(esc(title)).append(" (").append(genes.size()).append(")</summary>");
        if (!genes.isEmpty()) {
            h.append("<table><tr><th>ID</th><th>Name</th><th>Organism</th><th>Product</th></tr>");
            for (GeneInfo g : genes.subList(0, Math.min(MAX_GENES, genes.size()))) {
                h.append("<tr><td><code>").append(esc(g.id())).append("</code></td><td>").append(esc(g.name()))
                        .append("</td><td>").append(esc(g.organism())).append("</td><td>").append(esc(g.product()))
                        .append("</td></tr>");
            }
            h.append("</table>");
            if (genes.size() > MAX_GENES) {
                h.append("<p class=\"meta\">First ").append(MAX_GENES).append(" of ").append(genes.size()).append(".</p>");
            }
        }
        h.append("</details>");
    }

    private static void metricRow(StringBuilder h, ExperimentMetrics m, String label, String name, boolean percent) {
        double v = m.ratio(name);
        h.append("<tr><th>").append(esc(label)).append("</th><td class=\"n\">")
                .append(m.isUndefined(name) ? "n/a" : percent ? pct(v) : num(v)).append("</td></tr>");
    }

    private static void cell(StringBuilder h, ExperimentMetrics m, String name) {
        h.append("<td class=\"n\">").append(m.isUndefined(name) ? "n/a" : num(m.ratio(name))).append("</td>");
    }

    private static void row(StringBuilder h, String key, String value) {
        h.append("<tr><th>").append(esc(key)).append("</th><td>").append(esc(value)).append("</td></tr>");
    }

    private static void card(StringBuilder h, String label, String value) {
        h.append("<div class=\"card\">").append(esc(label)).append("<b>").append(esc(value)).append("</b></div>");
    }

    private static void figure(StringBuilder h, String svg, String caption) {
        if (svg.isEmpty()) {
            return;
        }
        h.append("<figure>").append(svg).append("<figcaption>").append(esc(caption)).append("</figcaption></figure>");
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

    private static String sha256(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return "sha256-" + Base64.getEncoder().encodeToString(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by every Java platform", e);
        }
    }
}
