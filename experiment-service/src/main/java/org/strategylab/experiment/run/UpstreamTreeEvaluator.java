package org.strategylab.experiment.run;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.strategylab.evaluation.ids.ControlSets;
import org.strategylab.evaluation.metrics.GeneIdClassifier;
import org.strategylab.evaluation.metrics.GeneIdEvaluation;
import org.strategylab.evaluation.model.StepTreeNode;
import org.strategylab.evaluation.stepanalysis.TreeEvaluation;
import org.strategylab.evaluation.stepanalysis.TreeEvaluator;
import org.strategylab.experiment.api.ExperimentSettings;
import org.strategylab.experiment.client.UpstreamGateway;

/**
 * evaluation-core's {@link TreeEvaluator} over the site: a tree is counted against the controls as a
 * run counts it (rule 4.5.5: upstream-gateway's control counts in a helper strategy it deletes). It
 * blocks its thread (the analysis runs on a worker thread), each tree within {@code timeout}. The
 * same tree (the same searches, parameters and operators) is counted once per analysis; a cancel
 * stops it before its next upstream call.
 */
public final class UpstreamTreeEvaluator implements TreeEvaluator {

    private final UpstreamGateway upstream;
    private final String token;
    private final ExperimentSettings settings;
    private final ControlSets controls;
    private final Duration timeout;
    private final Map<String, java.util.concurrent.CompletableFuture<TreeEvaluation>> counted = new ConcurrentHashMap<>();
    private final AtomicBoolean cancelled = new AtomicBoolean();
    private final AtomicInteger upstreamEvaluations = new AtomicInteger();
    private final AtomicInteger asked = new AtomicInteger();
    /** How many ordered IDs each tree's result is read with (rank objectives); 0: none. */
    private final int orderedIds;

    public UpstreamTreeEvaluator(UpstreamGateway upstream, String token, ExperimentSettings settings, ControlSets controls,
                          Duration timeout) {
        this(upstream, token, settings, controls, timeout, 0);
    }

    public UpstreamTreeEvaluator(UpstreamGateway upstream, String token, ExperimentSettings settings, ControlSets controls,
                          Duration timeout, int orderedIds) {
        this.upstream = upstream;
        this.token = token;
        this.settings = settings;
        this.controls = controls;
        this.timeout = timeout;
        this.orderedIds = orderedIds;
    }

    @Override
    public TreeEvaluation evaluate(StepTreeNode tree) {
        asked.incrementAndGet();
        JsonNode json = StepTrees.toJson(tree);
        // a future per tree, not computeIfAbsent: trees counted at once (a batch of optimisation
        // trials) must not wait on each other's upstream calls, only on an identical tree's
        var mine = new java.util.concurrent.CompletableFuture<TreeEvaluation>();
        var existing = counted.putIfAbsent(json.toString(), mine);
        if (existing != null) {
            try {
                return existing.join();
            } catch (java.util.concurrent.CompletionException e) {
                throw e.getCause() instanceof RuntimeException r ? r : e;
            }
        }
        try {
            TreeEvaluation evaluation = count(json);
            mine.complete(evaluation);
            return evaluation;
        } catch (RuntimeException e) {
            counted.remove(json.toString(), mine);
            mine.completeExceptionally(e);
            throw e;
        }
    }

    private TreeEvaluation count(JsonNode tree) {
        if (cancelled.get()) {
            throw new CancellationException("the step analysis was cancelled");
        }
        upstreamEvaluations.incrementAndGet();
        Map<String, List<String>> lists = new LinkedHashMap<>();
        lists.put("positive", controls.positives());
        if (!controls.negatives().isEmpty()) {
            lists.put("negative", controls.negatives());
        }
        io.smallrye.mutiny.Uni<UpstreamGateway.Counts> counting = upstream.controlCounts(token, settings.siteId(),
                settings.recordType(), tree, lists, settings.controls().controlsSearchName(),
                settings.controls().controlsParamName());
        io.smallrye.mutiny.Uni<List<String>> ordering = orderedIds <= 0 ? io.smallrye.mutiny.Uni.createFrom().nullItem()
                : ordered(tree);
        io.smallrye.mutiny.tuples.Tuple2<UpstreamGateway.Counts, List<String>> both;
        try {
            both = io.smallrye.mutiny.Uni.combine().all().unis(counting, ordering).asTuple().await().atMost(timeout);
        } catch (io.smallrye.mutiny.TimeoutException e) {
            // a trial's or variant's error is read by a person: a sentence, not the timeout's empty message
            throw new IllegalStateException("the site did not count the tree within " + timeout.toSeconds() + " s");
        }
        UpstreamGateway.Counts counts = both.getItem1();
        List<String> hits = new ArrayList<>();
        counts.controls().forEach(control -> hits.addAll(control.hitIds()));
        GeneIdEvaluation classified = GeneIdClassifier.evaluate(hits, controls);
        return new TreeEvaluation((int) Math.min(Integer.MAX_VALUE, UpstreamEvaluation.genes(counts)),
                classified.truePositiveIds().size(), controls.positives().size(),
                classified.falsePositiveIds().size(), controls.negatives().size(),
                classified.truePositiveIds(), classified.falsePositiveIds(), both.getItem2(),
                transcripts(counts));
    }

    /** The result's transcript rows beside its genes, where the site stated both; else null. */
    private Integer transcripts(UpstreamGateway.Counts counts) {
        Long rows = UpstreamEvaluation.transcripts(counts, settings.recordType());
        return rows == null ? null : (int) Math.min(Integer.MAX_VALUE, rows);
    }

    /** The tree's result in the site's order: an unsaved strategy, its root's IDs, the strategy deleted again. */
    private io.smallrye.mutiny.Uni<List<String>> ordered(JsonNode tree) {
        return upstream.createStrategy(token, settings.siteId(), TRIAL_NAME, settings.recordType(), tree)
                .chain(strategy -> upstream.orderedIds(token, settings.siteId(), strategy.rootStepId(), orderedIds,
                                settings.display().sortAttribute(), settings.display().sortDirectionIfSorted())
                        .call(() -> upstream.deleteStrategy(token, settings.siteId(), strategy.strategyId())
                                .onFailure().recoverWithNull()));
    }

    /**
     * The name of a trial's strategy (not saved, deleted once read). upstream-gateway reserves the
     * internal helpers' prefix for the strategies it makes itself.
     */
    static final String TRIAL_NAME = "StrategyLab optimisation trial";

    public void cancel() {
        cancelled.set(true);
    }

    /** How many trees the analysis asked for, repeats included. */
    public int asked() {
        return asked.get();
    }

    /** How many trees were counted upstream (each distinct tree once). */
    public int upstreamEvaluations() {
        return upstreamEvaluations.get();
    }
}
