package org.strategylab.upstream.service.strategies;

import org.strategylab.upstream.service.catalog.CatalogReader;
import org.strategylab.upstream.service.catalog.CatalogService;
import org.strategylab.upstream.service.catalog.ParamEncoder;
import org.strategylab.upstream.service.steps.StepService;
import org.strategylab.upstream.service.steps.StepTreeBuilder;
import org.strategylab.upstream.service.steps.UpstreamAnswers;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.CompositeException;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.strategylab.edge.problem.FieldError;
import org.strategylab.edge.problem.ProblemException;
import org.strategylab.upstream.api.ControlCount;
import org.strategylab.upstream.api.ControlCounts;
import org.strategylab.upstream.api.ControlSetSpec;
import org.strategylab.upstream.api.StepNode;
import org.strategylab.upstream.api.StepTreeSpec;
import org.strategylab.upstream.client.UpstreamSession;
import org.strategylab.upstream.client.WdkJson;
import org.strategylab.upstream.client.WdkStepClient;
import org.strategylab.upstream.client.WdkStrategyClient;

/**
 * Spec rule 4.5.5: the tree becomes a helper strategy; for each control set an ID-list step and an
 * INTERSECT step are put on top of the root (the strategy's tree is replaced, so the root's steps
 * serve one strategy as WDK requires), the counts are read, and everything is deleted. The sets'
 * steps are made together, beside the root's count, so only the wiring and the counts of each set
 * wait for the one before.
 */
@ApplicationScoped
public class ControlCounter {

    /** WDK's ID-list search and its dataset parameter. */
    static final String DEFAULT_CONTROLS_SEARCH = "GeneByLocusTag";

    @Inject
    TemporaryStrategies temporary;

    @Inject
    CatalogReader catalog;

    @Inject
    CatalogService catalogService;

    @Inject
    StepService stepService;

    @Inject
    StepTreeBuilder builder;

    @Inject
    WdkStepClient steps;

    @Inject
    WdkStrategyClient strategies;

    /**
     * Counts the tree's result and its overlap with each control set. Each set's steps (its ID
     * list and an INTERSECT step) do not depend on the tree, so they are made for every set at once,
     * beside the root's count; only wiring a set onto the root and reading its counts go one set
     * after the other, because the helper strategy has one tree.
     */
    public Uni<ControlCounts> count(UpstreamSession session, String recordType, StepTreeSpec tree,
                                    List<ControlSetSpec> controlSets, String controlsSearch, String controlsParameter) {
        String siteId = session.site().id();
        String search = controlsSearch == null ? DEFAULT_CONTROLS_SEARCH : controlsSearch;
        return catalog.search(siteId, recordType, search)
                .onFailure(ProblemException.class).transform(e -> ProblemException.invalid("Unknown controls search",
                        List.of(new FieldError("/controlsSearch", "site '" + siteId + "' has no search '" + search + "'"))))
                .map(data -> datasetParameter(data, controlsParameter))
                .chain(parameter -> catalogService.booleanSearch(siteId, recordType)
                        .chain(bool -> temporary.run(session, recordType, tree, "/tree", "control test", helper -> {
                            List<Long> made = Collections.synchronizedList(new ArrayList<>());
                            List<Uni<SetSteps>> preparing = new ArrayList<>();
                            for (ControlSetSpec set : controlSets) {
                                preparing.add(prepare(session, bool, search, parameter, set, made));
                            }
                            // every started step is known before anything fails on: none is left behind
                            return Uni.combine().all().unis(rootCounts(session, helper.root().stepId()),
                                            Uni.join().all(preparing).andCollectFailures().onFailure(CompositeException.class)
                                                    .transform(ControlCounter::first))
                                    .collectFailures().asTuple()
                                    .onFailure(CompositeException.class).transform(ControlCounter::first)
                                    .chain(ready -> Multi.createFrom().iterable(ready.getItem2())
                                            .onItem().transformToUniAndConcatenate(set -> count(session, helper, set))
                                            .collect().asList()
                                            .map(counts -> new ControlCounts(ready.getItem1()[0], ready.getItem1()[1], counts)))
                                    // the sets' steps are detached again, then deleted
                                    .eventually(() -> strategies.replaceStepTree(session, helper.strategyId(),
                                                    StepTreeBuilder.json(helper.root()))
                                            .onFailure().recoverWithNull()
                                            .chain(() -> builder.deleteSteps(session, List.copyOf(made))));
                        })));
    }

    public static String datasetParameter(JsonNode searchData, String named) {
        if (named != null) {
            if (!ParamEncoder.params(searchData).containsKey(named)) {
                throw ProblemException.invalid("Unknown controls parameter", List.of(new FieldError("/controlsParameter",
                        "'" + named + "' is not a parameter of " + searchData.path("urlSegment").asText())));
            }
            return named;
        }
        for (Map.Entry<String, JsonNode> param : ParamEncoder.params(searchData).entrySet()) {
            if ("input-dataset".equals(param.getValue().path("type").asText())) {
                return param.getKey();
            }
        }
        throw ProblemException.invalid("No dataset parameter", List.of(new FieldError("/controlsSearch",
                searchData.path("urlSegment").asText() + " takes no ID list")));
    }

    /** The first of several failures, which is what the caller is told. */
    private static Throwable first(Throwable failure) {
        return ((CompositeException) failure).getCauses().get(0);
    }

    /** {count, gene count} of the root. */
    private Uni<long[]> rootCounts(UpstreamSession session, long rootStepId) {
        return steps.report(session, rootStepId, WdkJson.reportConfig(0, 0, List.of(), null, null), null)
                .map(response -> {
                    JsonNode report = response.okJson();
                    return new long[] {UpstreamAnswers.meta(report, "totalCount"),
                            UpstreamAnswers.meta(report, "displayTotalCount")};
                });
    }

    /** A control set's two unattached steps: its ID list and the INTERSECT that will join it to the root. */
    private record SetSteps(ControlSetSpec set, long controlsStep, long intersectStep) {
    }

    private Uni<SetSteps> prepare(UpstreamSession session, CatalogService.BooleanSearch bool, String controlsSearch,
                                  String parameter, ControlSetSpec set, List<Long> made) {
        Uni<Long> controls = stepService.uploadDataset(session, set.ids())
                .chain(dataset -> steps.createStep(session, controlsSearch,
                        Map.of(parameter, String.valueOf(dataset.datasetId())), "Controls: " + set.label(), null))
                .map(response -> StepTreeBuilder.createdStep(response, controlsSearch, "/controlSets"))
                .invoke(made::add);
        Uni<Long> intersect = steps.createStep(session, bool.name(),
                        Map.of(bool.leftParam(), "", bool.rightParam(), "", bool.operatorParam(), "INTERSECT"),
                        "Controls intersect", null)
                .map(response -> StepTreeBuilder.createdStep(response, bool.name(), "/controlSets"))
                .invoke(made::add);
        return Uni.combine().all().unis(controls, intersect).with((c, i) -> new SetSteps(set, c, i));
    }

    /** Wires the set onto the root (replacing the previous set's wiring) and reads its counts. */
    private Uni<ControlCount> count(UpstreamSession session, TemporaryStrategies.Temporary helper, SetSteps set) {
        return strategies.replaceStepTree(session, helper.strategyId(), StepTreeBuilder.json(
                        new StepNode(set.intersectStep(), helper.root(), StepNode.leaf(set.controlsStep()))))
                .map(response -> response.requireOk())
                .chain(() -> countsOf(session, set.set(), set.controlsStep(), set.intersectStep()));
    }

    private Uni<ControlCount> countsOf(UpstreamSession session, ControlSetSpec set, long controlsStep, long intersectStep) {
        Uni<Long> found = steps.report(session, controlsStep, WdkJson.reportConfig(0, 0, List.of(), null, null), null)
                .map(response -> UpstreamAnswers.meta(response.okJson(), "displayTotalCount"));
        // absent pagination means every record: hits are bounded by the control set's size
        var all = WdkJson.object();
        all.set("attributes", WdkJson.array());
        Uni<List<String>> hits = steps.report(session, intersectStep, all, null)
                .map(response -> StepService.distinctIds(response.okJson()));
        return Uni.combine().all().unis(found, hits).with((f, h) -> new ControlCount(set.label(), set.ids().size(), f,
                h.size(), h));
    }
}
