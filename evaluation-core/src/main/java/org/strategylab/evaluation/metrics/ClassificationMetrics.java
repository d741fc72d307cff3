package org.strategylab.evaluation.metrics;

import org.strategylab.evaluation.model.ConfusionMatrix;
import org.strategylab.evaluation.model.ExperimentMetrics;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * ExperimentMetrics from the four counts (spec 2.2; evaluation-semantics §1.3, §2). The formulas
 * and their operation order follow PathFinder so numbers agree to the last bit; a zero denominator
 * gives 0.0 and the metric's name in {@code undefinedMetrics}.
 */
public final class ClassificationMetrics {
    private ClassificationMetrics() {
    }

    /**
     * Metrics from the counts the spec names. Hits above their totals are clamped as PathFinder does
     * (TP = hits, FN = max(total − hits, 0)), so totals are reported as TP+FN and TN+FP.
     *
     * @param totalResults passed through to the result
     */
    public static ExperimentMetrics fromCounts(int positiveHits, int totalPositives, int negativeHits,
                                               int totalNegatives, int totalResults) {
        int tp = Math.max(positiveHits, 0);
        int fn = Math.max(totalPositives - positiveHits, 0);
        int fp = Math.max(negativeHits, 0);
        int tn = Math.max(totalNegatives - negativeHits, 0);
        return fromMatrix(new ConfusionMatrix(tp, fp, tn, fn), totalResults);
    }

    /** Metrics from a confusion matrix. */
    public static ExperimentMetrics fromMatrix(ConfusionMatrix m, int totalResults) {
        long tp = m.truePositives();
        long fp = m.falsePositives();
        long tn = m.trueNegatives();
        long fn = m.falseNegatives();
        List<String> undefined = new ArrayList<>(4);

        double sensitivity = ratio(tp, tp + fn);
        double specificity = ratio(tn, tn + fp);
        double precision = ratio(tp, tp + fp);
        double npv = ratio(tn, tn + fn);
        double fpr = ratio(fp, fp + tn);
        double fnr = ratio(fn, fn + tp);
        double f1 = precision + sensitivity > 0 ? 2 * precision * sensitivity / (precision + sensitivity) : 0.0;
        double mcc = mcc(tp, fp, tn, fn);
        double balanced = (sensitivity + specificity) / 2;
        double youden = sensitivity + specificity - 1;

        boolean noPositives = tp + fn == 0;
        boolean noNegatives = tn + fp == 0;
        boolean noPredicted = tp + fp == 0;
        if (noPositives) {
            undefined.add("sensitivity");
        }
        if (noNegatives) {
            undefined.add("specificity");
        }
        if (noPredicted) {
            undefined.add("precision");
        }
        if (noPositives || noPredicted) {
            undefined.add("f1Score");
        }
        if ((tp + fp) * (tp + fn) == 0 || (tn + fp) * (tn + fn) == 0) {
            undefined.add("mcc");
        }
        if (noPositives || noNegatives) {
            undefined.add("balancedAccuracy");
        }
        if (tn + fn == 0) {
            undefined.add("negativePredictiveValue");
        }
        if (noNegatives) {
            undefined.add("falsePositiveRate");
        }
        if (noPositives) {
            undefined.add("falseNegativeRate");
        }
        if (noPositives || noNegatives) {
            undefined.add("youdensJ");
        }
        return new ExperimentMetrics(m, sensitivity, specificity, precision, f1, mcc, balanced, npv, fpr, fnr,
                youden, totalResults, (int) (tp + fn), (int) (tn + fp), undefined);
    }

    private static double ratio(long numerator, long denominator) {
        // int/int in Python is correctly rounded; so is (double)/(double) while both are below 2^53
        return denominator > 0 ? (double) numerator / (double) denominator : 0.0;
    }

    /**
     * Matthews correlation. The marginal product overflows a long once the marginals pass ~55,000
     * (80k·70k·90k·80k ≈ 4e19), so it is formed exactly and rounded once to double, as Python does.
     */
    static double mcc(long tp, long fp, long tn, long fn) {
        long a = tp + fp;
        long b = tp + fn;
        long c = tn + fp;
        long d = tn + fn;
        if (a == 0 || b == 0 || c == 0 || d == 0) {
            return 0.0;
        }
        double product;
        long ab = a * b;
        long cd = c * d;
        if (Math.multiplyHigh(ab, cd) == 0 && ab * cd >= 0 && ab * cd < (1L << 53)) {
            product = (double) (ab * cd);
        } else {
            product = BigInteger.valueOf(ab).multiply(BigInteger.valueOf(cd)).doubleValue();
        }
        double numerator = BigInteger.valueOf(tp).multiply(BigInteger.valueOf(tn))
                .subtract(BigInteger.valueOf(fp).multiply(BigInteger.valueOf(fn))).doubleValue();
        return numerator / Math.sqrt(product);
    }
}
