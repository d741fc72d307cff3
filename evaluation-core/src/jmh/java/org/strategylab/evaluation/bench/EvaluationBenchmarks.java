package org.strategylab.evaluation.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.strategylab.evaluation.bootstrap.BootstrapRequest;
import org.strategylab.evaluation.bootstrap.RobustnessBootstrap;
import org.strategylab.evaluation.cv.CrossValidator;
import org.strategylab.evaluation.cv.GeneIdEvaluator;
import org.strategylab.evaluation.enrichment.CustomEnrichment;
import org.strategylab.evaluation.enrichment.TermCounts;
import org.strategylab.evaluation.enrichment.TermEnrichment;
import org.strategylab.evaluation.ids.ControlSets;
import org.strategylab.evaluation.metrics.ClassificationMetrics;
import org.strategylab.evaluation.metrics.GeneIdClassifier;
import org.strategylab.evaluation.model.BootstrapResult;
import org.strategylab.evaluation.model.CrossValidationResult;
import org.strategylab.evaluation.model.CustomEnrichmentResult;
import org.strategylab.evaluation.model.EnrichmentResult;
import org.strategylab.evaluation.model.Experiment;
import org.strategylab.evaluation.model.ExperimentConfig;
import org.strategylab.evaluation.model.ExperimentMetrics;
import org.strategylab.evaluation.model.GeneInfo;
import org.strategylab.evaluation.model.OverlapResult;
import org.strategylab.evaluation.model.RankMetrics;
import org.strategylab.evaluation.overlap.ExperimentGenes;
import org.strategylab.evaluation.overlap.OverlapAnalysis;
import org.strategylab.evaluation.rank.RankMetricsCalculator;
import org.strategylab.evaluation.report.HtmlReportRenderer;
import org.strategylab.evaluation.stats.HypergeometricTest;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * The workload: a 20,000-gene universe, 2,000 positives, 2,000 negatives, a 3,000-ID result
 * set, a 5,000-ID ranked list, 15,000 enrichment terms, 4 experiments × 3,000 genes for overlap, a
 * 500-gene custom set against a 4,000-gene background.
 * Single-threaded. Run with bin/run-benchmarks.
 *
 * <p>Each fork runs on a fixed, pre-touched 1 GiB heap. On our VMs the first touch of a memory page
 * costs about 10 µs, and a fork with the default heap sizing keeps growing its heap for the whole
 * run, so every call that allocated measured page faults rather than the code: allocating 80 kB
 * took 200–470 µs per call that way, 3.4 µs on a pre-touched heap, and the same code ran up to
 * twice as slow from one day to the next. A service reuses its heap once touched, so the fixed heap
 * is also what a call in experiment-service meets. ({@code -jvmArgsAppend} on the command line
 * replaces these options.)
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g", "-XX:+AlwaysPreTouch"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class EvaluationBenchmarks {
    List<String> positives;
    List<String> negatives;
    ControlSets controls;
    List<String> result;
    List<String> ranked;
    List<String> rankedWithADuplicate;
    List<TermCounts> terms;
    int[][] approxInputs;
    List<ExperimentGenes> overlap;
    BootstrapRequest bootstrap;
    List<String> customBackground;
    List<String> customGeneSet;
    CustomEnrichment.Prepared customPrepared;
    ExperimentMetrics fullMetrics;
    Experiment experiment;
    final HtmlReportRenderer renderer = new HtmlReportRenderer();
    /** TP, |P|, FP, |N| and the result size of the gene-ID workload; a field, so the JIT cannot fold them. */
    int[] counts = {1_200, 2_000, 300, 2_000, 3_000};

    @Setup
    public void setUp() {
        Random random = new Random(42); // workload generation only
        List<String> universe = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            universe.add(String.format("PF3D7_%07d", i));
        }
        List<String> shuffled = new ArrayList<>(universe);
        Collections.shuffle(shuffled, random);
        positives = new ArrayList<>(shuffled.subList(0, 2_000));
        negatives = new ArrayList<>(shuffled.subList(2_000, 4_000));
        controls = ControlSets.of(positives, negatives);
        // a result enriched for positives: 1,200 positives, 300 negatives, 1,500 others
        result = new ArrayList<>(shuffled.subList(0, 1_200));
        result.addAll(shuffled.subList(2_000, 2_300));
        result.addAll(shuffled.subList(4_000, 5_500));
        Collections.shuffle(result, random);
        ranked = new ArrayList<>(result);
        ranked.addAll(shuffled.subList(5_500, 7_500));
        rankedWithADuplicate = new ArrayList<>(ranked); // the last non-control again: FirstSightings turns exact at the end
        rankedWithADuplicate.add(new String(ranked.get(ranked.size() - 1)));
        terms = new ArrayList<>();
        for (int i = 0; i < 15_000; i++) {
            int k = 1 + random.nextInt(400);
            int a = Math.min(k, random.nextInt(1 + k / 3));
            terms.add(new TermCounts("GO:" + i, "term " + i, a, k));
        }
        approxInputs = new int[terms.size()][];
        for (int i = 0; i < terms.size(); i++) {
            approxInputs[i] = new int[]{terms.get(i).resultCount(), terms.get(i).backgroundCount()};
        }
        overlap = new ArrayList<>();
        for (int e = 0; e < 4; e++) {
            List<String> genes = new ArrayList<>(universe.subList(0, 6_000));
            Collections.shuffle(genes, random);
            overlap.add(new ExperimentGenes("e" + e, "Experiment " + e, genes.subList(0, 1_500), genes.subList(1_500, 3_000)));
        }
        customBackground = new ArrayList<>(shuffled.subList(0, 4_000)); // the controls, as PathFinder's background
        List<String> setPool = new ArrayList<>(customBackground);
        Collections.shuffle(setPool, random);
        customGeneSet = new ArrayList<>(setPool.subList(0, 500));
        customPrepared = CustomEnrichment.prepare(result, customBackground, positives);
        bootstrap = new BootstrapRequest(ranked, result, positives, negatives, 200, 42L, null, true, null);

        ExperimentMetrics metrics = GeneIdClassifier.metrics(result, controls);
        RankMetrics rank = RankMetricsCalculator.compute(ranked, controls, null);
        BootstrapResult robustness = RobustnessBootstrap.run(bootstrap);
        fullMetrics = metrics;
        var cv = CrossValidator.run(positives, negatives, 5, 42, new GeneIdEvaluator(result), metrics, null);
        EnrichmentResult enrichment = TermEnrichment.analyse("go_process", 3_000, 20_000, terms.subList(0, 500));
        var eval = GeneIdClassifier.evaluate(result, controls);
        experiment = new Experiment("bench", new ExperimentConfig("Benchmark", "plasmodb", "transcript", "single",
                "GenesByTaxon", null, result, positives, negatives, null, null, null, null, null, null, null), null,
                "completed", metrics, cv, List.of(enrichment), genes(eval.truePositiveIds()), genes(eval.falseNegativeIds()),
                genes(eval.falsePositiveIds()), genes(eval.trueNegativeIds()), null, 3.2, "2026-01-01T00:00:00Z", null, null,
                null, null, false, null, null, null, null, null, rank, robustness, null, "plasmodb", "Benchmark");
    }

    private static List<GeneInfo> genes(List<String> ids) {
        return ids.stream().map(GeneInfo::of).toList();
    }

    /** The first row: every classification metric from the four counts alone. */
    @Benchmark
    public ExperimentMetrics metricsFromCounts() {
        return ClassificationMetrics.fromCounts(counts[0], counts[1], counts[2], counts[3], counts[4]);
    }

    @Benchmark
    public ExperimentMetrics geneIdClassification() {
        return GeneIdClassifier.metrics(result, controls);
    }

    @Benchmark
    public ExperimentMetrics geneIdClassificationIncludingControlIndex() {
        return GeneIdClassifier.metrics(result, ControlSets.of(positives, negatives));
    }

    @Benchmark
    public RankMetrics rankMetrics() {
        return RankMetricsCalculator.compute(ranked, controls, null);
    }

    @Benchmark
    public RankMetrics rankMetricsOfAListThatRepeatsAnId() {
        return RankMetricsCalculator.compute(rankedWithADuplicate, controls, null);
    }

    @Benchmark
    public BootstrapResult bootstrap200WithRankIntervals() {
        return RobustnessBootstrap.run(bootstrap);
    }

    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public EnrichmentResult exactEnrichment15000TermsWithBh() {
        return TermEnrichment.analyse("go_process", 3_000, 20_000, terms);
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public double normalApproximation15000() {
        double sum = 0;
        for (int[] t : approxInputs) {
            sum += HypergeometricTest.normalApproximation(t[0], 20_000, t[1], 3_000);
        }
        return sum;
    }

    /** One gene set against the experiment's prepared result, background and controls: the per-set cost. */
    @Benchmark
    public CustomEnrichmentResult customEnrichment500() {
        return customPrepared.analyse("bench", customGeneSet);
    }

    /** The one-call form: result, background and controls indexed too. */
    @Benchmark
    public CustomEnrichmentResult customEnrichment500IncludingPreparation() {
        return CustomEnrichment.analyse("bench", customGeneSet, result, customBackground, positives);
    }

    @Benchmark
    public CrossValidationResult crossValidation5Folds() {
        return CrossValidator.run(positives, negatives, 5, 42, new GeneIdEvaluator(result), fullMetrics, null);
    }

    @Benchmark
    public OverlapResult overlap4x3000() {
        return OverlapAnalysis.analyse(overlap);
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public String htmlReport() {
        return renderer.render(experiment);
    }
}
