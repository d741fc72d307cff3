package org.strategylab.evaluation.discovery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.strategylab.evaluation.ValidationException;
import org.strategylab.evaluation.model.ConfusionMatrix;

/**
 * Discovery on planted targets: a synthetic genome, searches that each return a random part of it,
 * a target that is a strategy of one to three of those searches, positive controls sampled from
 * the target and negative controls from outside it. The proposed strategy is scored as the issue
 * scores it: its F1 against the target on the genes that were not controls.
 */
class StrategyDiscoveryTest {

    private static final int GENOME = 3000;
    private static final int SEARCHES = 30;

    /** A genome's searches, each a set of gene indices. */
    private record Genome(List<BitSet> searches) {

        static Genome random(long seed) {
            Random random = new Random(seed);
            List<BitSet> searches = new ArrayList<>();
            for (int s = 0; s < SEARCHES; s++) {
                double share = 0.08 + random.nextDouble() * 0.35;
                BitSet members = new BitSet(GENOME);
                for (int g = 0; g < GENOME; g++) {
                    if (random.nextDouble() < share) {
                        members.set(g);
                    }
                }
                searches.add(members);
            }
            return new Genome(searches);
        }

        /** The genes a combination returns on the whole genome. */
        BitSet result(Combination combination) {
            List<CandidateStep> whole = new ArrayList<>();
            for (int s = 0; s < searches.size(); s++) {
                whole.add(new CandidateStep("s" + s, null, searches.get(s), new BitSet(), searches.get(s).cardinality()));
            }
            return combination.hits(whole).positives();
        }
    }

    /** A planted target, its controls, and the candidate steps as the site would count them. */
    private record Planted(Genome genome, BitSet truth, int[] positives, int[] negatives, List<CandidateStep> candidates) {

        static Planted of(Genome genome, Combination target, int positiveCount, int negativeCount, long seed) {
            BitSet truth = genome.result(target);
            Random random = new Random(seed);
            int[] positives = sample(truth, positiveCount, random, true);
            int[] negatives = sample(truth, negativeCount, random, false);
            List<CandidateStep> candidates = new ArrayList<>();
            for (int s = 0; s < genome.searches().size(); s++) {
                BitSet members = genome.searches().get(s);
                candidates.add(new CandidateStep("s" + s, "search " + s, hits(members, positives), hits(members, negatives),
                        members.cardinality()));
            }
            return new Planted(genome, truth, positives, negatives, candidates);
        }

        private static int[] sample(BitSet truth, int count, Random random, boolean inside) {
            List<Integer> pool = new ArrayList<>();
            for (int g = 0; g < GENOME; g++) {
                if (truth.get(g) == inside) {
                    pool.add(g);
                }
            }
            java.util.Collections.shuffle(pool, random);
            return pool.stream().limit(count).mapToInt(Integer::intValue).toArray();
        }

        private static BitSet hits(BitSet members, int[] controls) {
            BitSet hits = new BitSet(controls.length);
            for (int i = 0; i < controls.length; i++) {
                if (members.get(controls[i])) {
                    hits.set(i);
                }
            }
            return hits;
        }

        /** F1 of a proposal against the truth on the genes that were not controls. */
        double f1OutsideControls(Combination proposal) {
            BitSet found = genome.result(proposal);
            BitSet truthLeft = (BitSet) truth.clone();
            for (int g : positives) {
                found.clear(g);
                truthLeft.clear(g);
            }
            for (int g : negatives) {
                found.clear(g);
            }
            BitSet both = (BitSet) found.clone();
            both.and(truthLeft);
            int tp = both.cardinality();
            return 2.0 * tp / (found.cardinality() + truthLeft.cardinality());
        }
    }

    private static Combination leaf(int s) {
        return new Combination.Leaf(s);
    }

    private static Combination join(Combination left, BooleanOperator operator, int s) {
        return new Combination.Join(operator, left, leaf(s));
    }

    /** Ten targets of one to three searches, each joined as a researcher would build it. */
    private static final List<Function<Integer, Combination>> TARGETS = List.of(
            base -> leaf(base),
            base -> join(leaf(base), BooleanOperator.INTERSECT, base + 1),
            base -> join(leaf(base), BooleanOperator.MINUS, base + 2),
            base -> join(leaf(base), BooleanOperator.UNION, base + 3),
            base -> join(join(leaf(base), BooleanOperator.INTERSECT, base + 1), BooleanOperator.MINUS, base + 2),
            base -> join(join(leaf(base), BooleanOperator.UNION, base + 4), BooleanOperator.INTERSECT, base + 5),
            base -> join(join(leaf(base), BooleanOperator.INTERSECT, base + 6), BooleanOperator.UNION, base + 7),
            base -> join(join(leaf(base), BooleanOperator.MINUS, base + 2), BooleanOperator.MINUS, base + 8),
            base -> join(leaf(base), BooleanOperator.INTERSECT, base + 9),
            base -> join(join(leaf(base), BooleanOperator.UNION, base + 1), BooleanOperator.MINUS, base + 3));

    @Test
    void plantedTargetsAreFoundWithF1OfAtLeast09OnTheGenesThatWereNotControls() {
        int met = 0;
        StringBuilder table = new StringBuilder();
        for (int t = 0; t < TARGETS.size(); t++) {
            Genome genome = Genome.random(1000 + t);
            Combination target = TARGETS.get(t).apply(t);
            Planted planted = Planted.of(genome, target, 25, 40, 7 + t);
            DiscoveryResult result = StrategyDiscovery.discover(planted.candidates(), planted.positives().length,
                    planted.negatives().length, DiscoverySettings.defaults());
            double f1 = planted.f1OutsideControls(result.chosen().combination());
            table.append(String.format("target %d %-55s found %-55s F1 %.3f cv %.3f%n", t,
                    target.describe(planted.candidates()), result.chosen().description(), f1, result.crossValidatedScore()));
            if (f1 >= 0.9) {
                met++;
            }
        }
        System.out.print(table);
        assertTrue(met >= 8, "F1 ≥ 0.9 on " + met + " of 10 targets:\n" + table);
    }

    @Test
    void theSameSeedGivesTheSameProposalsAndTheFoldsHoldEveryControlOnce() {
        Genome genome = Genome.random(5);
        Planted planted = Planted.of(genome, TARGETS.get(4).apply(2), 20, 30, 3);
        DiscoveryResult first = StrategyDiscovery.discover(planted.candidates(), 20, 30, DiscoverySettings.defaults());
        DiscoveryResult second = StrategyDiscovery.discover(planted.candidates(), 20, 30, DiscoverySettings.defaults());
        assertEquals(first, second);
        assertEquals(5, first.strategies().size());
        assertTrue(first.chosen().chosen());
        assertFalse(first.strategies().get(1).chosen());

        ControlFolds folds = ControlFolds.deal(20, 30, 5, 42);
        BitSet positives = new BitSet();
        BitSet negatives = new BitSet();
        for (int f = 0; f < folds.count(); f++) {
            ControlSample fold = folds.fold(f);
            assertFalse(fold.positives().intersects(positives), "folds overlap");
            positives.or(fold.positives());
            negatives.or(fold.negatives());
            assertEquals(4, fold.positives().cardinality());
            assertEquals(6, fold.negatives().cardinality());
            assertEquals(16, folds.allBut(f).positives().cardinality());
        }
        assertEquals(20, positives.cardinality());
        assertEquals(30, negatives.cardinality());
    }

    @Test
    void withoutSignalTheChoiceStaysSmallAndTheGapIsReported() {
        // controls drawn at random: nothing separates them, so whatever fits them does not hold
        Genome genome = Genome.random(99);
        Random random = new Random(4);
        BitSet noise = new BitSet(GENOME);
        for (int g = 0; g < GENOME; g++) {
            if (random.nextBoolean()) {
                noise.set(g);
            }
        }
        List<CandidateStep> candidates = new ArrayList<>();
        int[] positives = random.ints(0, GENOME).distinct().limit(15).toArray();
        int[] negatives = random.ints(0, GENOME).distinct().filter(g -> java.util.Arrays.stream(positives).noneMatch(p -> p == g))
                .limit(15).toArray();
        for (int s = 0; s < SEARCHES; s++) {
            BitSet members = genome.searches().get(s);
            candidates.add(new CandidateStep("s" + s, null, Planted.hits(members, positives), Planted.hits(members, negatives), -1));
        }
        DiscoveryResult result = StrategyDiscovery.discover(candidates, 15, 15, DiscoverySettings.defaults());
        assertTrue(result.overfittingGap() > 0, "a fitted choice scores better on the controls it saw: " + result);
        assertTrue(result.chosen().score() >= result.strategies().stream().mapToDouble(DiscoveredStrategy::foldMean).min().orElseThrow());
        // 15 controls of each class: no small-sample caveat (below 10 a class there is one)
        assertTrue(result.warnings().isEmpty(), result.warnings().toString());
        List<CandidateStep> firstSix = candidates.stream().map(c -> new CandidateStep(c.key(), c.label(),
                c.positives().get(0, 6), c.negatives().get(0, 6), c.resultSize())).toList();
        DiscoveryResult few = StrategyDiscovery.discover(firstSix, 6, 6, DiscoverySettings.defaults());
        assertFalse(few.warnings().isEmpty());
    }

    @Test
    void aStepsContributionIsTheScoreItAddsAndAMinusWithoutItsLeftReturnsNothing() {
        // positives 0-3, negatives 0-3; A holds positives 0-3 and negatives 0-1, B holds negatives 0-1
        BitSet all4 = new BitSet();
        all4.set(0, 4);
        BitSet two = new BitSet();
        two.set(0, 2);
        List<CandidateStep> steps = List.of(new CandidateStep("A", "A", all4, two, 100),
                new CandidateStep("B", "B", new BitSet(), two, 50));
        Combination aMinusB = join(leaf(0), BooleanOperator.MINUS, 1);
        assertEquals("A MINUS B", aMinusB.describe(steps));
        assertTrue(aMinusB.without(0).isEmpty());
        assertEquals(leaf(0), aMinusB.without(1).orElseThrow());
        assertEquals(new Combination.Join(BooleanOperator.UNION, leaf(1), leaf(0)).canonical(),
                new Combination.Join(BooleanOperator.UNION, leaf(0), leaf(1)).canonical());
        assertFalse(aMinusB.canonical().equals(new Combination.Join(BooleanOperator.MINUS, leaf(1), leaf(0)).canonical()));

        DiscoveryResult result = StrategyDiscovery.discover(steps, 4, 4,
                new DiscoverySettings(DiscoveryObjective.F1, 2, 4, 2, 1, 3));
        DiscoveredStrategy chosen = result.chosen();
        assertEquals("A MINUS B", chosen.description());
        assertEquals(new ConfusionMatrix(4, 0, 4, 0), chosen.counts());
        assertEquals(1.0, chosen.score(), 1e-12);
        DiscoveredStrategy.StepShare shareOfB = chosen.contributions().stream().filter(s -> s.step() == 1).findFirst().orElseThrow();
        // A alone: precision 4/6, recall 1, F1 0.8
        assertEquals(0.8, shareOfB.scoreWithout(), 1e-12);
        assertEquals(0.2, shareOfB.contribution(), 1e-12);
        DiscoveredStrategy.StepShare shareOfA = chosen.contributions().stream().filter(s -> s.step() == 0).findFirst().orElseThrow();
        assertEquals(0.0, shareOfA.scoreWithout(), 1e-12);
    }

    @Test
    void badSettingsAndInputsNameTheirField() {
        BitSet one = new BitSet();
        one.set(0);
        List<CandidateStep> steps = List.of(new CandidateStep("A", "A", one, new BitSet(), 10));
        assertEquals("maxSteps", assertThrows(ValidationException.class,
                () -> new DiscoverySettings(DiscoveryObjective.F1, 9, 8, 5, 1, 5)).field());
        assertEquals("top", assertThrows(ValidationException.class,
                () -> new DiscoverySettings(DiscoveryObjective.F1, 3, 8, 5, 1, 0)).field());
        assertEquals("positiveControls", assertThrows(ValidationException.class,
                () -> StrategyDiscovery.discover(steps, 1, 3, DiscoverySettings.defaults())).field());
        assertEquals("candidates", assertThrows(ValidationException.class,
                () -> StrategyDiscovery.discover(List.of(), 3, 3, DiscoverySettings.defaults())).field());
        assertEquals("objective", assertThrows(ValidationException.class, () -> DiscoveryObjective.parse("auc", null)).field());
        assertEquals("precisionFloor", assertThrows(ValidationException.class,
                () -> DiscoveryObjective.parse("recall_at_precision", 1.5)).field());
    }

    @Test
    void recallAtAPrecisionFloorPrefersAnyStrategyAboveTheFloor() {
        DiscoveryObjective objective = DiscoveryObjective.parse("recall_at_precision", 0.8);
        // precision 0.9, recall 0.3 against precision 0.7, recall 1.0
        double above = objective.score(new ConfusionMatrix(9, 1, 9, 21));
        double below = objective.score(new ConfusionMatrix(30, 13, 0, 0));
        assertEquals(0.3, above, 1e-12);
        assertTrue(below < 0, "below the floor: " + below);
        assertEquals(0.0, DiscoveryObjective.F1.score(new ConfusionMatrix(0, 0, 5, 5)), 1e-12);
    }
}
