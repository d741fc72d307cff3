package org.strategylab.experiment.analysis.sweep;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.jboss.logging.Logger;
import org.strategylab.evaluation.ids.ControlSets;
import org.strategylab.evaluation.json.EvaluationJson;
import org.strategylab.evaluation.metrics.ClassificationMetrics;
import org.strategylab.evaluation.metrics.GeneIdClassifier;
import org.strategylab.evaluation.metrics.GeneIdEvaluation;
import org.strategylab.evaluation.model.ExperimentMetrics;
import org.strategylab.eventlog.operation.OperationHandle;
import org.strategylab.eventlog.index.OperationStatus;
import org.strategylab.experiment.api.ExperimentSettings;
import org.strategylab.experiment.client.UpstreamGateway;
import org.strategylab.experiment.config.ExperimentConfig;
import org.strategylab.experiment.messaging.ExperimentCommand;
import org.strategylab.experiment.messaging.SweepPlan;
import org.strategylab.experiment.persistence.ExperimentRepository;
import org.strategylab.experiment.run.ExperimentViews;
import org.strategylab.experiment.run.OperationRun;
import org.strategylab.experiment.run.UpstreamEvaluation;

/**
 * A threshold sweep (rules 4.5.6–4.5.8, spec §6 and §8) as its operation: the caller's leaked helper
 * strategies are cleaned up first (best effort); then each value is put into the search's
 * parameters, or into every step of the tree that has the parameter, and evaluated against the
 * controls upstream (rule 4.5.5's control counts), {@code analyses.sweep-concurrency} points at once,
 * each within {@code analyses.sweep-point-timeout}. Each finished point is a {@code sweep_point}
 * {@code {point: {value, metrics | null, error?}, completedCount, totalCount}}; a failed or timed-out
 * point has {@code metrics: null} and its {@code error}. After {@code analyses.sweep-timeout} the
 * unfinished points are cancelled. The end is always {@code sweep_complete} {@code {parameter,
 * sweepType, points, timedOut, missingValues}}: points sorted by value (numeric) or in the request's
 * order (categorical), {@code missingValues} the values that never finished. A cancel ends it the
 * same way with {@code cancelled: true} and the points finished by then.
 */
@ApplicationScoped
public class ThresholdSweepRun implements OperationRun {

    private static final Logger LOG = Logger.getLogger(ThresholdSweepRun.class);

    @Inject
    ExperimentRepository repository;

    @Inject
    UpstreamGateway upstream;

    @Inject
    ExperimentConfig config;

    /** The finished points of each sweep under way, so a cancel reports them. */
    private final Map<String, Map<Integer, SweepPoint>> running = new ConcurrentHashMap<>();

    /** One evaluated value: {@code value} a number (numeric sweeps) or the string (categorical). */
    public record SweepPoint(Object value, ExperimentMetrics metrics, String error) {
    }

    @Override
    public String type() {
        return ExperimentCommand.THRESHOLD_SWEEP;
    }

    @Override
    public Uni<Void> run(OperationHandle handle, ExperimentCommand command) {
        SweepPlan plan = ((ExperimentCommand.ThresholdSweep) command).sweep();
        Map<Integer, SweepPoint> finished = new ConcurrentHashMap<>();
        running.put(command.operationId(), finished);
        UUID id = UUID.fromString(command.experimentIds().get(0));
        return repository.find(id).chain(found -> {
            if (found.isEmpty()) {
                return end(handle, plan, finished, false, false, "the experiment was deleted");
            }
            ExperimentSettings settings = ExperimentViews.settings(found.get());
            ControlSets controls = settings.controls().sets();
            Duration sweepTimeout = config.analyses().sweepTimeout();
            return upstream.cleanupHelperStrategies(command.token(), settings.siteId())
                    .onFailure().recoverWithItem(failure -> {
                        LOG.infof("helper strategies before sweep %s stay: %s", command.operationId(), failure.toString());
                        return 0;
                    })
                    .chain(() -> points(handle, command, settings, controls, plan, finished))
                    .map(done -> false)
                    .ifNoItem().after(sweepTimeout).recoverWithItem(true)
                    .chain(timedOut -> end(handle, plan, finished, timedOut, false, null));
        }).onTermination().invoke((item, failure, cancelled) -> {
            // a cancel leaves the points to cancelled(), which reports them
            if (!cancelled) {
                running.remove(command.operationId());
            }
        });
    }

    @Override
    public Uni<Void> cancelled(OperationHandle handle, ExperimentCommand command, long started) {
        Map<Integer, SweepPoint> finished = running.remove(command.operationId());
        return end(handle, ((ExperimentCommand.ThresholdSweep) command).sweep(), finished == null ? Map.of() : finished, false, true, null);
    }

    private Uni<Void> points(OperationHandle handle, ExperimentCommand command, ExperimentSettings settings,
                             ControlSets controls, SweepPlan plan, Map<Integer, SweepPoint> finished) {
        int total = plan.values().size();
        AtomicInteger completed = new AtomicInteger();
        return Multi.createFrom().items(IntStream.range(0, total).boxed())
                .onItem().transformToUni(index -> point(command.token(), settings, controls, plan, index)
                        .call(point -> {
                            finished.put(index, point);
                            ObjectNode data = EvaluationJson.mapper().createObjectNode();
                            data.set("point", EvaluationJson.mapper().valueToTree(point));
                            data.put("completedCount", completed.incrementAndGet()).put("totalCount", total);
                            return Uni.createFrom().deferred(() -> handle.emit("sweep_point", data))
                                    .onFailure().recoverWithNull();
                        }))
                .merge(Math.max(1, config.analyses().sweepConcurrency()))
                .collect().last().replaceWithVoid();
    }

    /** One value evaluated against the controls upstream; a failure or the point timeout is its error. */
    private Uni<SweepPoint> point(String token, ExperimentSettings settings, ControlSets controls, SweepPlan plan,
                                  int index) {
        String value = plan.values().get(index);
        Object reported = reported(plan, value);
        Duration timeout = config.analyses().sweepPointTimeout();
        Map<String, List<String>> lists = new LinkedHashMap<>();
        lists.put("positive", controls.positives());
        if (!controls.negatives().isEmpty()) {
            lists.put("negative", controls.negatives());
        }
        return Uni.createFrom().deferred(() -> upstream.controlCounts(token, settings.siteId(), settings.recordType(),
                        withValue(settings, plan.parameterName(), value), lists, settings.controls().controlsSearchName(),
                        settings.controls().controlsParamName()))
                .map(counts -> new SweepPoint(reported, metrics(counts, controls, settings.recordType()), null))
                .ifNoItem().after(timeout).failWith(() -> new IllegalStateException(
                        "the point took longer than " + timeout.toSeconds() + " s"))
                .onFailure().recoverWithItem(failure -> new SweepPoint(reported, null,
                        org.strategylab.experiment.client.FailureText.of(failure, "the point failed unexpectedly")));
    }

    private static ExperimentMetrics metrics(UpstreamGateway.Counts counts, ControlSets controls, String recordType) {
        List<String> hits = new ArrayList<>();
        counts.controls().forEach(control -> hits.addAll(control.hitIds()));
        GeneIdEvaluation lists = GeneIdClassifier.evaluate(hits, controls);
        return UpstreamEvaluation.withTranscripts(ClassificationMetrics.fromCounts(lists.truePositiveIds().size(),
                controls.positives().size(), lists.falsePositiveIds().size(), controls.negatives().size(),
                (int) Math.min(Integer.MAX_VALUE, UpstreamEvaluation.genes(counts))), counts, recordType);
    }

    /** The experiment's search or tree with the value in the search's parameters or in every step that has the parameter (rule 4.5.7). */
    static JsonNode withValue(ExperimentSettings settings, String parameter, String value) {
        JsonNode tree = UpstreamEvaluation.tree(settings).deepCopy();
        inject(tree, parameter, value);
        return tree;
    }

    private static void inject(JsonNode node, String parameter, String value) {
        if (node == null || !node.isObject()) {
            return;
        }
        if (node.path("parameters").has(parameter)) {
            ((ObjectNode) node.path("parameters")).put(parameter, value);
        }
        inject(node.get("primaryInput"), parameter, value);
        inject(node.get("secondaryInput"), parameter, value);
    }

    private static Object reported(SweepPlan plan, String value) {
        return plan.numeric() ? Double.valueOf(value) : value;
    }

    /** {@code sweep_complete}: the finished points (sorted), whether the sweep timed out, the values that never finished. */
    private static Uni<Void> end(OperationHandle handle, SweepPlan plan, Map<Integer, SweepPoint> finished,
                                 boolean timedOut, boolean cancelled, String error) {
        List<Integer> order = new ArrayList<>(finished.keySet());
        order.sort(plan.numeric()
                ? Comparator.comparingDouble((Integer i) -> Double.parseDouble(plan.values().get(i))).thenComparing(i -> i)
                : Comparator.naturalOrder());
        ObjectNode data = EvaluationJson.mapper().createObjectNode().put("parameter", plan.parameterName())
                .put("sweepType", plan.sweepType());
        ArrayNode points = data.putArray("points");
        order.forEach(i -> points.add(EvaluationJson.mapper().valueToTree(finished.get(i))));
        data.put("timedOut", timedOut);
        ArrayNode missing = data.putArray("missingValues");
        for (int i = 0; i < plan.values().size(); i++) {
            if (!finished.containsKey(i)) {
                missing.add(plan.values().get(i));
            }
        }
        if (cancelled) {
            data.put("cancelled", true);
        }
        if (error != null) {
            data.put("error", error);
        }
        OperationStatus status = cancelled ? OperationStatus.CANCELLED
                : error != null ? OperationStatus.FAILED : OperationStatus.COMPLETED;
        return handle.end("sweep_complete", data, status);
    }
}
