package org.strategylab.evaluation.cv;

import org.strategylab.evaluation.ValidationException;
import org.strategylab.evaluation.ids.IdNormaliser;
import org.strategylab.evaluation.model.ConfusionMatrix;
import org.strategylab.evaluation.model.CrossValidationResult;
import org.strategylab.evaluation.model.ExperimentMetrics;
import org.strategylab.evaluation.model.FoldMetrics;
import org.strategylab.evaluation.model.SampleWarning;
import org.strategylab.evaluation.stats.SampleSize;
import org.strategylab.evaluation.stats.CompensatedSum;
import org.strategylab.evaluation.stats.PythonRandom;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToIntFunction;

/**
 * k-fold cross-validation of the control lists (spec 4.5.9; DECISIONS 14; evaluation-semantics §3).
 *
 * <ul>
 * <li>k defaults to 5 and is clamped to max(2, min(k, |P|, |N|)) counting only lists with ≥ 2 IDs, so every
 * fold holds a control of each such class; the result keeps the requested k ({@code requestedK}) and, when
 * fewer folds were used, a {@code FEWER_FOLDS} warning saying why. Fewer than
 * {@link SampleSize#DEFAULT_MIN_CONTROLS_PER_CLASS} controls in a class adds {@code LOW_SAMPLE}.</li>
 * <li>Each list is shuffled by its own {@code random.Random(seed)}-compatible generator and dealt
 * round-robin, so folds equal PathFinder's for the same (normalised) lists and seed.</li>
 * <li>Each fold's held-out controls are evaluated against the same result (nothing is trained).</li>
 * <li>Mean metrics average each ratio over the folds where it is defined, so a fold without
 * negatives does not average a 0.0 specificity in; confusion cells and totals are means rounded
 * half-even. Standard deviations (n−1) for the six spec keys.</li>
 * <li>Overfitting score: mean absolute gap between full and mean F1, sensitivity and specificity
 * (gaps involving an undefined value are skipped); low &lt; 0.10 ≤ moderate &lt; 0.25 ≤ high.</li>
 * </ul>
 */
public final class CrossValidator {
    public static final int DEFAULT_K = 5;
    public static final long DEFAULT_SEED = 42;
    /** The warning code when the controls allowed fewer folds than requested. */
    public static final String FEWER_FOLDS = "FEWER_FOLDS";
    /** The keys of {@code stdMetrics}. */
    public static final List<String> STD_KEYS = List.of("sensitivity", "specificity", "precision", "f1Score", "mcc",
            "balancedAccuracy");

    private CrossValidator() {
    }

    /** The number of folds actually used for a requested k. */
    public static int clampK(int requested, int positives, int negatives) {
        if (requested < 2) {
            throw new ValidationException("k", "must be at least 2, got " + requested);
        }
        int k = requested;
        boolean any = false;
        for (int size : new int[]{positives, negatives}) {
            if (size >= 2) {
                k = Math.min(k, size);
                any = true;
            }
        }
        return any ? Math.max(2, k) : 2;
    }

    /**
     * Runs the cross-validation.
     *
     * @param fullMetrics the experiment's metrics on all controls, for the overfitting score (may be null)
     */
    public static CrossValidationResult run(List<String> positives, List<String> negatives, int k, long seed,
                                            Evaluator evaluator, ExperimentMetrics fullMetrics, FoldProgress progress) {
        List<List<String>> pf;
        List<List<String>> nf;
        List<ExperimentMetrics> all = null; // null: evaluate fold by fold
        // gene-ID mode numbers each control once and classifies each result ID once for all folds
        InternedFolds interned = evaluator instanceof GeneIdEvaluator ? InternedFolds.deal(positives, negatives, k, seed)
                : null;
        if (interned != null) {
            pf = interned.positiveFolds;
            nf = interned.negativeFolds;
            all = ((GeneIdEvaluator) evaluator).foldMetrics(interned);
        } else {
            List<String> p = IdNormaliser.clean(positives);
            List<String> n = IdNormaliser.clean(negatives);
            int folds = clampK(k, p.size(), n.size());
            pf = deal(p, folds, seed);
            nf = deal(n, folds, seed);
        }
        int folds = pf.size();
        List<SampleWarning> warnings = new ArrayList<>();
        int positiveCount = pf.stream().mapToInt(List::size).sum();
        int negativeCount = nf.stream().mapToInt(List::size).sum();
        if (folds < k) {
            warnings.add(new SampleWarning(FEWER_FOLDS, String.format(Locale.ROOT,
                    "%d folds asked for, %d used: with only %d positive and %d negative controls, at most %d folds "
                            + "can each hold a control of every class with two or more members.",
                    k, folds, positiveCount, negativeCount, folds)));
        }
        warnings.addAll(SampleSize.warnings(positiveCount, negativeCount, SampleSize.DEFAULT_MIN_CONTROLS_PER_CLASS));
        List<FoldMetrics> results = new ArrayList<>(folds);
        FoldProgress report = progress == null ? FoldProgress.NONE : progress;
        for (int i = 0; i < folds; i++) {
            ExperimentMetrics m = all != null ? all.get(i) : evaluator.evaluate(pf.get(i), nf.get(i));
            results.add(new FoldMetrics(i, m, pf.get(i), nf.get(i)));
            report.foldCompleted(i, folds);
        }
        List<ExperimentMetrics> metrics = results.stream().map(FoldMetrics::metrics).toList();
        ExperimentMetrics mean = mean(metrics);
        Map<String, Double> std = new LinkedHashMap<>();
        for (String name : STD_KEYS) {
            double[] values = definedValues(metrics, name);
            if (values.length >= 2) {
                double mu = mean.ratio(name);
                CompensatedSum squares = new CompensatedSum();
                for (double v : values) {
                    squares.add((v - mu) * (v - mu));
                }
                std.put(name, Math.sqrt(squares.value() / (values.length - 1)));
            }
        }
        double score = overfittingScore(fullMetrics, mean);
        return new CrossValidationResult(folds, results, mean, std, score, overfittingLevel(score), seed, k, warnings);
    }

    /** low below 0.10, moderate below 0.25, else high. */
    public static String overfittingLevel(double score) {
        return score < 0.1 ? "low" : score < 0.25 ? "moderate" : "high";
    }

    static double overfittingScore(ExperimentMetrics full, ExperimentMetrics mean) {
        if (full == null) {
            return 0.0;
        }
        double sum = 0;
        int count = 0;
        for (String name : List.of("f1Score", "sensitivity", "specificity")) {
            if (full.isUndefined(name) || mean.isUndefined(name)) {
                continue;
            }
            sum += Math.abs(full.ratio(name) - mean.ratio(name));
            count++;
        }
        return count == 0 ? 0.0 : sum / count;
    }

    private static List<List<String>> deal(List<String> ids, int k, long seed) {
        List<String> copy = new ArrayList<>(ids);
        new PythonRandom(seed).shuffle(copy);
        List<List<String>> folds = new ArrayList<>(k);
        for (int i = 0; i < k; i++) {
            folds.add(new ArrayList<>());
        }
        for (int i = 0; i < copy.size(); i++) {
            folds.get(i % k).add(copy.get(i));
        }
        return folds;
    }

    private static double[] definedValues(List<ExperimentMetrics> folds, String name) {
        return folds.stream().filter(m -> !m.isUndefined(name)).mapToDouble(m -> m.ratio(name)).toArray();
    }

    private static ExperimentMetrics mean(List<ExperimentMetrics> folds) {
        Map<String, Double> means = new LinkedHashMap<>();
        List<String> undefined = new ArrayList<>();
        for (String name : ExperimentMetrics.RATIO_NAMES) {
            double[] values = definedValues(folds, name);
            if (values.length == 0) {
                means.put(name, 0.0);
                undefined.add(name);
            } else {
                means.put(name, CompensatedSum.of(values) / values.length);
            }
        }
        ConfusionMatrix cm = new ConfusionMatrix(
                roundedMean(folds, m -> m.confusionMatrix().truePositives()),
                roundedMean(folds, m -> m.confusionMatrix().falsePositives()),
                roundedMean(folds, m -> m.confusionMatrix().trueNegatives()),
                roundedMean(folds, m -> m.confusionMatrix().falseNegatives()));
        return new ExperimentMetrics(cm, means.get("sensitivity"), means.get("specificity"), means.get("precision"),
                means.get("f1Score"), means.get("mcc"), means.get("balancedAccuracy"),
                means.get("negativePredictiveValue"), means.get("falsePositiveRate"), means.get("falseNegativeRate"),
                means.get("youdensJ"), roundedMean(folds, ExperimentMetrics::totalResults),
                roundedMean(folds, ExperimentMetrics::totalPositives), roundedMean(folds, ExperimentMetrics::totalNegatives),
                undefined);
    }

    /** The mean rounded half-even, as Python's round(). */
    private static int roundedMean(List<ExperimentMetrics> folds, ToIntFunction<ExperimentMetrics> f) {
        long sum = 0;
        for (ExperimentMetrics m : folds) {
            sum += f.applyAsInt(m);
        }
        return (int) Math.rint((double) sum / folds.size());
    }
}
