package org.strategylab.evaluation.bootstrap;

import org.strategylab.evaluation.InputLimits;
import org.strategylab.evaluation.ValidationException;
import org.strategylab.evaluation.ids.ControlSets;
import org.strategylab.evaluation.stats.SampleSize;
import org.strategylab.evaluation.ids.IdNormaliser;
import org.strategylab.evaluation.metrics.ClassificationMetrics;
import org.strategylab.evaluation.metrics.GeneIdClassifier;
import org.strategylab.evaluation.model.BootstrapResult;
import org.strategylab.evaluation.model.ConfidenceInterval;
import org.strategylab.evaluation.model.ExperimentMetrics;
import org.strategylab.evaluation.model.NegativeSetVariant;
import org.strategylab.evaluation.rank.RankMetricsCalculator;
import org.strategylab.evaluation.rank.RankedList;
import org.strategylab.evaluation.stats.PythonRandom;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Bootstrap robustness of the metrics to the choice of controls (spec 4.5.12; DECISIONS 13;
 * evaluation-semantics §5).
 *
 * <p>Each replicate draws |P| positives and then |N| negatives with replacement from the
 * normalised control lists ({@code random.Random(seed)}-compatible draws) and <b>keeps
 * multiplicities</b>: a control drawn twice counts twice, the ordinary nonparametric bootstrap
 * (PathFinder's collapse to sets shrinks the SD to ≈ 0.76 of the right value). Classification uses
 * weighted counts against the result set; rank metrics use the weighted hits among the top K:
 * R@K = hits/|P|, P@K = min(1, hits/min(K, n)) (a positive drawn several times could otherwise push
 * P@K above 1), E@K = P@K/(|P|/n).
 *
 * <p>{@code topKStability} is redefined (PathFinder's Jaccard of replicate sets is ≈ 0.46 whatever
 * the ranking): the share of replicates whose P@50 lies within ±10 % (relative) of the point
 * estimate. A metric that needs a class of controls the experiment does not have (specificity, MCC
 * and balanced accuracy without negatives) keeps PathFinder's 0–0 interval in Java, is named in
 * {@code undefinedMetricCis} and is {@code null} on the wire. Negative-set sensitivity reports classification metrics per alternative negative set
 * (rank metrics ignore negatives, so they alone would be identical for every set).
 */
public final class RobustnessBootstrap {
    public static final int DEFAULT_ITERATIONS = 200;
    public static final long DEFAULT_SEED = 42;
    public static final int MAX_ITERATIONS = 100_000;
    /** The classification metrics given intervals, in output order. */
    public static final List<String> METRICS = List.of("sensitivity", "specificity", "precision", "f1Score", "mcc",
            "balancedAccuracy");
    private static final int STABILITY_K = 50;
    private static final double STABILITY_TOLERANCE = 0.10;

    private RobustnessBootstrap() {
    }

    /** Runs the bootstrap. */
    public static BootstrapResult run(BootstrapRequest request) {
        int iterations = request.nBootstrap() == null ? DEFAULT_ITERATIONS : request.nBootstrap();
        if (iterations < 1 || iterations > MAX_ITERATIONS) {
            throw new ValidationException("nBootstrap", "must be between 1 and " + MAX_ITERATIONS);
        }
        long seed = request.seed() == null ? DEFAULT_SEED : request.seed();
        if (seed < 0) {
            throw new ValidationException("seed", "must be ≥ 0");
        }
        InputLimits.requireAtMost("alternativeNegatives",
                request.alternativeNegatives() == null ? null : request.alternativeNegatives().keySet(),
                InputLimits.MAX_ALTERNATIVE_NEGATIVE_SETS);
        InputLimits.requireIds("resultIds", request.resultIds());
        List<Integer> ks = RankMetricsCalculator.normaliseK(request.kValues());
        boolean withRank = request.includeRankMetrics() == null || request.includeRankMetrics();
        ControlSets controls = ControlSets.of(request.positiveControls(), request.negativeControls());
        RankedList ranked = RankedList.of(request.orderedIds(), controls);
        RankedList resultSet = request.resultIds() == null ? ranked : RankedList.of(request.resultIds(), controls);
        int[] positivesHit = resultSet.positivesFound().stream().toArray();
        int[] negativesHit = resultSet.negativesFound().stream().toArray();

        int p = controls.positives().size();
        int q = controls.negatives().size();
        int n = ranked.size();
        boolean rank = withRank && n > 0 && p > 0;
        int[] rankedIdx = ranked.positiveIndexesInRankOrder();
        int[] hitsAtK = new int[ks.size()];
        for (int i = 0; i < ks.size(); i++) {
            hitsAtK[i] = ranked.hitsAt(Math.min(ks.get(i), n)); // entries of ranks below min(K, n)
        }
        int k50 = Math.min(STABILITY_K, n);
        int hits50 = n == 0 ? 0 : ranked.hitsAt(k50);
        double pointP50 = n == 0 ? 0.0 : (double) hits50 / k50;

        double[][] cls = new double[METRICS.size()][iterations];
        double[][] rk = new double[3 * ks.size()][rank ? iterations : 0];
        int stable = 0;
        PythonRandom rng = new PythonRandom(seed);
        int[] wp = new int[p];
        int[] wn = new int[q];
        double base = n == 0 ? 0 : (double) p / n;
        for (int b = 0; b < iterations; b++) {
            java.util.Arrays.fill(wp, 0);
            java.util.Arrays.fill(wn, 0);
            for (int i = 0; i < p; i++) {
                wp[rng.randBelow(p)]++;
            }
            for (int i = 0; i < q; i++) {
                wn[rng.randBelow(q)]++;
            }
            int tp = 0;
            for (int i : positivesHit) {
                tp += wp[i];
            }
            int fp = 0;
            for (int j : negativesHit) {
                fp += wn[j];
            }
            ExperimentMetrics m = ClassificationMetrics.fromCounts(tp, p, fp, q, resultSet.size());
            for (int i = 0; i < METRICS.size(); i++) {
                cls[i][b] = m.ratio(METRICS.get(i));
            }
            if (rank) {
                // cumulative weighted hits along the ranked positives
                int cumulative = 0;
                int next = 0;
                int hits50w = 0;
                for (int i = 0; i < ks.size(); i++) {
                    while (next < hitsAtK[i]) {
                        cumulative += wp[rankedIdx[next++]];
                    }
                    int kk = Math.min(ks.get(i), n);
                    double pk = Math.min(1.0, (double) cumulative / kk);
                    rk[3 * i][b] = pk;
                    rk[3 * i + 1][b] = (double) cumulative / p;
                    rk[3 * i + 2][b] = pk / base;
                }
                for (int j = 0; j < hits50; j++) {
                    hits50w += wp[rankedIdx[j]];
                }
                double p50 = Math.min(1.0, (double) hits50w / k50);
                if (Math.abs(p50 - pointP50) <= STABILITY_TOLERANCE * pointP50 + 1e-12) {
                    stable++;
                }
            }
        }
        Map<String, ConfidenceInterval> metricCis = new LinkedHashMap<>();
        for (int i = 0; i < METRICS.size(); i++) {
            metricCis.put(METRICS.get(i), PercentileInterval.of(cls[i]));
        }
        Map<String, ConfidenceInterval> rankCis = new LinkedHashMap<>();
        if (rank) {
            for (int i = 0; i < ks.size(); i++) {
                rankCis.put("precision_at_" + ks.get(i), PercentileInterval.of(rk[3 * i]));
                rankCis.put("recall_at_" + ks.get(i), PercentileInterval.of(rk[3 * i + 1]));
                rankCis.put("enrichment_at_" + ks.get(i), PercentileInterval.of(rk[3 * i + 2]));
            }
        }
        double stability = rank ? (double) stable / iterations : 0.0;
        // the point estimate's absent-class metrics (specificity without negatives …) have no interval
        Map<String, String> undefined = new LinkedHashMap<>();
        ClassificationMetrics.fromCounts(positivesHit.length, p, negativesHit.length, q, resultSet.size())
                .absentClassMetrics().forEach((name, reason) -> {
                    if (metricCis.containsKey(name)) {
                        undefined.put(name, reason);
                    }
                });
        return new BootstrapResult(iterations, seed, metricCis, rankCis, stability,
                negativeSetSensitivity(request, controls, ks), undefined,
                SampleSize.warnings(p, q, SampleSize.DEFAULT_MIN_CONTROLS_PER_CLASS));
    }

    private static List<NegativeSetVariant> negativeSetSensitivity(BootstrapRequest request, ControlSets controls,
                                                                   List<Integer> ks) {
        if (request.alternativeNegatives() == null) {
            return List.of();
        }
        List<String> result = request.resultIds() == null ? request.orderedIds() : request.resultIds();
        List<NegativeSetVariant> out = new ArrayList<>();
        for (Map.Entry<String, List<String>> e : request.alternativeNegatives().entrySet()) {
            List<String> negatives = IdNormaliser.clean(e.getValue());
            ControlSets alt;
            try {
                alt = ControlSets.of(controls.positives(), negatives);
            } catch (ValidationException ex) {
                throw new ValidationException("alternativeNegatives." + e.getKey(), ex.getMessage());
            }
            out.add(new NegativeSetVariant(e.getKey(),
                    RankMetricsCalculator.compute(request.orderedIds(), alt, ks), negatives.size(),
                    GeneIdClassifier.metrics(result == null ? List.of() : result, alt)));
        }
        return out;
    }
}
