package org.strategylab.experiment.analysis.discovery;


import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.strategylab.evaluation.discovery.DiscoveryObjective;
import org.strategylab.evaluation.ids.ControlSets;
import org.strategylab.evaluation.model.ParameterOptimizationResult;
import org.strategylab.evaluation.model.ParameterTrial;
import org.strategylab.evaluation.optimization.ParameterOptimizer;
import org.strategylab.evaluation.stepanalysis.TreeEvaluation;
import org.strategylab.experiment.api.DiscoveryOutcome.Tuning;
import org.strategylab.experiment.client.UpstreamGateway;
import org.strategylab.experiment.run.StepTrees;

/**
 * The tuning phase: the numeric parameters of the best candidates that have any (a range the site
 * declares) tuned against the controls with evaluation-core's {@link ParameterOptimizer}, each trial
 * one control count through the discovery's {@link SiteCalls} (so within its budget and at most its
 * concurrency at once). A tuned setting that scores better than the candidate as found joins the
 * candidates ({@code tuned}), counted once more on the site for its hits. It is skipped, saying why,
 * when no candidate among the best has a numeric parameter, or when the budget left (less what the
 * result phase needs) cannot pay for {@link #MIN_TRIALS} trials each.
 */
final class CandidateTuning {

    /** Candidates tuned, best first. */
    static final int CANDIDATES = 2;
    /** The most trials one candidate gets. */
    static final int MAX_TRIALS = 12;
    /** The fewest trials worth running for one candidate. */
    static final int MIN_TRIALS = 5;
    private static final Duration TRIAL_WAIT = Duration.ofMinutes(3);

    /** What tuning came to: the phase's account and the tuned candidates to add. */
    record Tuned(Tuning tuning, List<DiscoveryWork.Counted> added) {
    }

    private final UpstreamGateway upstream;
    private final String token;
    private final String siteId;
    private final String recordType;
    private final SiteCalls calls;
    private final ControlIndex controls;

    CandidateTuning(UpstreamGateway upstream, String token, String siteId, String recordType, SiteCalls calls,
                    ControlIndex controls) {
        this.upstream = upstream;
        this.token = token;
        this.siteId = siteId;
        this.recordType = recordType;
        this.calls = calls;
        this.controls = controls;
    }

    /**
     * @param counted  the candidates counted so far
     * @param reserve  site calls the phases after this one need (the result's counts)
     */
    Uni<Tuned> tune(List<DiscoveryWork.Counted> counted, DiscoveryObjective objective, int reserve, long seed) {
        List<DiscoveryWork.Counted> best = counted.stream().filter(c -> !c.proposal().tunable().isEmpty())
                .sorted(Comparator.comparingDouble((DiscoveryWork.Counted c) -> objective.score(c.matrix(controls)))
                        .reversed())
                .limit(CANDIDATES).toList();
        if (best.isEmpty()) {
            return Uni.createFrom().item(new Tuned(new Tuning(false,
                    "skipped: no candidate has a numeric parameter with a range to tune", 0), List.of()));
        }
        int left = calls.budget() - calls.used() - reserve;
        int trials = Math.min(MAX_TRIALS, left / best.size() - 1);
        if (trials < MIN_TRIALS) {
            return Uni.createFrom().item(new Tuned(new Tuning(false, "skipped: the budget left (" + Math.max(0, left)
                    + " site calls after the result's) is too little to tune " + best.get(0).proposal().label(), 0),
                    List.of()));
        }
        AtomicBoolean cancelled = new AtomicBoolean();
        AtomicInteger spent = new AtomicInteger();
        return Uni.createFrom().item(() -> optimise(best, objective, trials, seed, cancelled, spent))
                .runSubscriptionOn(Infrastructure.getDefaultWorkerPool())
                .onCancellation().invoke(() -> cancelled.set(true))
                .chain(results -> recount(results, objective, spent))
                .onFailure().recoverWithItem(failure -> new Tuned(new Tuning(false, "skipped: the tuning could not run: "
                        + org.strategylab.experiment.client.FailureText.of(failure, "an unexpected error"), spent.get()),
                        List.of()));
    }

    /** A candidate's optimisation: its best trial, and the score of the candidate as found (trial 1). */
    private record Optimised(DiscoveryWork.Counted candidate, ParameterOptimizationResult result) {
    }

    private List<Optimised> optimise(List<DiscoveryWork.Counted> best, DiscoveryObjective objective, int trials,
                                     long seed, AtomicBoolean cancelled, AtomicInteger spent) {
        List<Optimised> results = new ArrayList<>();
        ExecutorService batch = Executors.newFixedThreadPool(calls.concurrency(), runnable -> {
            Thread thread = new Thread(runnable, "discovery-tuning-trial");
            thread.setDaemon(true);
            return thread;
        });
        try {
            for (DiscoveryWork.Counted candidate : best) {
                if (cancelled.get()) {
                    break;
                }
                ParameterOptimizer optimizer = new ParameterOptimizer(tree -> evaluate(tree, spent),
                        ControlSets.of(controls.positives(), controls.negatives()), batch);
                ParameterOptimizer.Request request = new ParameterOptimizer.Request(
                        StepTrees.fromJson(candidate.proposal().leaf()), null, candidate.proposal().tunable(),
                        optimiserObjective(objective), trials, "adaptive", seed, calls.concurrency(), 5);
                results.add(new Optimised(candidate, optimizer.optimise(request, new ParameterOptimizer.Progress() {
                    @Override
                    public void trial(ParameterTrial trial, ParameterTrial bestTrial, int recorded, int budget) {
                    }

                    @Override
                    public boolean cancelled() {
                        return cancelled.get() || !calls.left(1);
                    }
                })));
            }
        } finally {
            batch.shutdownNow();
        }
        return results;
    }

    /** One trial: the tree counted against the controls on the site, within the budget. */
    private TreeEvaluation evaluate(org.strategylab.evaluation.model.StepTreeNode tree, AtomicInteger spent) {
        if (!calls.take()) {
            throw new IllegalStateException("the budget is spent");
        }
        spent.incrementAndGet();
        UpstreamGateway.Counts counts = upstream.controlCounts(token, siteId, recordType, StepTrees.toJson(tree),
                lists(), null, null).await().atMost(TRIAL_WAIT);
        DiscoveryWork.Counted c = DiscoveryWork.counted(new SearchProposal("trial", Map.of(), "trial", "tuning"), counts,
                controls);
        return new TreeEvaluation((int) Math.min(Integer.MAX_VALUE, counts.rootGeneCount()), c.positives().cardinality(),
                controls.positives().size(), c.negatives().cardinality(), controls.negatives().size(),
                controls.positiveIds(c.positives()), controls.negativeIds(c.negatives()), null);
    }

    /** Each tuned setting that beats its candidate as found, counted once more for its hits. */
    private Uni<Tuned> recount(List<Optimised> results, DiscoveryObjective objective, AtomicInteger spent) {
        List<SearchProposal> better = new ArrayList<>();
        List<String> said = new ArrayList<>();
        for (Optimised o : results) {
            ParameterTrial best = o.result().bestTrial();
            ParameterTrial first = o.result().allTrials().isEmpty() ? null : o.result().allTrials().get(0);
            if (best == null || first == null || !first.complete() || best.score() <= first.score()) {
                said.add(o.candidate().proposal().label() + ": no setting beat it");
                continue;
            }
            Map<String, Object> parameters = new LinkedHashMap<>(o.candidate().proposal().parameters());
            parameters.putAll(best.parameters());
            String values = String.join(", ", best.parameters().entrySet().stream()
                    .map(e -> e.getKey() + " " + e.getValue()).toList());
            better.add(new SearchProposal(o.candidate().proposal().searchName(), parameters,
                    o.candidate().proposal().label() + " (tuned: " + values + ")", o.candidate().proposal().source()
                    + "; tuned", o.candidate().proposal().tunable()));
            said.add(o.candidate().proposal().label() + ": " + values);
        }
        return calls.<SearchProposal, UpstreamGateway.Counts>each(better,
                        proposal -> upstream.controlCounts(token, siteId, recordType, proposal.leaf(), lists(), null, null),
                        (outcome, done) -> Uni.createFrom().voidItem())
                .map(outcomes -> {
                    List<DiscoveryWork.Counted> added = new ArrayList<>();
                    for (SiteCalls.Outcome<SearchProposal, UpstreamGateway.Counts> outcome : outcomes) {
                        if (outcome.answer() != null) {
                            added.add(DiscoveryWork.counted(outcome.item(), outcome.answer(), controls).asTuned());
                        }
                    }
                    return new Tuned(new Tuning(!results.isEmpty(), "tuned " + String.join("; ", said),
                            spent.get() + outcomes.size()), added);
                });
    }

    private Map<String, List<String>> lists() {
        Map<String, List<String>> lists = new LinkedHashMap<>();
        lists.put(DiscoveryWork.POSITIVE, controls.positives());
        if (!controls.negatives().isEmpty()) {
            lists.put(DiscoveryWork.NEGATIVE, controls.negatives());
        }
        return lists;
    }

    /** The optimiser's name of the discovery's objective (recall at a floor is tuned for F1). */
    static String optimiserObjective(DiscoveryObjective objective) {
        return switch (objective.name()) {
            case "mcc", "precision" -> objective.name();
            default -> "f1";
        };
    }

}
