package org.strategylab.experiment.analysis.discovery;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.strategylab.evaluation.bootstrap.BootstrapRequest;
import org.strategylab.evaluation.bootstrap.RobustnessBootstrap;
import org.strategylab.evaluation.discovery.CandidateStep;
import org.strategylab.evaluation.discovery.DiscoveredStrategy;
import org.strategylab.evaluation.discovery.DiscoveryObjective;
import org.strategylab.evaluation.discovery.DiscoveryResult;
import org.strategylab.evaluation.discovery.DiscoverySettings;
import org.strategylab.evaluation.discovery.StrategyDiscovery;
import org.strategylab.evaluation.metrics.ClassificationMetrics;
import org.strategylab.evaluation.model.BootstrapResult;
import org.strategylab.evaluation.model.ConfidenceInterval;
import org.strategylab.evaluation.model.ConfusionMatrix;
import org.strategylab.experiment.api.DiscoveryOutcome;
import org.strategylab.experiment.api.DiscoveryOutcome.Candidate;
import org.strategylab.experiment.api.DiscoveryOutcome.FailedCandidate;
import org.strategylab.experiment.api.DiscoveryOutcome.Profile;
import org.strategylab.experiment.api.DiscoveryRequest;
import org.strategylab.experiment.client.FailureText;
import org.strategylab.experiment.client.UpstreamGateway;
import org.strategylab.experiment.config.ExperimentConfig;

/**
 * One strategy discovery, phase after phase, each reporting as it goes ({@link DiscoveryProgress}):
 * the controls' profile ({@link ControlProfiler}), candidate searches from the catalogue
 * ({@link CandidateFinder}), each counted against the controls on the site (upstream-gateway's
 * control counts: a helper strategy it deletes again, so nothing is left in the user's account),
 * tuning of the best candidates' numeric parameters ({@link CandidateTuning}), the combination (evaluation-core's
 * {@link StrategyDiscovery}: a beam over boolean combinations, nested cross-validation, the
 * one-standard-error choice), and the result: each proposed strategy counted on the site once more
 * for its size, with a bootstrap of its metrics over the controls. Every site call goes through one
 * {@link SiteCalls}: at most {@code discovery.site-concurrency} at once, and the budget a hard stop
 * after which the discovery returns the best it has and says so.
 */
@ApplicationScoped
public class DiscoveryWork {

    /** The control lists' labels in upstream-gateway's control counts. */
    static final String POSITIVE = "positive";
    static final String NEGATIVE = "negative";

    private static final int BOOTSTRAP_ITERATIONS = 200;

    @Inject
    UpstreamGateway upstream;

    @Inject
    ExperimentConfig config;

    /** For unit tests: the work over the given upstream client and settings. */
    static DiscoveryWork over(UpstreamGateway upstream, ExperimentConfig config) {
        DiscoveryWork work = new DiscoveryWork();
        work.upstream = upstream;
        work.config = config;
        return work;
    }

    /** A candidate as counted on the site; {@code tuned} when the tuning phase set its numbers. */
    record Counted(SearchProposal proposal, BitSet positives, BitSet negatives, long resultSize, boolean tuned) {

        Counted asTuned() {
            return new Counted(proposal, positives, negatives, resultSize, true);
        }

        ConfusionMatrix matrix(ControlIndex controls) {
            return DiscoveryWork.matrix(positives, negatives, controls);
        }
    }

    /**
     * Runs a discovery.
     *
     * @param request its request, the controls already resolved to the site's current gene IDs
     */
    Uni<DiscoveryOutcome> discover(String token, String discoveryId, DiscoveryRequest request, DiscoveryProgress progress) {
        long started = System.nanoTime();
        ExperimentConfig.Discovery limits = config.discovery();
        SiteCalls calls = new SiteCalls(request.budget() == null ? limits.defaultBudget() : request.budget(),
                limits.siteConcurrency());
        String site = request.siteId();
        String recordType = request.recordType() == null ? "transcript" : request.recordType();
        ControlIndex controls = new ControlIndex(request.positiveControls(),
                request.negativeControls() == null ? List.of() : request.negativeControls());
        DiscoveryObjective objective = DiscoveryObjective.parse(request.objective(), request.precisionFloor());
        DiscoverySettings settings = new DiscoverySettings(objective,
                request.maxSteps() == null ? 3 : request.maxSteps(), 8, 5,
                request.seed() == null ? 42 : request.seed(), request.top() == null ? 5 : request.top());
        Reporter report = new Reporter(progress, calls);
        ControlProfiler profiler = new ControlProfiler(upstream, token, site, calls);
        CandidateFinder finder = new CandidateFinder(upstream, token, site, recordType, calls);
        List<FailedCandidate> failed = new ArrayList<>();

        return report.emit("profiling", "reading the controls' records", Map.of())
                // the records read one by one take at most a quarter of the budget, so the candidates get the rest
                .chain(() -> profiler.profile(controls.positives(), controls.negatives(),
                        Math.min(limits.profiledRecords(), Math.max(1, calls.budget() / 8))))
                .call(profile -> report.emit("profiling", String.join("; ", profile.summary()), Map.of("profile", profile)))
                .chain(profile -> report.emit("candidates", "searching the catalogue for the profile's words", Map.of())
                        .chain(() -> finder.propose(profile, limits.maxCandidates()))
                        .call(proposals -> report.emit("candidates", proposals.size() + " candidate searches to count",
                                Map.of("total", proposals.size())))
                        .chain(proposals -> count(token, site, recordType, proposals, controls, objective, calls, report, failed))
                        .chain(counted -> report.emit("tuning", "tuning the numeric parameters of the best candidates",
                                        Map.of())
                                .chain(() -> new CandidateTuning(upstream, token, site, recordType, calls, controls)
                                        .tune(counted, objective, settings.top(), settings.seed()))
                                .call(tuned -> report.emit("tuning", tuned.tuning().reason(),
                                        Map.of("tuning", tuned.tuning())))
                                .chain(tuned -> {
                                    List<Counted> all = new ArrayList<>(counted);
                                    all.addAll(tuned.added());
                                    return combine(all, controls, settings, report)
                                            .chain(result -> finish(token, discoveryId, request, recordType, objective,
                                                    settings, profile, all, failed, result, controls, calls, report,
                                                    started, tuned.tuning()));
                                })));
    }

    /** Adds the site calls so far and the budget to each event. */
    private record Reporter(DiscoveryProgress progress, SiteCalls calls) {
        Uni<Void> emit(String phase, String message, Map<String, Object> fields) {
            Map<String, Object> all = new LinkedHashMap<>(fields);
            all.put("siteCalls", calls.used());
            all.put("budget", calls.budget());
            return progress.emit(phase, message, all);
        }
    }

    /** Each proposal counted against the controls on the site, at most the site's concurrency at once. */
    private Uni<List<Counted>> count(String token, String site, String recordType, List<SearchProposal> proposals,
                                     ControlIndex controls, DiscoveryObjective objective, SiteCalls calls,
                                     Reporter report, List<FailedCandidate> failed) {
        Map<String, List<String>> lists = new LinkedHashMap<>();
        lists.put(POSITIVE, controls.positives());
        if (!controls.negatives().isEmpty()) {
            lists.put(NEGATIVE, controls.negatives());
        }
        int total = proposals.size();
        return calls.<SearchProposal, UpstreamGateway.Counts>each(proposals,
                proposal -> upstream.controlCounts(token, site, recordType, proposal.leaf(), lists, null, null),
                (outcome, done) -> {
                    Map<String, Object> fields = new LinkedHashMap<>();
                    fields.put("current", done);
                    fields.put("total", total);
                    SearchProposal p = outcome.item();
                    if (outcome.skipped()) {
                        return report.emit("counting", "not counted (the budget is spent): " + p.label(), fields);
                    }
                    if (outcome.failure() != null) {
                        String error = FailureText.of(outcome.failure(), "the site could not count it");
                        synchronized (failed) {
                            failed.add(new FailedCandidate(p.searchName(), p.parameters(), p.label(), error));
                        }
                        fields.put("candidate", candidateEvent(p, null, error, objective, controls));
                        return report.emit("counting", "left out " + p.label() + ": " + error, fields);
                    }
                    fields.put("candidate", candidateEvent(p, counted(p, outcome.answer(), controls), null, objective, controls));
                    return report.emit("counting", "counted " + p.label(), fields);
                }).map(outcomes -> {
                    List<Counted> counted = new ArrayList<>();
                    for (SiteCalls.Outcome<SearchProposal, UpstreamGateway.Counts> outcome : outcomes) {
                        if (outcome.answer() != null) {
                            Counted c = counted(outcome.item(), outcome.answer(), controls);
                            // a search that returns no control tells the combination nothing
                            if (!c.positives().isEmpty() || !c.negatives().isEmpty()) {
                                counted.add(c);
                            }
                        }
                    }
                    return counted;
                });
    }

    static Counted counted(SearchProposal proposal, UpstreamGateway.Counts counts, ControlIndex controls) {
        BitSet positives = new BitSet();
        BitSet negatives = new BitSet();
        for (UpstreamGateway.ControlHits hits : counts.controls()) {
            if (POSITIVE.equals(hits.label())) {
                positives = controls.positiveBits(hits.hitIds());
            } else if (NEGATIVE.equals(hits.label())) {
                negatives = controls.negativeBits(hits.hitIds());
            }
        }
        return new Counted(proposal, positives, negatives, counts.rootGeneCount(), false);
    }

    private static Map<String, Object> candidateEvent(SearchProposal p, Counted counted, String error,
                                                      DiscoveryObjective objective, ControlIndex controls) {
        Map<String, Object> event = new LinkedHashMap<>();
        event.put("searchName", p.searchName());
        event.put("parameters", p.parameters());
        event.put("label", p.label());
        event.put("source", p.source());
        if (counted != null) {
            event.put("positiveHits", counted.positives().cardinality());
            event.put("negativeHits", counted.negatives().cardinality());
            event.put("resultSize", counted.resultSize());
            event.put("score", objective.score(matrix(counted.positives(), counted.negatives(), controls)));
        }
        if (error != null) {
            event.put("error", error);
        }
        return event;
    }

    static ConfusionMatrix matrix(BitSet positives, BitSet negatives, ControlIndex controls) {
        int tp = positives.cardinality();
        int fp = negatives.cardinality();
        return new ConfusionMatrix(tp, fp, controls.negatives().size() - fp, controls.positives().size() - tp);
    }

    /** evaluation-core's discovery over the counted candidates (on a worker thread: it is all computing). */
    private Uni<DiscoveryResult> combine(List<Counted> counted, ControlIndex controls, DiscoverySettings settings,
                                         Reporter report) {
        if (counted.isEmpty()) {
            return report.emit("combining", "no candidate search found a control: nothing to combine", Map.of())
                    .replaceWith((DiscoveryResult) null);
        }
        List<CandidateStep> steps = steps(counted);
        return report.emit("combining", "combining " + steps.size() + " candidates, up to " + settings.maxSteps()
                        + " steps, under " + settings.folds() + "-fold cross-validation of the controls",
                        Map.of("total", steps.size()))
                .chain(() -> Uni.createFrom().item(() -> StrategyDiscovery.discover(steps, controls.positives().size(),
                                controls.negatives().size(), settings))
                        .runSubscriptionOn(Infrastructure.getDefaultWorkerPool()));
    }

    private static List<CandidateStep> steps(List<Counted> counted) {
        List<CandidateStep> steps = new ArrayList<>();
        for (Counted c : counted) {
            steps.add(new CandidateStep(c.proposal().key(), c.proposal().label(), c.positives(), c.negatives(),
                    c.resultSize()));
        }
        return steps;
    }

    private Uni<DiscoveryOutcome> finish(String token, String discoveryId, DiscoveryRequest request, String recordType,
                                         DiscoveryObjective objective, DiscoverySettings settings, Profile profile,
                                         List<Counted> counted, List<FailedCandidate> failed, DiscoveryResult result,
                                         ControlIndex controls, SiteCalls calls, Reporter report, long started,
                                         DiscoveryOutcome.Tuning tuning) {
        List<SearchProposal> proposals = counted.stream().map(Counted::proposal).toList();
        List<Candidate> candidates = new ArrayList<>();
        for (int i = 0; i < counted.size(); i++) {
            Counted c = counted.get(i);
            candidates.add(new Candidate(i, c.proposal().searchName(), c.proposal().parameters(), c.proposal().label(),
                    c.proposal().source(), c.positives().cardinality(), c.negatives().cardinality(), c.resultSize(),
                    objective.score(matrix(c.positives(), c.negatives(), controls)), c.tuned()));
        }
        List<DiscoveredStrategy> found = result == null ? List.of() : result.strategies();
        List<JsonNode> trees = found.stream().map(s -> DiscoveryTrees.tree(s.combination(), proposals)).toList();
        Map<String, List<String>> lists = new LinkedHashMap<>();
        lists.put(POSITIVE, controls.positives());
        if (!controls.negatives().isEmpty()) {
            lists.put(NEGATIVE, controls.negatives());
        }
        Uni<List<SiteCalls.Outcome<JsonNode, UpstreamGateway.Counts>>> sizes = report.emit("result",
                        "counting the " + found.size() + " proposed strategies on the site", Map.of("total", found.size()))
                .chain(() -> calls.<JsonNode, UpstreamGateway.Counts>each(trees,
                        tree -> upstream.controlCounts(token, request.siteId(), recordType, tree, lists, null, null),
                        (outcome, done) -> Uni.createFrom().voidItem()));
        return sizes.map(counts -> {
            List<DiscoveryOutcome.Strategy> strategies = new ArrayList<>();
            for (int i = 0; i < found.size(); i++) {
                DiscoveredStrategy s = found.get(i);
                SiteCalls.Outcome<JsonNode, UpstreamGateway.Counts> size = counts.get(i);
                Long resultSize = size.answer() == null ? null : size.answer().rootGeneCount();
                ConfusionMatrix m = s.counts();
                List<DiscoveryOutcome.Contribution> contributions = s.contributions().stream()
                        .map(c -> new DiscoveryOutcome.Contribution(c.step(), c.label(), c.scoreWithout(), c.contribution()))
                        .toList();
                strategies.add(new DiscoveryOutcome.Strategy(i + 1, s.chosen(), s.description(), trees.get(i), s.steps(),
                        s.score(), s.foldMean(), s.foldStdDev(),
                        ClassificationMetrics.fromMatrix(m, resultSize == null ? 0 : (int) Math.min(Integer.MAX_VALUE, resultSize)),
                        resultSize, contributions, bootstrap(s, counted, controls, settings.seed())));
            }
            boolean stopped = calls.exhausted();
            String message;
            if (strategies.isEmpty()) {
                message = "no strategy found: no candidate search returned a control" + (stopped
                        ? "; the budget of " + calls.budget() + " site calls ran out" : "");
            } else {
                message = "proposes " + strategies.get(0).description() + " (" + objective.name() + " "
                        + String.format(java.util.Locale.ROOT, "%.2f", strategies.get(0).score()) + " on the controls, "
                        + String.format(java.util.Locale.ROOT, "%.2f", result.crossValidatedScore())
                        + " cross-validated)" + (stopped ? "; stopped at its budget of " + calls.budget()
                        + " site calls: this is the best found so far" : "");
            }
            return new DiscoveryOutcome(discoveryId, request.siteId(), recordType, objective.name(),
                    "recall_at_precision".equals(objective.name()) ? objective.precisionFloor() : null,
                    settings.maxSteps(), calls.budget(), calls.used(), stopped, stopped ? "budget" : null,
                    controls.positives().size(), controls.negatives().size(), profile, List.copyOf(candidates),
                    List.copyOf(failed), tuning,
                    result == null ? null : result.crossValidatedScore(),
                    result == null ? List.of() : result.roundScores(),
                    result == null ? null : result.overfittingGap(),
                    result == null ? null : result.overfittingLevel(),
                    result == null ? null : result.folds(), settings.seed(),
                    result == null ? 0 : result.combinationsScored(), List.copyOf(strategies),
                    result == null ? List.of() : result.warnings(),
                    (System.nanoTime() - started) / 1e9, message);
        });
    }

    /**
     * evaluation-core's bootstrap of the strategy's metrics over resampled controls: only which controls
     * it returns matters, so its hits among the controls stand for its result (no site call).
     */
    private static Map<String, ConfidenceInterval> bootstrap(DiscoveredStrategy strategy, List<Counted> counted, ControlIndex controls, long seed) {
        List<CandidateStep> steps = steps(counted);
        var hits = strategy.combination().hits(steps);
        List<String> result = new ArrayList<>(controls.positiveIds(hits.positives()));
        result.addAll(controls.negativeIds(hits.negatives()));
        BootstrapResult bootstrap = RobustnessBootstrap.run(new BootstrapRequest(result, result, controls.positives(),
                controls.negatives(), BOOTSTRAP_ITERATIONS, seed, null, false, null));
        return bootstrap.metricCis();
    }
}
