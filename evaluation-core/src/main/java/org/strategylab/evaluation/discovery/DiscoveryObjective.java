package org.strategylab.evaluation.discovery;

import java.util.Locale;
import org.strategylab.evaluation.ValidationException;
import org.strategylab.evaluation.metrics.ClassificationMetrics;
import org.strategylab.evaluation.model.ConfusionMatrix;
import org.strategylab.evaluation.model.ExperimentMetrics;

/**
 * What discovery maximises, computed on the controls alone: {@code f1} (the default), {@code mcc},
 * {@code precision}, or {@code recall_at_precision} (the recall of a strategy whose precision among
 * the controls is at least {@code precisionFloor}; a strategy below the floor scores
 * {@code precision − 1}, under every one above it, so the search still moves towards the floor).
 * An undefined metric (no control of a class in a fold, say) scores 0.
 *
 * @param name           the objective's name as the caller gave it
 * @param precisionFloor the floor of {@code recall_at_precision}, else 0
 */
public record DiscoveryObjective(String name, double precisionFloor) {

    /** The default objective. */
    public static final DiscoveryObjective F1 = new DiscoveryObjective("f1", 0);

    /**
     * Parses an objective name.
     *
     * @param name           {@code f1}, {@code mcc}, {@code precision} or {@code recall_at_precision}; null is f1
     * @param precisionFloor required for {@code recall_at_precision}, in (0, 1]
     * @return the objective
     * @throws ValidationException naming {@code objective} or {@code precisionFloor}
     */
    public static DiscoveryObjective parse(String name, Double precisionFloor) {
        String n = name == null ? "f1" : name.trim().toLowerCase(Locale.ROOT);
        switch (n) {
            case "f1", "mcc", "precision" -> {
                return new DiscoveryObjective(n, 0);
            }
            case "recall_at_precision" -> {
                if (precisionFloor == null || !(precisionFloor > 0 && precisionFloor <= 1)) {
                    throw new ValidationException("precisionFloor", "recall_at_precision needs a precision floor in (0, 1]");
                }
                return new DiscoveryObjective(n, precisionFloor);
            }
            default -> throw new ValidationException("objective",
                    "unknown objective '" + name + "': use f1, mcc, precision or recall_at_precision");
        }
    }

    /**
     * The objective of a confusion matrix over controls.
     *
     * @param counts the matrix
     * @return the score; higher is better
     */
    public double score(ConfusionMatrix counts) {
        ExperimentMetrics m = ClassificationMetrics.fromMatrix(counts, 0);
        return switch (name) {
            case "mcc" -> defined(m, "mcc");
            case "precision" -> defined(m, "precision");
            case "recall_at_precision" -> {
                double precision = defined(m, "precision");
                yield precision >= precisionFloor ? defined(m, "sensitivity") : precision - 1;
            }
            default -> defined(m, "f1Score");
        };
    }

    private static double defined(ExperimentMetrics m, String metric) {
        return m.isUndefined(metric) ? 0 : m.ratio(metric);
    }
}
