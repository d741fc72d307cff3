package org.strategylab.evaluation.discovery;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.strategylab.evaluation.ValidationException;
import org.strategylab.evaluation.cv.CrossValidator;
import org.strategylab.evaluation.stats.SampleSize;

/**
 * Proposes the boolean combinations of candidate steps that best separate the positive controls
 * from the negative ones, and says how well the choice holds on controls it did not see.
 *
 * <p>The search ({@link CombinationSearch}) scores every combination it builds on the controls.
 * Scoring many combinations on the same few controls and taking the best would fit them, so the
 * recommendation is chosen by the one-standard-error rule over the folds of the controls: each
 * combination's score on each held-out fold gives its mean and standard error, and the recommended
 * strategy is the one with the fewest steps whose mean is within one standard error of the best
 * mean. The whole procedure (search, then that choice) is itself cross-validated: in round
 * {@code f} it runs on every fold but {@code f}, choosing with those folds, and its choice is scored
 * on fold {@code f}. The mean of those held-out scores is what a researcher can expect of a
 * strategy discovered this way; its distance from the recommended strategy's score on every
 * control is the overfitting gap.
 */
public final class StrategyDiscovery {

    private StrategyDiscovery() {
    }

    /**
     * Runs a discovery.
     *
     * @param candidates the candidate steps, with the controls each returns
     * @param positives  how many positive controls (bits 0 to positives − 1)
     * @param negatives  how many negative controls (bits 0 to negatives − 1)
     * @param settings   how to search
     * @return the proposals, the recommended one first
     * @throws ValidationException naming {@code candidates} or {@code positiveControls}
     */
    public static DiscoveryResult discover(List<CandidateStep> candidates, int positives, int negatives,
                                           DiscoverySettings settings) {
        if (candidates.isEmpty()) {
            throw new ValidationException("candidates", "at least one candidate step is needed");
        }
        if (positives < 2) {
            throw new ValidationException("positiveControls", "at least 2 positive controls are needed, got " + positives);
        }
        for (CandidateStep step : candidates) {
            if (step.positives().length() > positives || step.negatives().length() > negatives) {
                throw new ValidationException("candidates", "step " + step.key() + " names a control beyond the lists");
            }
        }
        ControlFolds folds = ControlFolds.deal(positives, negatives, settings.folds(), settings.seed());
        List<Double> rounds = new ArrayList<>(folds.count());
        for (int f = 0; f < folds.count(); f++) {
            List<Integer> inner = new ArrayList<>();
            for (int g = 0; g < folds.count(); g++) {
                if (g != f) {
                    inner.add(g);
                }
            }
            List<Judged> judged = judge(candidates, folds, folds.allBut(f), inner, settings);
            Judged choice = choose(judged);
            rounds.add(settings.objective().score(folds.fold(f).confusion(choice.scored().hits())));
        }
        List<Integer> every = new ArrayList<>();
        for (int g = 0; g < folds.count(); g++) {
            every.add(g);
        }
        List<Judged> judged = judge(candidates, folds, folds.all(), every, settings);
        Judged choice = choose(judged);
        List<DiscoveredStrategy> strategies = new ArrayList<>(settings.top());
        strategies.add(describe(choice, true, candidates, folds, settings.objective()));
        judged.stream()
                .filter(j -> j != choice)
                .sorted(Comparator.comparingDouble(Judged::mean).reversed()
                        .thenComparing(j -> j.scored(), CombinationSearch.BEST_FIRST))
                .limit(settings.top() - 1L)
                .forEach(j -> strategies.add(describe(j, false, candidates, folds, settings.objective())));
        double[] heldOutScores = new double[rounds.size()];
        for (int i = 0; i < heldOutScores.length; i++) {
            heldOutScores[i] = rounds.get(i);
        }
        double cv = mean(heldOutScores);
        double gap = choice.scored().score() - cv;
        return new DiscoveryResult(List.copyOf(strategies), cv, List.copyOf(rounds), gap,
                CrossValidator.overfittingLevel(Math.max(gap, 0)), folds.count(), settings.seed(), judged.size(),
                SampleSize.warnings(positives, negatives, SampleSize.DEFAULT_MIN_CONTROLS_PER_CLASS));
    }

    /** A scored combination with its scores on held-out folds. */
    private record Judged(CombinationSearch.Scored scored, double mean, double standardError, double stdDev) {
    }

    private static List<Judged> judge(List<CandidateStep> candidates, ControlFolds folds, ControlSample sample,
                                      List<Integer> heldOut, DiscoverySettings settings) {
        List<CombinationSearch.Scored> scored = CombinationSearch.run(candidates, sample, settings.objective(),
                settings.maxSteps(), settings.beamWidth());
        List<Judged> judged = new ArrayList<>(scored.size());
        for (CombinationSearch.Scored s : scored) {
            double[] values = new double[heldOut.size()];
            for (int i = 0; i < values.length; i++) {
                values[i] = settings.objective().score(folds.fold(heldOut.get(i)).confusion(s.hits()));
            }
            double mean = mean(values);
            double sd = stdDev(values, mean);
            judged.add(new Judged(s, mean, values.length > 1 ? sd / Math.sqrt(values.length) : 0, sd));
        }
        return judged;
    }

    /** The fewest steps within one standard error of the best mean; among those the best mean. */
    private static Judged choose(List<Judged> judged) {
        Judged best = judged.stream().max(Comparator.comparingDouble(Judged::mean)
                .thenComparing(Judged::scored, CombinationSearch.BEST_FIRST.reversed())).orElseThrow();
        double bar = best.mean() - best.standardError();
        return judged.stream()
                .filter(j -> j.mean() >= bar)
                .min(Comparator.comparingInt((Judged j) -> j.scored().combination().size())
                        .thenComparing(Comparator.comparingDouble(Judged::mean).reversed())
                        .thenComparing(Judged::scored, CombinationSearch.BEST_FIRST))
                .orElse(best);
    }

    private static DiscoveredStrategy describe(Judged judged, boolean chosen, List<CandidateStep> candidates,
                                               ControlFolds folds, DiscoveryObjective objective) {
        Combination combination = judged.scored().combination();
        ControlSample all = folds.all();
        double score = objective.score(all.confusion(judged.scored().hits()));
        List<DiscoveredStrategy.StepShare> shares = new ArrayList<>();
        if (combination.size() > 1) {
            for (int step : combination.steps()) {
                double without = combination.without(step)
                        .map(rest -> objective.score(all.confusion(rest.hits(candidates))))
                        .orElseGet(() -> objective.score(all.confusion(EMPTY)));
                shares.add(new DiscoveredStrategy.StepShare(step, candidates.get(step).label(), without, score - without));
            }
        }
        return new DiscoveredStrategy(combination, combination.describe(candidates), score,
                all.confusion(judged.scored().hits()), judged.mean(), judged.stdDev(), List.copyOf(shares), chosen);
    }

    private static final ControlHits EMPTY = new ControlHits(new java.util.BitSet(), new java.util.BitSet());

    private static double mean(double[] values) {
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        return values.length == 0 ? 0 : sum / values.length;
    }

    private static double stdDev(double[] values, double mean) {
        if (values.length < 2) {
            return 0;
        }
        double squares = 0;
        for (double v : values) {
            squares += (v - mean) * (v - mean);
        }
        return Math.sqrt(squares / (values.length - 1));
    }
}
