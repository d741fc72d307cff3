package org.strategylab.upstream.service.strategies;

import org.strategylab.upstream.service.steps.StepTreeBuilder;
import org.strategylab.upstream.service.steps.UpstreamAnswers;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jboss.logging.Logger;
import org.strategylab.edge.problem.FieldError;
import org.strategylab.edge.problem.ProblemException;
import org.strategylab.sites.Site;
import org.strategylab.upstream.api.StepNode;
import org.strategylab.upstream.api.StepTreeSpec;
import org.strategylab.upstream.api.StepView;
import org.strategylab.upstream.api.StrategySummary;
import org.strategylab.upstream.api.StrategyView;
import org.strategylab.upstream.client.UpstreamSession;
import org.strategylab.upstream.client.WdkResponse;
import org.strategylab.upstream.client.WdkStrategyClient;

/**
 * A user's persisted strategies on a site (for experiments): create from a step tree, read, list
 * (helper strategies hidden), rename, save, replace the tree, delete.
 */
@ApplicationScoped
public class StrategyService {

    private static final Logger LOG = Logger.getLogger(StrategyService.class);

    @Inject
    StepTreeBuilder builder;

    @Inject
    WdkStrategyClient strategies;

    @Inject
    InternalStrategyJanitor janitor;

    /**
     * Creates a strategy from a tree. The new strategy is read back; when that read fails (the site
     * just answered its id, so even a 404 is the site's failure, a 502), the strategy is deleted
     * again (best effort; WDK retires its steps with it) rather than left on the site.
     */
    public Uni<StrategyView> create(UpstreamSession session, String recordType, String name, String description,
                                    boolean saved, StepTreeSpec tree) {
        if (janitor.isInternal(name)) {
            return Uni.createFrom().failure(ProblemException.invalid("Reserved name", List.of(new FieldError("/name",
                    "names starting with the internal prefix are reserved for helper strategies"))));
        }
        return builder.build(session, recordType, tree, "/tree")
                .chain(built -> strategies.create(session, name, description, saved, StepTreeBuilder.json(built.root()))
                        .map(response -> created(response, "/tree"))
                        .onFailure().call(() -> builder.deleteSteps(session, built.created())))
                .chain(id -> strategies.get(session, id)
                        .map(response -> view(session.site(), response.okJson()))
                        .onFailure().call(() -> deleteQuietly(session, id)));
    }

    /** Deletes a strategy whose creation failed, ignoring failures (the caller learns of the first one). */
    private Uni<Void> deleteQuietly(UpstreamSession session, long strategyId) {
        return strategies.delete(session, strategyId).replaceWithVoid()
                .onFailure().invoke(e -> LOG.warnf("Strategy %d on %s was not deleted after a failed create (%s)",
                        strategyId, session.site().id(), e.getMessage()))
                .onFailure().recoverWithNull();
    }

    /** One strategy with its tree and steps. */
    public Uni<StrategyView> get(UpstreamSession session, long strategyId) {
        return strategies.get(session, strategyId)
                .map(response -> view(session.site(), UpstreamAnswers.strategy(response, strategyId).json()));
    }

    /** The user's strategies, helper strategies left out unless asked for. */
    public Uni<List<StrategySummary>> list(UpstreamSession session, boolean includeInternal) {
        return strategies.list(session).map(response -> {
            List<StrategySummary> list = new ArrayList<>();
            for (JsonNode s : response.okJson()) {
                if (includeInternal || !janitor.isInternal(s.path("name").asText(null))) {
                    list.add(summary(session.site(), s));
                }
            }
            return list;
        });
    }

    /** Renames, (un)saves and/or replaces the tree of a strategy. */
    public Uni<StrategyView> patch(UpstreamSession session, long strategyId, String name, Boolean saved,
                                   String recordType, StepTreeSpec tree) {
        if (janitor.isInternal(name)) {
            return Uni.createFrom().failure(ProblemException.invalid("Reserved name", List.of(new FieldError("/name",
                    "names starting with the internal prefix are reserved for helper strategies"))));
        }
        Uni<Void> fields = name == null && saved == null ? Uni.createFrom().voidItem()
                : strategies.patch(session, strategyId, name, saved)
                        .map(response -> UpstreamAnswers.strategy(response, strategyId)).replaceWithVoid();
        return fields
                .chain(() -> tree == null ? Uni.createFrom().voidItem() : replaceTree(session, strategyId, recordType, tree))
                .chain(() -> get(session, strategyId));
    }

    /** Deletes a strategy (a second delete is a 404). */
    public Uni<Void> delete(UpstreamSession session, long strategyId) {
        return strategies.delete(session, strategyId).map(response -> UpstreamAnswers.strategy(response, strategyId))
                .replaceWithVoid();
    }

    private Uni<Void> replaceTree(UpstreamSession session, long strategyId, String recordType, StepTreeSpec tree) {
        // the strategy must exist before new steps are made for it
        return strategies.get(session, strategyId).map(response -> UpstreamAnswers.strategy(response, strategyId))
                .chain(() -> builder.build(session, recordType, tree, "/tree"))
                .chain(built -> strategies.replaceStepTree(session, strategyId, StepTreeBuilder.json(built.root()))
                        .map(response -> {
                            if (response.status() == 422) {
                                throw UpstreamAnswers.rejected("The site refused the step tree", response, "/tree");
                            }
                            // the strategy was just read: a 404 for its tree is the site's failure (502)
                            return response.requireOk();
                        })
                        .onFailure().call(() -> builder.deleteSteps(session, built.created())))
                .replaceWithVoid();
    }

    /** The id of a create-strategy answer; a 422 (tree the site will not run) names the tree. */
    static long created(WdkResponse response, String pointer) {
        if (response.status() == 422) {
            throw UpstreamAnswers.rejected("The site refused the step tree", response, pointer);
        }
        return response.createdId();
    }

    static String webUrl(Site site, long strategyId, Long rootStepId) {
        return site.webUrl() + "/app/workspace/strategies/" + strategyId + (rootStepId == null ? "" : "/" + rootStepId);
    }

    private static StrategySummary summary(Site site, JsonNode s) {
        long id = s.path("strategyId").asLong();
        Long root = UpstreamAnswers.longOrNull(s.get("rootStepId"));
        return new StrategySummary(id, s.path("name").asText(null), root, s.path("recordClassName").asText(null),
                s.path("isSaved").asBoolean(false), validity(s), UpstreamAnswers.sizeOrNull(s.get("estimatedSize")),
                webUrl(site, id, root), s.path("lastModified").asText(null));
    }

    private static StrategyView view(Site site, JsonNode s) {
        long id = s.path("strategyId").asLong();
        Long root = UpstreamAnswers.longOrNull(s.get("rootStepId"));
        Map<Long, StepView> steps = new LinkedHashMap<>();
        s.path("steps").fields().forEachRemaining(e -> {
            StepView step = UpstreamAnswers.stepView(e.getValue());
            steps.put(step.stepId(), step);
        });
        StepNode tree = StepTreeBuilder.fromJson(s.get("stepTree"));
        Long size = UpstreamAnswers.sizeOrNull(s.get("estimatedSize"));
        if (size == null && root != null && steps.containsKey(root)) {
            // WDK says −1 when it has not computed the strategy's size; the root step's size is the same number
            size = steps.get(root).estimatedSize();
        }
        Boolean valid = validity(s);
        if (steps.values().stream().anyMatch(step -> step.validation() != null && !step.validation().isValid())) {
            valid = false; // an invalid step makes the strategy unrunnable, whatever the flag says
        }
        return new StrategyView(id, s.path("name").asText(null), s.path("description").asText(null),
                s.path("isSaved").asBoolean(false), s.path("recordClassName").asText(null), valid, size,
                webUrl(site, id, root), tree, steps);
    }

    /** WDK's {@code isValid}; null when absent. */
    private static Boolean validity(JsonNode strategy) {
        JsonNode valid = strategy.get("isValid");
        return valid == null || !valid.isBoolean() ? null : valid.booleanValue();
    }
}
