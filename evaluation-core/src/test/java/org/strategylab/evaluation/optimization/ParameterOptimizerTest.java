package org.strategylab.evaluation.optimization;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.strategylab.evaluation.Fixtures;
import org.strategylab.evaluation.ValidationException;
import org.strategylab.evaluation.ids.ControlSets;
import org.strategylab.evaluation.model.OptimizationSpec;
import org.strategylab.evaluation.model.ParameterOptimizationResult;
import org.strategylab.evaluation.model.ParameterTrial;
import org.strategylab.evaluation.model.StepTreeNode;
import org.strategylab.evaluation.stepanalysis.SyntheticStrategies;
import org.strategylab.evaluation.stepanalysis.TreeEvaluation;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ParameterOptimizerTest {
    static final List<String> P = new ArrayList<>(SyntheticStrategies.range(0, 20));
    static final List<String> N = new ArrayList<>(SyntheticStrategies.range(80, 100));
    static final ControlSets CONTROLS = ControlSets.of(P, N);

    /** "score" returns g0..g(max-1), and with mode=wide the negatives' tail as well. */
    static SyntheticStrategies world() {
        Map<String, Function<Map<String, String>, Set<String>>> s = Map.of("score", p -> {
            Set<String> out = new LinkedHashSet<>(SyntheticStrategies.range(0, (int) Double.parseDouble(p.get("max"))));
            if ("wide".equals(p.get("mode"))) {
                out.addAll(SyntheticStrategies.range(85, 100));
            }
            return out;
        });
        return new SyntheticStrategies(s, P, N);
    }

    static StepTreeNode search() {
        return StepTreeNode.leaf("s", "score", Map.of("max", "90", "mode", "wide"));
    }

    static List<OptimizationSpec> specs() {
        return List.of(new OptimizationSpec("max", "integer", 0.0, 100.0, null, null),
                new OptimizationSpec("mode", "categorical", null, null, null, List.of("narrow", "wide")));
    }

    static ParameterOptimizer.Request request(String objective, Integer budget, String method, Integer patience) {
        return new ParameterOptimizer.Request(search(), null, specs(), objective, budget, method, null, null, patience);
    }

    @Test
    void findsTheBestSettingWithinTheBudgetStartingFromTheSearchAsConfigured() {
        SyntheticStrategies w = world();
        ParameterOptimizationResult r = new ParameterOptimizer(w, CONTROLS, null)
                .optimise(request("balanced_accuracy", 40, null, 0), null);
        assertEquals("completed", r.status());
        assertTrue(r.allTrials().size() == 40 || "target_reached".equals(r.stopReason()), r.toString());
        assertTrue(w.evaluations <= 40);
        assertEquals(Map.of("max", 90L, "mode", "wide"), r.allTrials().get(0).parameters(), "trial 1 is the search as given");
        double max = r.allTrials().stream().mapToDouble(ParameterTrial::score).max().orElseThrow();
        assertEquals(max, r.bestTrial().score());
        assertEquals(r.allTrials().stream().filter(t -> t.score() == max).findFirst().orElseThrow().trialNumber(),
                r.bestTrial().trialNumber(), "the first strictly best trial wins");
        assertEquals("narrow", r.bestTrial().parameters().get("mode"));
        assertTrue(r.bestTrial().score() > 0.9, "max near 20 without the tail separates the classes: " + r.bestTrial());
        // the counts of the best trial are those of the search evaluated with its parameters
        TreeEvaluation again = w.evaluate(StepTreeNode.leaf("s", "score", Map.of("max",
                String.valueOf(r.bestTrial().parameters().get("max")), "mode", "narrow")));
        assertEquals(again.positiveHits(), r.bestTrial().positiveHits());
        assertEquals(again.negativeHits(), r.bestTrial().negativeHits());
        assertEquals(again.resultCount(), r.bestTrial().resultCount());
        assertEquals(20, r.bestTrial().totalPositives());
    }

    @Test
    void isDeterministicForAFixedSeed() {
        var a = new ParameterOptimizer(world(), CONTROLS, null).optimise(request("f1", 25, "random", 0), null);
        var b = new ParameterOptimizer(world(), CONTROLS, null).optimise(request("f1", 25, "random", 0), null);
        assertEquals(a.allTrials().stream().map(ParameterTrial::parameters).toList(),
                b.allTrials().stream().map(ParameterTrial::parameters).toList());
    }

    @Test
    void gridWalksEveryPointOnceAndCutsTheBudgetToTheGrid() {
        List<OptimizationSpec> specs = List.of(new OptimizationSpec("max", "integer", 0.0, 100.0, 25.0, null),
                new OptimizationSpec("mode", "categorical", null, null, null, List.of("narrow", "wide")));
        // a flat score: no early stop, so the whole grid is walked
        SyntheticStrategies flat = new SyntheticStrategies(Map.of("score", p -> SyntheticStrategies.range(0, 10)), P, N);
        var r = new ParameterOptimizer(flat, CONTROLS, null).optimise(new ParameterOptimizer.Request(search(), "s",
                specs, "mcc", 30, "grid", null, null, null), null);
        assertEquals(10, r.totalTrials());
        assertEquals(10, r.allTrials().size());
        Set<Map<String, Object>> seen = new HashSet<>();
        r.allTrials().forEach(t -> seen.add(t.parameters()));
        Set<Map<String, Object>> grid = new HashSet<>();
        for (long max : List.of(0L, 25L, 50L, 75L, 100L)) {
            for (String mode : List.of("narrow", "wide")) {
                grid.add(Map.of("max", max, "mode", mode));
            }
        }
        assertEquals(grid, seen);
    }

    @Test
    void aDiscreteSpaceNoLargerThanTheBudgetIsWalkedWholeFromTheCurrentSetting() {
        SyntheticStrategies flat = new SyntheticStrategies(Map.of("score", p -> SyntheticStrategies.range(0, 10)), P, N);
        var r = new ParameterOptimizer(flat, CONTROLS, null).optimise(new ParameterOptimizer.Request(
                StepTreeNode.leaf("s", "score", Map.of("max", "60000", "mode", "wide")), null, List.of(
                        new OptimizationSpec("max", "integer", 20000.0, 60000.0, 10000.0, null),
                        new OptimizationSpec("mode", "categorical", null, null, null, List.of("narrow", "wide"))),
                "recall", 30, null, null, null, 0), null);
        assertEquals(10, r.totalTrials(), "5 x 2 settings, fewer than the budget");
        assertEquals(10, r.allTrials().stream().map(ParameterTrial::parameters).distinct().count(), "no repeat");
        assertEquals(Map.of("max", 60000L, "mode", "wide"), r.allTrials().get(0).parameters(), "the search as it is first");
    }

    @Test
    void stopsAtAPerfectScoreAndAfterTheTrialsWithoutImprovement() {
        // a numeric range whose points snap to 20 or 40: 20 separates the classes perfectly
        var perfect = new ParameterOptimizer(world(), CONTROLS, null).optimise(new ParameterOptimizer.Request(
                StepTreeNode.leaf("s", "score", Map.of("max", "20", "mode", "narrow")), null,
                List.of(new OptimizationSpec("max", "numeric", 20.0, 40.0, 20.0, null)), "f1", 30, null, null, 1, null), null);
        assertEquals("target_reached", perfect.stopReason());
        assertEquals(1, perfect.allTrials().size());

        SyntheticStrategies flat = new SyntheticStrategies(Map.of("score", p -> SyntheticStrategies.range(0, 10)), P, N);
        var stale = new ParameterOptimizer(flat, CONTROLS, null).optimise(request("recall", 30, null, 6), null);
        assertEquals("no_improvement", stale.stopReason());
        assertEquals(7, stale.allTrials().size(), "trial 1, then 6 without a strict improvement");
        assertEquals(30, stale.totalTrials());
    }

    @Test
    void failedTrialsScoreZeroAndEndTheOptimisationWhenNothingSucceeds() {
        AtomicInteger calls = new AtomicInteger();
        var r = new ParameterOptimizer(tree -> {
            calls.incrementAndGet();
            throw new IllegalStateException("site down");
        }, CONTROLS, null).optimise(request("f1", 30, null, null), null);
        assertEquals("error", r.status());
        assertTrue(r.errorMessage().contains("site down"), r.errorMessage());
        assertEquals(5, r.allTrials().size());
        assertTrue(r.allTrials().stream().allMatch(t -> "failed".equals(t.status()) && t.score() == 0.0));
        assertNull(r.bestTrial());

        SyntheticStrategies w = world();
        var some = new ParameterOptimizer(tree -> {
            if (tree.parameters().get("mode").equals("wide")) {
                throw new IllegalStateException("flaky");
            }
            return w.evaluate(tree);
        }, CONTROLS, null).optimise(request("f1", 20, null, 0), null);
        assertEquals("completed", some.status());
        assertTrue(some.allTrials().stream().anyMatch(t -> "failed".equals(t.status())));
        assertEquals("narrow", some.bestTrial().parameters().get("mode"));
    }

    @Test
    void evaluatesABatchAtOnceAndStopsWhenCancelled() throws Exception {
        SyntheticStrategies w = world();
        CyclicBarrier allFourInside = new CyclicBarrier(4);
        AtomicInteger calls = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            AtomicInteger heard = new AtomicInteger();
            var r = new ParameterOptimizer(tree -> {
                if (calls.incrementAndGet() <= 4) {
                    try {
                        // fails the test (a timeout) unless the first batch's four evaluations run together
                        allFourInside.await(20, TimeUnit.SECONDS);
                    } catch (InterruptedException | BrokenBarrierException | TimeoutException e) {
                        throw new IllegalStateException("the batch did not run concurrently", e);
                    }
                }
                synchronized (w) {
                    return w.evaluate(tree);
                }
            }, CONTROLS, pool).optimise(new ParameterOptimizer.Request(search(), null, specs(), "f1", 30, "random", 7L,
                    4, 0), new ParameterOptimizer.Progress() {
                @Override
                public void trial(ParameterTrial trial, ParameterTrial best, int recorded, int budget) {
                    heard.incrementAndGet();
                }

                @Override
                public boolean cancelled() {
                    return heard.get() >= 8;
                }
            });
            assertEquals("cancelled", r.status());
            assertEquals(8, r.allTrials().size(), "two batches of four, then the cancel is seen");
            assertTrue(r.allTrials().stream().limit(4).allMatch(ParameterTrial::complete), r.allTrials().toString());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void refusesBadRequestsNamingTheField() {
        assertField("specs[0].min", new ParameterOptimizer.Request(search(), null,
                List.of(new OptimizationSpec("max", "numeric", null, 1.0, null, null)), null, null, null, null, null, null));
        assertField("specs[0].name", new ParameterOptimizer.Request(search(), null,
                List.of(new OptimizationSpec("cutoff", "numeric", 0.0, 1.0, null, null)), null, null, null, null, null, null));
        assertField("specs[1].choices", new ParameterOptimizer.Request(search(), null, List.of(specs().get(0),
                new OptimizationSpec("mode", "categorical", null, null, null, List.of())), null, null, null, null, null, null));
        assertField("specs[0].type", new ParameterOptimizer.Request(search(), null,
                List.of(new OptimizationSpec("max", "float", 0.0, 1.0, null, null)), null, null, null, null, null, null));
        assertField("objective", request("accuracy_of_vibes", null, null, null));
        assertField("method", request(null, null, "annealing", null));
        assertField("targetStepId", new ParameterOptimizer.Request(StepTreeNode.combine("c", "UNION", search(),
                StepTreeNode.leaf("t", "score", Map.of("max", "1"))), null, specs(), null, null, null, null, null, null));
        assertField("specs", new ParameterOptimizer.Request(search(), null, List.of(), null, null, null, null, null, null));
    }

    private static void assertField(String field, ParameterOptimizer.Request request) {
        ValidationException e = assertThrows(ValidationException.class, () -> ParameterOptimizer.check(request));
        assertEquals(field, e.field(), e.getMessage());
    }

    @Test
    void sensitivityAndFrontierAgreeWithTheNumPyReference() {
        JsonNode fixture = Fixtures.load("parameter_optimization.json");
        List<OptimizationSpec> specs = new ArrayList<>();
        fixture.get("specs").forEach(s -> specs.add(new OptimizationSpec(s.get("name").asText(), s.get("type").asText(),
                s.has("min") ? s.get("min").asDouble() : null, s.has("max") ? s.get("max").asDouble() : null, null,
                s.has("choices") ? Fixtures.strings(s.get("choices")) : null)));
        List<ParameterTrial> trials = new ArrayList<>();
        fixture.get("trials").forEach(t -> {
            Map<String, Object> params = new LinkedHashMap<>();
            params.put("fold", t.get("parameters").get("fold").asDouble());
            params.put("size", t.get("parameters").get("size").asLong());
            params.put("mode", t.get("parameters").get("mode").asText());
            trials.add(new ParameterTrial(t.get("trialNumber").asInt(), params, t.get("score").asDouble(),
                    t.get("recall").asDouble(), t.get("fpr").asDouble(), null, null, null, null, null, "complete", null));
        });
        Map<String, Double> sensitivity = ParameterImportance.of(ParameterSpace.of(specs), trials);
        fixture.get("sensitivity").fields().forEachRemaining(e ->
                assertEquals(e.getValue().asDouble(), sensitivity.get(e.getKey()), 1e-12, e.getKey()));
        List<Integer> expected = new ArrayList<>();
        fixture.get("paretoTrialNumbers").forEach(n -> expected.add(n.asInt()));
        assertEquals(expected, ParetoFrontier.of(trials).stream().map(ParameterTrial::trialNumber).toList());
    }
}
