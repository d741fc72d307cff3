package org.strategylab.upstream.service.strategies;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.strategylab.edge.problem.FieldError;
import org.strategylab.edge.problem.ProblemException;
import org.strategylab.upstream.api.StepCount;
import org.strategylab.upstream.api.StepNode;
import org.strategylab.upstream.api.StepTreeSpec;
import org.strategylab.upstream.api.StepValidation;
import org.strategylab.upstream.client.UpstreamSession;
import org.strategylab.upstream.client.WdkJson;
import org.strategylab.upstream.client.WdkStepClient;
import org.strategylab.upstream.client.WdkStrategyClient;
import org.strategylab.upstream.service.steps.SearchRunner;
import org.strategylab.upstream.service.steps.StepService;
import org.strategylab.upstream.service.steps.UpstreamAnswers;

/**
 * Counts a step or a step tree, node by node, without a strategy the user keeps: a lone search is
 * counted by WDK's anonymous report (nothing is made on the site); any other tree is built in a
 * helper strategy ({@link TemporaryStrategies}: named with the internal prefix, deleted right after,
 * or by the clean-up of leaked helpers), each node's step read for the site's verdict and counted by
 * a report of no records. Existing steps ({@code stepId} nodes) are refused, since deleting the helper
 * would delete them too.
 */
@ApplicationScoped
public class StepTreeCounter {

    /** Step reports of one tree under way at once: enough to overlap the site's latency, few enough for its limits. */
    static final int PARALLEL_REPORTS = 4;

    @Inject
    TemporaryStrategies temporary;

    @Inject
    SearchRunner searches;

    @Inject
    WdkStrategyClient strategies;

    @Inject
    WdkStepClient steps;

    /**
     * The tree's counts, in its shape.
     *
     * @throws org.strategylab.edge.problem.ProblemException 422 naming the node (under {@code /tree})
     *                                                       for a tree or values the site will not take
     */
    public Uni<StepCount> count(UpstreamSession session, String recordType, StepTreeSpec tree) {
        List<FieldError> existing = new ArrayList<>();
        existingSteps(tree, "/tree", existing);
        if (!existing.isEmpty()) {
            return Uni.createFrom().failure(ProblemException.invalid("Only new steps are counted", existing));
        }
        boolean transcripts = StepService.TRANSCRIPT.equals(recordType);
        if (loneSearch(tree)) {
            return searches.count(session, recordType, tree.searchName(), tree.parameters(), "/tree")
                    .map(report -> counted(report, transcripts, null, null));
        }
        return temporary.run(session, recordType, tree, "/tree", "step count", helper -> strategies.get(session,
                        helper.strategyId())
                .map(response -> verdicts(response.okJson()))
                .chain(verdicts -> {
                    List<Long> runnable = new ArrayList<>();
                    collect(helper.root(), verdicts, runnable);
                    return Multi.createFrom().iterable(runnable)
                            .onItem().transformToUni(stepId -> steps.report(session, stepId,
                                            WdkJson.reportConfig(0, 0, List.of(), null, null), null)
                                    .map(response -> Map.entry(stepId, response.okJson())))
                            .merge(PARALLEL_REPORTS)
                            .collect().asMap(Map.Entry::getKey, Map.Entry::getValue)
                            .map(reports -> assemble(helper.root(), verdicts, reports, transcripts));
                }));
    }

    /**
     * Existing steps are refused: the helper strategy's deletion would retire them with it (WDK deletes a
     * strategy's steps), so counting would take the caller's step away.
     */
    private static void existingSteps(StepTreeSpec node, String at, List<FieldError> errors) {
        if (node == null) {
            return;
        }
        if (node.stepId() != null) {
            errors.add(new FieldError(at + "/stepId", "a count takes searches, transforms and combines, not an existing"
                    + " step (read an existing step's counts from its records)"));
        }
        existingSteps(node.primaryInput(), at + "/primaryInput", errors);
        existingSteps(node.secondaryInput(), at + "/secondaryInput", errors);
    }

    /**
     * A search without inputs or filters: countable with no step at all. A filtered search is counted as a
     * step, so the site applies (and checks) its filters.
     */
    static boolean loneSearch(StepTreeSpec tree) {
        return tree.searchName() != null && !tree.searchName().isBlank() && tree.stepId() == null
                && tree.operator() == null && tree.primaryInput() == null && tree.secondaryInput() == null
                && !tree.filtered();
    }

    /** The site's verdict on each step of the helper strategy (by step id), null where it gave none. */
    private static Map<Long, StepValidation> verdicts(JsonNode strategy) {
        Map<Long, StepValidation> verdicts = new HashMap<>();
        strategy.path("steps").fields().forEachRemaining(e -> {
            var step = UpstreamAnswers.stepView(e.getValue());
            verdicts.put(step.stepId(), step.validation());
        });
        return verdicts;
    }

    private static boolean valid(StepValidation verdict) {
        return verdict == null || verdict.isValid();
    }

    /** The valid steps of the tree, which are the ones the site will count. */
    private static void collect(StepNode node, Map<Long, StepValidation> verdicts, List<Long> runnable) {
        if (node == null) {
            return;
        }
        if (valid(verdicts.get(node.stepId()))) {
            runnable.add(node.stepId());
        }
        collect(node.primaryInput(), verdicts, runnable);
        collect(node.secondaryInput(), verdicts, runnable);
    }

    private static StepCount assemble(StepNode node, Map<Long, StepValidation> verdicts, Map<Long, JsonNode> reports,
                                      boolean transcripts) {
        if (node == null) {
            return null;
        }
        StepCount primary = assemble(node.primaryInput(), verdicts, reports, transcripts);
        StepCount secondary = assemble(node.secondaryInput(), verdicts, reports, transcripts);
        JsonNode report = reports.get(node.stepId());
        if (report == null) {
            return new StepCount(null, null, verdicts.get(node.stepId()), primary, secondary);
        }
        return counted(report, transcripts, primary, secondary);
    }

    private static StepCount counted(JsonNode report, boolean transcripts, StepCount primary, StepCount secondary) {
        return new StepCount(UpstreamAnswers.meta(report, "displayTotalCount"),
                transcripts ? UpstreamAnswers.meta(report, "totalCount") : null, null, primary, secondary);
    }
}
