package org.strategylab.evaluation.report;

import org.strategylab.evaluation.SampleExperiments;
import org.strategylab.evaluation.bootstrap.BootstrapRequest;
import org.strategylab.evaluation.bootstrap.RobustnessBootstrap;
import org.strategylab.evaluation.enrichment.TermCounts;
import org.strategylab.evaluation.enrichment.TermEnrichment;
import org.strategylab.evaluation.ids.ControlSets;
import org.strategylab.evaluation.metrics.GeneIdClassifier;
import org.strategylab.evaluation.model.BootstrapResult;
import org.strategylab.evaluation.model.EnrichmentResult;
import org.strategylab.evaluation.model.Experiment;
import org.strategylab.evaluation.model.ExperimentConfig;
import org.strategylab.evaluation.model.GeneInfo;
import org.strategylab.evaluation.model.NegativeSetVariant;
import org.strategylab.evaluation.model.OperatorComparison;
import org.strategylab.evaluation.model.OperatorVariant;
import org.strategylab.evaluation.model.ParameterOptimizationResult;
import org.strategylab.evaluation.model.ParameterTrial;
import org.strategylab.evaluation.model.StepAnalysisResult;
import org.strategylab.evaluation.model.StepContribution;
import org.strategylab.evaluation.model.StepEvaluation;
import org.strategylab.evaluation.model.TreeOptimizationResult;
import org.strategylab.evaluation.model.TreeOptimizationTrial;
import org.strategylab.evaluation.rank.RankMetricsCalculator;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.strategylab.evaluation.SampleExperiments.EVIL;

/**
 * Experiments that together reach every part of the report, each with a context, built deterministically (seeded
 * resampling, ordered maps) so that their renderings can be compared byte for byte with the committed ones.
 */
final class ReportSamples {
    private ReportSamples() {
    }

    record Sample(String name, Experiment experiment, ReportContext context) {
    }

    static List<Sample> all() {
        return List.of(
                new Sample("full", SampleExperiments.sample(300), ReportContext.NONE),
                new Sample("full-with-context", SampleExperiments.sample(300),
                        new ReportContext("Kinases " + EVIL, "results.csv?x=" + EVIL)),
                new Sample("minimal", new Experiment("only-id", null, null, null, null, null, null, null, null, null,
                        null, null, null, null, null, null, null, null, false, null, null, null, null, null, null, null,
                        null, null, null), ReportContext.NONE),
                new Sample("failed", failed(), ReportContext.NONE),
                new Sample("step-analysis", stepAnalysis(), new ReportContext(null, "r.csv")),
                new Sample("tree-optimisation", treeOptimization(), ReportContext.NONE),
                new Sample("parameter-optimisation", parameterOptimization(), ReportContext.NONE),
                new Sample("many-genes", manyGenes(), new ReportContext("Set " + EVIL, null)));
    }

    /** An experiment that failed, with a hostile name and error, undefined metrics and no rank metrics. */
    private static Experiment failed() {
        var controls = ControlSets.of(List.of("a1", "a2"), List.of());
        var metrics = GeneIdClassifier.metrics(List.of("a1", "zz"), controls);
        var config = new ExperimentConfig(null, null, null, null, null, Map.of(), List.of("t1", "t2"),
                List.of("a1", "a2"), List.of(), "cs-" + EVIL, null, null, null, null, null, null);
        return new Experiment("exp-" + EVIL, config, null, "error", metrics, null, List.of(
                new EnrichmentResult("pathway", List.of(), 0, 0, "Upstream " + EVIL)), List.of(), List.of(), List.of(),
                List.of(), "It broke: " + EVIL, 0.0, "", null, null, null, "label " + EVIL, false, null, null, null, null,
                null, null, null, null, "site-" + EVIL, "Failed " + EVIL);
    }

    private static Experiment stepAnalysis() {
        List<String> p = new ArrayList<>();
        List<String> n = new ArrayList<>();
        List<String> ordered = new ArrayList<>();
        for (int i = 0; i < 120; i++) {
            (i % 4 == 0 ? p : n).add("g" + i);
            ordered.add("g" + (i * 11 % 120));
        }
        Map<String, List<String>> alternatives = new LinkedHashMap<>();
        alternatives.put("random " + EVIL, n.subList(0, 30));
        alternatives.put("empty", List.of());
        var resampled = RobustnessBootstrap.run(new BootstrapRequest(ordered, ordered.subList(0, 60), p, n, 40, 7L,
                List.of(10, 50), null, alternatives));
        List<NegativeSetVariant> variants = new ArrayList<>(resampled.negativeSetSensitivity());
        variants.add(new NegativeSetVariant("without metrics " + EVIL, null, 3, null));
        var boot = new BootstrapResult(resampled.nIterations(), resampled.seed(), resampled.metricCis(),
                resampled.rankMetricCis(), resampled.topKStability(), variants, resampled.undefinedMetricCis());
        var metrics = GeneIdClassifier.metrics(ordered.subList(0, 60), ControlSets.of(p, n));
        var steps = new StepAnalysisResult(
                List.of(new StepEvaluation("s1", "GenesByText", "Text " + EVIL, 40, 5, 30, 7, 90, 1.0 / 6, 7.0 / 90,
                                List.of(), List.of(), 3, -2, 0),
                        new StepEvaluation("s2", "GenesByGoTerm", null, 12, 2, 30, 1, 90, 2.0 / 30, 1.0 / 90, List.of(),
                                List.of(), 0, 1, 0),
                        new StepEvaluation("s3", null, "", 0, 0, 30, 0, 90, 0, 0, List.of(), List.of(), 0, 0, 0)),
                List.of(new OperatorComparison("c" + EVIL, "INTERSECT", List.of(
                        new OperatorVariant("INTERSECT", 4, 1, 8, 0.4, 0.01, 0.5),
                        new OperatorVariant("UNION", 9, 8, 60, 0.9, 0.08, 0.31234),
                        new OperatorVariant("MINUS", 1, 0, 2, 0.1, 0, Double.NaN)), "Keep " + EVIL, null, Map.of())),
                List.of(new StepContribution("s1", "GenesByText", 0.5, 0.3, 0.2, 0.1, 0.05, 0.05, "essential", 1.5,
                                "Removing it loses " + EVIL, 0.6, 0.4, 0.2),
                        new StepContribution("s2", null, 0.5, 0.5, 0, 0.1, 0.1, 0, "neutral", 0, "", 0.6, 0.6, 0),
                        new StepContribution("s3", "X", 0.5, 0.55, -0.05, 0.1, 0.2, -0.1, "harmful" + EVIL, 0,
                                "n", 0.6, 0.65, -0.05)),
                List.of());
        var config = new ExperimentConfig("Steps", "toxodb", "gene", "multi_step", null, null, null, p, n, null, null,
                null, null, null, null, null);
        return new Experiment("exp-steps", config, null, "completed", metrics, null, List.of(), List.of(), List.of(),
                List.of(new GeneInfo("fp1", null, null, "kinase " + EVIL)), List.of(), null, 3.04, "2026-02-02T10:00:00Z",
                null, null, null, null, false, null, null, null, null, steps, null, boot, null, null, null);
    }

    private static Experiment treeOptimization() {
        Map<String, Object> best = new LinkedHashMap<>();
        best.put("step-2:min_tm", 3);
        best.put("step-1:operator", "UNION " + EVIL);
        List<TreeOptimizationTrial> trials = new ArrayList<>();
        for (int i = 1; i <= 12; i++) {
            Map<String, Object> params = new LinkedHashMap<>();
            params.put("step-2:min_tm", i);
            params.put("step-1:operator", i % 2 == 0 ? "UNION " + EVIL : "INTERSECT");
            trials.add(new TreeOptimizationTrial(i, i == 7 ? best : params, i == 5 ? 0 : Math.sin(i) / 2 + 0.4, null,
                    10 * i, i == 5 ? "failed" : i == 9 ? "rejected" : "complete", i == 5 ? "boom" : null));
        }
        var tree = new TreeOptimizationResult(trials.get(6), trials, 4.5, "precision_at_50" + EVIL);
        var config = new ExperimentConfig("Tree", "plasmodb", "transcript", "multi_step", null, Map.of(), null,
                List.of("a"), List.of("b"), null, null, null, null, null, null, null);
        return new Experiment("exp-tree", config, null, "completed", null, null, List.of(), List.of(), List.of(),
                List.of(), List.of(), null, null, "2026-03-03T00:00:00Z", null, null, null, null, false, null, null,
                null, "notes", null, null, null, tree, null, "Tree named");
    }

    private static Experiment parameterOptimization() {
        List<ParameterTrial> trials = new ArrayList<>();
        for (int i = 1; i <= 9; i++) {
            Map<String, Object> params = new LinkedHashMap<>();
            params.put("fold_change", 1.5 * i);
            params.put("direction", i % 3 == 0 ? "up " + EVIL : "down");
            boolean ok = i != 4;
            trials.add(new ParameterTrial(i, params, ok ? i / 10.0 : 0, ok ? i / 12.0 : null, ok ? 0.01 * i : null,
                    ok ? 100 - i : null, null, null, null, null, ok ? ParameterTrial.COMPLETE : ParameterTrial.FAILED,
                    ok ? null : "timeout"));
        }
        Map<String, Double> sensitivity = new LinkedHashMap<>();
        sensitivity.put("fold_change", 0.75);
        sensitivity.put("direction " + EVIL, 0.25);
        var opt = new ParameterOptimizationResult("o1", "completed", trials.get(8), trials, List.of(trials.get(8)),
                sensitivity, 9.9, 30, "balanced_accuracy", null, "no_improvement_" + EVIL);
        var config = new ExperimentConfig("Params", "plasmodb", "transcript", "single", "GenesByFoldChange",
                Map.of("fold_change", "2", "direction", EVIL), null, List.of("a"), List.of("b"), null, null, null,
                null, null, null, null);
        return new Experiment("exp-params", config, null, "completed", null, null, List.of(), List.of(), List.of(),
                List.of(), List.of(), null, 120.0, "2026-04-04T00:00:00Z", null, null, null, null, false, opt, null,
                null, null, null, null, null, null, null, null);
    }

    /** More genes than a list shows, more terms than a table shows, and a rank list without K = 50. */
    private static Experiment manyGenes() {
        List<String> p = new ArrayList<>();
        List<String> n = new ArrayList<>();
        List<String> ordered = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            (i % 2 == 0 ? p : n).add("g" + i);
            ordered.add("g" + (i * 3 % 40));
        }
        var rank = RankMetricsCalculator.compute(ordered, ControlSets.of(p, n), List.of(5, 10));
        List<TermCounts> terms = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            terms.add(new TermCounts("T:" + i, "Product descriptions containing the word " + EVIL + i, 30 - i, 60 + i));
        }
        var enrichment = TermEnrichment.analyse("word", 100, 1000, terms);
        List<GeneInfo> genes = new ArrayList<>();
        for (int i = 0; i < 230; i++) {
            genes.add(new GeneInfo("G" + i, i % 50 == 0 ? EVIL : "name" + i, "Org " + i, i % 2 == 0 ? null : "p" + i));
        }
        var config = new ExperimentConfig("Many", "plasmodb", "transcript", "gene_list", null, null, List.of("x"),
                p, n, "cs-1", null, null, null, null, null, null);
        return new Experiment("exp-many", config, null, "completed", null, null, List.of(enrichment), genes,
                genes.subList(0, 3), List.of(), genes.subList(0, 201), null, null, "2026-05-05T00:00:00Z", null, null,
                null, null, false, null, null, null, null, null, rank, null, null, null, null);
    }
}
