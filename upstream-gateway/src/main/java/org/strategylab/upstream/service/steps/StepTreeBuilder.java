package org.strategylab.upstream.service.steps;

import org.strategylab.upstream.service.catalog.CatalogReader;
import org.strategylab.upstream.service.catalog.CatalogService;
import org.strategylab.upstream.service.catalog.ParamEncoder;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import org.jboss.logging.Logger;
import org.strategylab.edge.problem.FieldError;
import org.strategylab.edge.problem.ProblemException;
import org.strategylab.upstream.api.SearchFilter;
import org.strategylab.upstream.api.StepFilter;
import org.strategylab.upstream.api.StepNode;
import org.strategylab.upstream.api.StepTreeSpec;
import org.strategylab.upstream.client.UpstreamSession;
import org.strategylab.upstream.client.ValidationBundle;
import org.strategylab.upstream.client.WdkJson;
import org.strategylab.upstream.client.WdkResponse;
import org.strategylab.upstream.client.WdkStepClient;

/**
 * Creates the steps of a {@link StepTreeSpec} on a site, inputs first, and answers how they are
 * wired. WDK wires inputs only through a strategy's step tree (upstream-wdk.md §3.5–3.6), so every
 * new step is created unattached: a combine step carries empty operands and its operator, a
 * transform step an empty input parameter. IDs given to an {@code input-dataset} parameter are
 * uploaded as a dataset just before the step that reads them ({@link DatasetUploads}). If a step
 * cannot be created, the ones already made are deleted again (best effort) and the caller gets a
 * 422 naming the node.
 */
@ApplicationScoped
public class StepTreeBuilder {

    private static final Logger LOG = Logger.getLogger(StepTreeBuilder.class);

    /** The six boolean operators (spec §2.6). */
    public static final Set<String> OPERATORS = Set.of("INTERSECT", "UNION", "MINUS", "RMINUS", "LONLY", "RONLY");

    /** Deepest tree accepted, so a malformed request cannot make thousands of calls. */
    static final int MAX_DEPTH = 32;

    /**
     * A built tree.
     *
     * @param root    the wiring
     * @param created the steps created for it (to delete if the strategy is never made)
     */
    public record Built(StepNode root, List<Long> created) {
    }

    @Inject
    CatalogReader catalog;

    @Inject
    CatalogService catalogService;

    @Inject
    WdkStepClient steps;

    @Inject
    DatasetUploads datasets;

    /**
     * Creates the tree's new steps.
     *
     * @param pointer where the tree is in the caller's request ({@code /tree})
     * @throws ProblemException 422 for a malformed tree, an unknown search or rejected values
     */
    public Uni<Built> build(UpstreamSession session, String recordType, StepTreeSpec tree, String pointer) {
        List<FieldError> errors = new ArrayList<>();
        check(tree, pointer, 1, errors);
        if (!errors.isEmpty()) {
            return Uni.createFrom().failure(ProblemException.invalid("The step tree is not valid", errors));
        }
        List<Long> created = new CopyOnWriteArrayList<>();
        return node(session, recordType, tree, pointer, created)
                .map(root -> new Built(root, List.copyOf(created)))
                .onFailure().call(failure -> deleteSteps(session, created));
    }

    /** Deletes unattached steps, ignoring failures (they are unusable leftovers either way). */
    public Uni<Void> deleteSteps(UpstreamSession session, List<Long> stepIds) {
        if (stepIds.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        List<Uni<Void>> deletions = new ArrayList<>();
        for (Long id : stepIds) {
            deletions.add(steps.deleteStep(session, id).replaceWithVoid()
                    .onFailure().invoke(e -> LOG.debugf("Could not delete step %d: %s", id, e.getMessage()))
                    .onFailure().recoverWithNull());
        }
        return Uni.join().all(deletions).andCollectFailures().replaceWithVoid();
    }

    /** WDK's {@code stepTree} JSON of a wiring. */
    public static ObjectNode json(StepNode node) {
        ObjectNode json = WdkJson.object().put("stepId", node.stepId());
        if (node.primaryInput() != null) {
            json.set("primaryInput", json(node.primaryInput()));
        }
        if (node.secondaryInput() != null) {
            json.set("secondaryInput", json(node.secondaryInput()));
        }
        return json;
    }

    /** Reads WDK's {@code stepTree} JSON. */
    public static StepNode fromJson(JsonNode json) {
        if (json == null || json.isNull() || !json.has("stepId")) {
            return null;
        }
        return new StepNode(json.get("stepId").asLong(), fromJson(json.get("primaryInput")),
                fromJson(json.get("secondaryInput")));
    }

    private static void check(StepTreeSpec node, String at, int depth, List<FieldError> errors) {
        if (node == null) {
            errors.add(new FieldError(at, "a step tree node is required"));
            return;
        }
        if (depth > MAX_DEPTH) {
            errors.add(new FieldError(at, "the tree is deeper than " + MAX_DEPTH + " levels"));
            return;
        }
        boolean hasSearch = node.searchName() != null && !node.searchName().isBlank();
        if (node.operator() != null) {
            if (!OPERATORS.contains(node.operator().toUpperCase(Locale.ROOT))) {
                errors.add(new FieldError(at + "/operator", "'" + node.operator() + "' is not one of " + sorted(OPERATORS)));
            }
            if (hasSearch || node.stepId() != null) {
                errors.add(new FieldError(at, "a combine node has an operator and two inputs, not a search or step"));
            }
            if (node.primaryInput() == null) {
                errors.add(new FieldError(at + "/primaryInput", "a combine needs a primary (left) input"));
            }
            if (node.secondaryInput() == null) {
                errors.add(new FieldError(at + "/secondaryInput", "a combine needs a secondary (right) input"));
            }
        } else {
            if (hasSearch == (node.stepId() != null)) {
                errors.add(new FieldError(at, "a node names either a searchName or an existing stepId"));
            }
            if (node.secondaryInput() != null && node.stepId() == null) {
                errors.add(new FieldError(at + "/secondaryInput", "only a combine (with an operator) takes two inputs"));
            }
            if (node.secondaryInput() != null && node.primaryInput() == null) {
                errors.add(new FieldError(at + "/primaryInput", "a secondary input needs a primary input"));
            }
        }
        if (node.filtered()) {
            if (!hasSearch || node.operator() != null || node.stepId() != null) {
                errors.add(new FieldError(at + "/filters", "filters go on a new search or transform step, not on a "
                        + (node.operator() != null ? "combine" : "existing step")));
            }
            Set<String> seen = new java.util.HashSet<>();
            for (int i = 0; i < node.filters().size(); i++) {
                StepFilter filter = node.filters().get(i);
                if (filter == null || filter.name() == null || filter.name().isBlank()) {
                    errors.add(new FieldError(at + "/filters/" + i + "/name", "a filter needs the name of one the search offers"));
                } else if (!seen.add(filter.name())) {
                    errors.add(new FieldError(at + "/filters/" + i + "/name", "filter '" + filter.name()
                            + "' is given twice; give it once with all its values"));
                }
            }
        }
        if (node.primaryInput() != null) {
            check(node.primaryInput(), at + "/primaryInput", depth + 1, errors);
        }
        if (node.secondaryInput() != null) {
            check(node.secondaryInput(), at + "/secondaryInput", depth + 1, errors);
        }
    }

    private Uni<StepNode> node(UpstreamSession session, String recordType, StepTreeSpec spec, String at,
                               List<Long> created) {
        Uni<StepNode> primary = spec.primaryInput() == null ? Uni.createFrom().nullItem()
                : node(session, recordType, spec.primaryInput(), at + "/primaryInput", created);
        Uni<StepNode> secondary = spec.secondaryInput() == null ? Uni.createFrom().nullItem()
                : node(session, recordType, spec.secondaryInput(), at + "/secondaryInput", created);
        return Uni.combine().all().unis(primary, secondary).with((left, right) -> new StepNode[] {left, right})
                .chain(inputs -> self(session, recordType, spec, at, created, inputs[0] != null)
                        .map(stepId -> new StepNode(stepId, inputs[0], inputs[1])));
    }

    /** Creates (or takes) the node's own step. */
    private Uni<Long> self(UpstreamSession session, String recordType, StepTreeSpec spec, String at, List<Long> created,
                           boolean hasInput) {
        String siteId = session.site().id();
        if (spec.stepId() != null) {
            return Uni.createFrom().item(spec.stepId());
        }
        if (spec.operator() != null) {
            String operator = spec.operator().toUpperCase(Locale.ROOT);
            return catalogService.booleanSearch(siteId, recordType).chain(bool -> {
                if (!bool.operators().isEmpty() && !bool.operators().contains(operator)) {
                    throw ProblemException.invalid("Unknown operator", List.of(new FieldError(at + "/operator",
                            "site '" + siteId + "' combines with " + bool.operators() + ", not " + operator)));
                }
                Map<String, String> params = new LinkedHashMap<>();
                params.put(bool.leftParam(), "");
                params.put(bool.rightParam(), "");
                params.put(bool.operatorParam(), operator);
                return create(session, bool.name(), params, spec, at, created);
            });
        }
        return catalog.search(siteId, recordType, spec.searchName())
                .onFailure(ProblemException.class).transform(e -> ProblemException.invalid("Unknown search",
                        List.of(new FieldError(at + "/searchName", "site '" + siteId + "' has no search '"
                                + spec.searchName() + "' for record type '" + recordType + "'"))))
                .chain(data -> {
                    List<String> inputs = ParamEncoder.inputStepParams(data);
                    if (hasInput && inputs.isEmpty()) {
                        throw ProblemException.invalid("Not a transform", List.of(new FieldError(at + "/primaryInput",
                                "search " + spec.searchName() + " takes no input step")));
                    }
                    if (!hasInput && !inputs.isEmpty()) {
                        throw ProblemException.invalid("Missing input", List.of(new FieldError(at + "/primaryInput",
                                "search " + spec.searchName() + " transforms an input step; give it a primaryInput")));
                    }
                    offeredFilters(siteId, spec, data, at);
                    ParamEncoder.Encoded encoded = ParamEncoder.encode(data, spec.parameters(), at + "/parameters");
                    if (!encoded.errors().isEmpty()) {
                        throw ProblemException.invalid("Search " + spec.searchName() + " does not accept these values",
                                encoded.errors());
                    }
                    // ID lists of dataset parameters become datasets first, their ids the values
                    return datasets.resolve(session, encoded, at + "/parameters").chain(values -> {
                        Map<String, String> params = new LinkedHashMap<>(values);
                        // WDK: answer params of a new step must be "" (upstream-wdk.md §3.5)
                        inputs.forEach(name -> params.put(name, ""));
                        return create(session, spec.searchName(), params, spec, at, created);
                    });
                });
    }

    private Uni<Long> create(UpstreamSession session, String searchName, Map<String, String> params, StepTreeSpec spec,
                             String at, List<Long> created) {
        return steps.createStep(session, searchName, params, spec.customName(), spec.weight(), filtersJson(spec))
                .map(response -> {
                    if (response.status() == 422 && spec.filtered()) {
                        refusedFilter(response, spec, at);
                    }
                    long id = createdStep(response, searchName, at + "/parameters");
                    created.add(id);
                    return id;
                });
    }

    /**
     * Refuses, naming the filter, a filter the search does not offer or one that applies to a report only
     * (WDK's {@code isViewOnly}): the search's catalogue entry lists them, so the site is not asked.
     */
    private static void offeredFilters(String siteId, StepTreeSpec spec, JsonNode searchData, String at) {
        if (!spec.filtered()) {
            return;
        }
        Map<String, SearchFilter> offered = new LinkedHashMap<>();
        CatalogService.filters(searchData).forEach(f -> offered.put(f.name(), f));
        List<String> usable = offered.values().stream().filter(f -> !f.isViewOnly()).map(SearchFilter::name).toList();
        List<FieldError> errors = new ArrayList<>();
        for (int i = 0; i < spec.filters().size(); i++) {
            String name = spec.filters().get(i).name();
            SearchFilter filter = offered.get(name);
            if (filter == null) {
                errors.add(new FieldError(at + "/filters/" + i + "/name", "search " + spec.searchName() + " on site '"
                        + siteId + "' has no filter '" + name + "'" + (usable.isEmpty() ? " (it offers none)"
                        : " (it offers " + String.join(", ", usable) + ")")));
            } else if (filter.isViewOnly()) {
                errors.add(new FieldError(at + "/filters/" + i + "/name", "filter '" + name
                        + "' applies to one report only and cannot be kept on a step"));
            }
        }
        if (!errors.isEmpty()) {
            throw ProblemException.invalid("Unknown filter", errors);
        }
    }

    /** The site's refusal of a step whose filters it names: a problem pointing at each filter it names. */
    private static void refusedFilter(WdkResponse response, StepTreeSpec spec, String at) {
        ValidationBundle bundle = response.validationBundle();
        List<String> messages = new ArrayList<>(bundle.general());
        bundle.byKey().values().forEach(messages::addAll);
        List<FieldError> errors = new ArrayList<>();
        for (String message : messages) {
            for (int i = 0; i < spec.filters().size(); i++) {
                if (message.contains("'" + spec.filters().get(i).name() + "'")) {
                    errors.add(new FieldError(at + "/filters/" + i, message));
                    break;
                }
            }
        }
        if (!errors.isEmpty()) {
            throw ProblemException.invalid("The site refused the filter", errors);
        }
    }

    /** WDK's {@code searchConfig.filters} of a node, or null without filters. */
    static ArrayNode filtersJson(StepTreeSpec spec) {
        if (!spec.filtered()) {
            return null;
        }
        ArrayNode filters = WdkJson.array();
        for (StepFilter filter : spec.filters()) {
            ObjectNode json = filters.addObject().put("name", filter.name());
            json.set("value", filter.value() == null ? NullNode.getInstance() : filter.value());
            if (filter.disabled() != null) {
                json.put("disabled", filter.disabled());
            }
        }
        return filters;
    }

    /** The id of a create-step answer; a 422 becomes a problem naming the rejected parameters. */
    public static long createdStep(WdkResponse response, String searchName, String at) {
        if (response.status() == 422) {
            throw CatalogService.invalidValues(searchName, response.validationBundle(), at);
        }
        return response.createdId();
    }

    private static List<String> sorted(Set<String> values) {
        return values.stream().sorted().toList();
    }
}
