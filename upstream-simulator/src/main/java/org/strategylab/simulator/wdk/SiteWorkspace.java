package org.strategylab.simulator.wdk;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import org.strategylab.simulator.catalog.RecordedCatalogues;
import org.strategylab.simulator.catalog.Answer;
import org.strategylab.simulator.catalog.Catalog;
import org.strategylab.simulator.catalog.FilterSpec;
import org.strategylab.simulator.catalog.InputStepParam;
import org.strategylab.simulator.catalog.ParamContext;
import org.strategylab.simulator.catalog.ParamValidation;
import org.strategylab.simulator.catalog.RecordType;
import org.strategylab.simulator.catalog.SearchEvaluator;
import org.strategylab.simulator.catalog.SearchSpec;
import org.strategylab.simulator.data.SiteData;

/**
 * One site's user state (steps, strategies, datasets, analyses, temporary results) and WDK's rules
 * for it. Every method is synchronized: the state is small and operations are short, and one lock
 * keeps the step-tree invariants (one strategy per step, wired answer params) simple to hold.
 */
final class SiteWorkspace {

    static final String NOT_IN_STRATEGY = "Step %d is not part of a strategy, so cannot run.";

    final Catalog catalog;
    final SiteData data;
    private final IdSequences ids;
    private final Map<Long, Step> steps = new HashMap<>();
    private final Map<Long, Strategy> strategies = new LinkedHashMap<>();
    private final Map<Long, Dataset> datasets = new HashMap<>();
    final Map<Long, AnalysisInstance> analyses = new LinkedHashMap<>();
    private final Map<String, TemporaryResult> temporaryResults = new HashMap<>();

    SiteWorkspace(Catalog catalog, IdSequences ids) {
        this.catalog = catalog;
        this.data = catalog.data();
        this.ids = ids;
    }

    IdSequences ids() {
        return ids;
    }

    static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MILLIS);
    }

    /** The param context of a user: their datasets only. */
    ParamContext contextFor(long userId, Map<String, String> values) {
        return new ParamContext(data, values, datasetId -> {
            synchronized (SiteWorkspace.this) {
                Dataset d = datasets.get(datasetId);
                return d != null && d.ownerId() == userId ? Optional.of(d.ids()) : Optional.empty();
            }
        });
    }

    // ------------------------------------------------------------------ datasets

    synchronized Dataset createDataset(long ownerId, List<String> ids) {
        Dataset dataset = new Dataset(this.ids.datasets.getAndIncrement(), ownerId, List.copyOf(ids));
        datasets.put(dataset.id(), dataset);
        return dataset;
    }

    // ------------------------------------------------------------------ steps

    synchronized Step createStep(long ownerId, SearchSpec search, Map<String, String> raw, ArrayNode filters,
                                 JsonNode columnFilters, Integer weight) {
        for (InputStepParam p : search.inputStepParams()) {
            String value = raw.get(p.name());
            if (value != null && !value.isEmpty()) {
                throw WdkException.unprocessable("Answer Params in new steps must have the null value (empty string).");
            }
        }
        ParamValidation validation = search.validate(raw, contextFor(ownerId, raw));
        if (!validation.isValid()) {
            throw WdkException.unprocessable(validation.general(), validation.byKey());
        }
        RecordType recordType = catalog.recordType(search.recordType()).orElseThrow();
        validateFilters(recordType, filters);
        Step step = new Step(ids.steps.getAndIncrement(), ownerId, search, new LinkedHashMap<>(validation.values()), now());
        step.filters = filters == null ? JsonNodeFactory.instance.arrayNode() : filters;
        if (columnFilters != null) {
            step.columnFilters = columnFilters;
        }
        step.wdkWeight = weight;
        steps.put(step.id, step);
        return step;
    }

    private void validateFilters(RecordType recordType, ArrayNode filters) {
        if (filters == null) {
            return;
        }
        for (JsonNode filter : filters) {
            JsonShape.object(filter, "#/filters", Set.of("name", "value"), Set.of("disabled"));
            String name = JsonShape.string(filter, "name", "#/filters");
            Optional<FilterSpec> spec = recordType.filter(name);
            if (spec.isEmpty()) {
                throw WdkException.unprocessable("Filter '" + name + "' is not a valid filter of record class "
                        + recordType.urlSegment());
            }
            try {
                spec.get().rule().apply(data, new BitSet(), filter.get("value"));
            } catch (IllegalArgumentException e) {
                throw WdkException.unprocessable("Invalid value for filter '" + name + "': " + e.getMessage());
            }
        }
    }

    /** The user's live step; 404 when unknown or deleted, 403 when someone else's. */
    synchronized Step step(User user, String stepId) {
        Step step = parseId(stepId).map(steps::get).orElse(null);
        if (step == null || step.deleted) {
            throw WdkException.notFound("Step ID " + stepId);
        }
        if (step.ownerId != user.id()) {
            throw WdkException.forbidden();
        }
        return step;
    }

    static Optional<Long> parseId(String id) {
        try {
            return Optional.of(Long.parseLong(id));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    synchronized void patchStep(Step step, JsonNode body) {
        if (body.has("customName")) {
            step.customName = JsonShape.string(body, "customName", "#");
            if (step.customName == null) {
                step.customName = step.search.displayName();
            }
        }
        if (body.has("expanded")) {
            Boolean expanded = JsonShape.bool(body, "expanded", "#");
            step.expanded = expanded != null && expanded;
        }
        if (body.has("expandedName")) {
            step.expandedName = JsonShape.string(body, "expandedName", "#");
        }
        if (body.has("displayPreferences")) {
            step.displayPreferences = body.get("displayPreferences");
        }
    }

    synchronized void replaceSearchConfig(Step step, Map<String, String> raw, ArrayNode filters, JsonNode columnFilters,
                                          Integer weight) {
        for (InputStepParam p : step.search.inputStepParams()) {
            String current = step.params.getOrDefault(p.name(), "");
            if (!current.equals(raw.getOrDefault(p.name(), ""))) {
                throw WdkException.unprocessable("Changes to answer param values are not allowed.");
            }
        }
        ParamValidation validation = step.search.validate(raw, contextFor(step.ownerId, raw));
        if (!validation.isValid()) {
            throw WdkException.unprocessable(validation.general(), validation.byKey());
        }
        validateFilters(catalog.recordType(step.search.recordType()).orElseThrow(), filters);
        step.params = new LinkedHashMap<>(validation.values());
        step.filters = filters == null ? JsonNodeFactory.instance.arrayNode() : filters;
        if (columnFilters != null) {
            step.columnFilters = columnFilters;
        }
        step.wdkWeight = weight;
        step.estimatedSize = null;
        invalidateFrom(step);
    }

    synchronized void deleteStep(Step step) {
        if (step.strategyId != null) {
            throw WdkException.conflict("Step " + step.id + " is part of strategy " + step.strategyId
                    + " and cannot be deleted; remove it from the strategy or delete the strategy first.");
        }
        step.deleted = true;
        analyses.values().removeIf(a -> a.stepId == step.id);
    }

    /** Clears cached answers of the step and of every step of its strategy (those above it may read it). */
    private void invalidateFrom(Step step) {
        step.clearAnswer();
        if (step.strategyId != null) {
            Strategy strategy = strategies.get(step.strategyId);
            if (strategy != null) {
                strategy.tree.forEach(n -> {
                    Step s = steps.get(n.stepId());
                    if (s != null) {
                        s.clearAnswer();
                        s.estimatedSize = null;
                    }
                });
                strategy.lastModified = now();
            }
        }
        analyses.values().stream().filter(a -> a.stepId == step.id && a.status.equals("COMPLETE"))
                .forEach(a -> a.status = "STEP_REVISED");
    }

    // ------------------------------------------------------------------ answers

    /** The step's answer with its filters applied; the step must be in a strategy. */
    synchronized Answer runnableAnswer(Step step) {
        if (step.strategyId == null) {
            throw WdkException.unprocessable(String.format(NOT_IN_STRATEGY, step.id));
        }
        Answer answer = answerOf(step);
        step.lastRunTime = now();
        step.estimatedSize = displayCount(step.search, answer);
        return answer;
    }

    synchronized Answer answerOf(Step step) {
        if (step.answer != null) {
            return step.answer;
        }
        Map<String, Answer> inputs = new HashMap<>();
        for (InputStepParam p : step.search.inputStepParams()) {
            String value = step.params.getOrDefault(p.name(), "");
            Step input = parseId(value).map(steps::get).orElse(null);
            if (input == null) {
                throw WdkException.unprocessable(String.format(NOT_IN_STRATEGY, step.id));
            }
            inputs.put(p.name(), answerOf(input));
        }
        Answer answer = step.search.evaluator().evaluate(new SearchEvaluator.Run(data, step.params, inputs,
                contextFor(step.ownerId, step.params)));
        answer = applyFilters(catalog.recordType(step.search.recordType()).orElseThrow(), answer, step.filters);
        step.answer = answer;
        return answer;
    }

    /** Applies filters ({@code [{name, value, disabled?}]}) to an answer; used for step filters and viewFilters. */
    Answer applyFilters(RecordType recordType, Answer answer, JsonNode filters) {
        if (filters == null) {
            return answer;
        }
        for (JsonNode filter : filters) {
            if (filter.path("disabled").asBoolean(false)) {
                continue;
            }
            String name = filter.path("name").asText();
            FilterSpec spec = recordType.filter(name).orElseThrow(() ->
                    WdkException.unprocessable("Filter '" + name + "' is not a valid filter of record class " + recordType.urlSegment()));
            try {
                answer = spec.apply(data, answer, filter.get("value"));
            } catch (IllegalArgumentException e) {
                throw WdkException.unprocessable("Invalid value for filter '" + name + "': " + e.getMessage());
            }
        }
        return answer;
    }

    /** The record class's display count: genes for transcripts. */
    int displayCount(SearchSpec search, Answer answer) {
        boolean transcriptLevel = catalog.recordType(search.recordType()).map(RecordType::transcriptLevel).orElse(true);
        return transcriptLevel ? answer.geneCount(data) : answer.size();
    }

    synchronized int[] sortOrder(Step step, String key, java.util.function.Supplier<int[]> compute) {
        return step.sortOrders.computeIfAbsent(key, k -> compute.get());
    }

    // ------------------------------------------------------------------ strategies

    synchronized Strategy createStrategy(User user, String name, String savedName, String description, boolean saved,
                                         boolean isPublic, StepNode tree) {
        Set<Long> ids = checkTree(user, tree, null);
        Strategy strategy = new Strategy(this.ids.strategies.getAndIncrement(), user.id(), signature(), now());
        strategy.name = name;
        strategy.savedName = savedName;
        strategy.description = description;
        strategy.saved = saved;
        strategy.isPublic = isPublic;
        wire(strategy, tree, ids);
        strategies.put(strategy.id, strategy);
        return strategy;
    }

    private static String signature() {
        return Long.toHexString(ThreadLocalRandom.current().nextLong() | Long.MIN_VALUE).substring(0, 16);
    }

    /** Checks every rule of a step tree; returns its step ids. {@code current} is the strategy being updated, if any. */
    private Set<Long> checkTree(User user, StepNode tree, Strategy current) {
        Set<Long> seen = new HashSet<>();
        List<String> problems = new ArrayList<>();
        tree.forEach(node -> {
            Step step = steps.get(node.stepId());
            if (step == null || step.deleted || step.ownerId != user.id()) {
                throw WdkException.unprocessable(node.stepId() + " is not a valid step ID.");
            }
            if (!seen.add(node.stepId())) {
                throw WdkException.unprocessable("Step " + node.stepId() + " appears more than once in the step tree.");
            }
            if (step.strategyId != null && (current == null || step.strategyId != current.id)) {
                throw WdkException.unprocessable("Step " + step.id + " belongs to strategy " + step.strategyId
                        + " so cannot be assigned to a new strategy");
            }
            List<InputStepParam> inputs = step.search.inputStepParams();
            if (node.primaryInput() != null && inputs.isEmpty()) {
                throw WdkException.unprocessable("Step " + step.id + " does not allow a primary input step.");
            }
            if (node.secondaryInput() != null && inputs.size() < 2) {
                throw WdkException.unprocessable("Step " + step.id + " does not allow a secondary input step.");
            }
            if (node.primaryInput() == null && !inputs.isEmpty()) {
                problems.add("Step " + step.id + " requires a primary input step.");
            }
            if (node.secondaryInput() == null && inputs.size() >= 2) {
                problems.add("Step " + step.id + " requires a secondary input step.");
            }
            for (StepNode input : new StepNode[] {node.primaryInput(), node.secondaryInput()}) {
                if (input == null) {
                    continue;
                }
                Step inputStep = steps.get(input.stepId());
                if (inputStep != null && !step.search.allowedInputs().contains(inputStep.search.recordType())) {
                    problems.add("Step " + input.stepId() + " of record class " + inputStep.search.recordType()
                            + " cannot be an input of step " + step.id);
                }
            }
        });
        if (!problems.isEmpty()) {
            throw WdkException.unprocessable(problems.toArray(String[]::new));
        }
        return seen;
    }

    /** Attaches the tree's steps to the strategy and writes input step ids into their answer params. */
    private void wire(Strategy strategy, StepNode tree, Set<Long> ids) {
        if (strategy.tree != null) {
            for (long old : strategy.tree.stepIds()) {
                if (!ids.contains(old)) {
                    Step dropped = steps.get(old);
                    dropped.strategyId = null;
                    dropped.search.inputStepParams().forEach(p -> dropped.params.put(p.name(), ""));
                    dropped.clearAnswer();
                    dropped.estimatedSize = null;
                }
            }
        }
        strategy.tree = tree;
        tree.forEach(node -> {
            Step step = steps.get(node.stepId());
            step.strategyId = strategy.id;
            List<InputStepParam> inputs = step.search.inputStepParams();
            if (node.primaryInput() != null) {
                step.params.put(inputs.get(0).name(), String.valueOf(node.primaryInput().stepId()));
            }
            if (node.secondaryInput() != null) {
                step.params.put(inputs.get(1).name(), String.valueOf(node.secondaryInput().stepId()));
            }
            step.clearAnswer();
        });
        strategy.lastModified = now();
    }

    /** The user's live strategy; 404 when unknown or deleted, 403 when someone else's. */
    synchronized Strategy strategy(User user, String strategyId) {
        Strategy strategy = parseId(strategyId).map(strategies::get).orElse(null);
        if (strategy == null || strategy.deleted) {
            throw WdkException.notFound("Strategy ID " + strategyId);
        }
        if (strategy.ownerId != user.id()) {
            throw WdkException.forbidden();
        }
        return strategy;
    }

    synchronized List<Strategy> strategiesOf(User user) {
        return strategies.values().stream().filter(s -> s.ownerId == user.id() && !s.deleted).toList();
    }

    synchronized void replaceTree(User user, Strategy strategy, StepNode tree) {
        Set<Long> ids = checkTree(user, tree, strategy);
        wire(strategy, tree, ids);
    }

    synchronized void deleteStrategy(Strategy strategy) {
        strategy.deleted = true;
        // the real service leaves the steps in the deleted strategy; they can never be reused
        strategy.tree.forEach(n -> {
            Step step = steps.get(n.stepId());
            step.deleted = true;
            step.clearAnswer();
        });
    }

    synchronized Step stepById(long id) {
        return steps.get(id);
    }

    /** Refreshes the estimated size of every runnable step of the strategy (what GET strategy does). */
    synchronized void refreshEstimates(Strategy strategy) {
        strategy.tree.forEach(n -> {
            Step step = steps.get(n.stepId());
            try {
                step.estimatedSize = displayCount(step.search, answerOf(step));
            } catch (WdkException | RecordedCatalogues.DataNotLoadedException e) {
                // WDK leaves the size out of a strategy whose step cannot run
                step.estimatedSize = null;
            }
        });
        strategy.lastViewed = now();
    }

    /** Copies a strategy (by signature) with fresh steps, as {@code {sourceStrategySignature}} does. */
    synchronized Strategy copyStrategy(User user, String signature) {
        Strategy source = strategies.values().stream().filter(s -> s.signature.equals(signature) && !s.deleted)
                .findFirst().orElseThrow(() -> WdkException.unprocessable("No strategy with signature " + signature));
        Map<Long, Long> newIds = new HashMap<>();
        source.tree.forEach(n -> {
            Step old = steps.get(n.stepId());
            Step copy = new Step(ids.steps.getAndIncrement(), user.id(), old.search, new LinkedHashMap<>(old.params), now());
            copy.filters = old.filters.deepCopy();
            copy.customName = old.customName;
            copy.search.inputStepParams().forEach(p -> copy.params.put(p.name(), ""));
            steps.put(copy.id, copy);
            newIds.put(old.id, copy.id);
        });
        StepNode tree = remap(source.tree, newIds);
        Strategy copy = new Strategy(ids.strategies.getAndIncrement(), user.id(), signature(), now());
        copy.name = source.name;
        copy.description = source.description;
        wire(copy, tree, new HashSet<>(newIds.values()));
        strategies.put(copy.id, copy);
        return copy;
    }

    private static StepNode remap(StepNode node, Map<Long, Long> ids) {
        return node == null ? null : new StepNode(ids.get(node.stepId()), remap(node.primaryInput(), ids),
                remap(node.secondaryInput(), ids));
    }

    // ------------------------------------------------------------------ temporary results

    synchronized TemporaryResult addTemporaryResult(String reporter, JsonNode reportConfig, RecordType recordType,
                                                    SearchSpec search, Answer answer) {
        String id = Long.toHexString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE)
                + Long.toHexString(ids.temporaryResults.getAndIncrement());
        TemporaryResult result = new TemporaryResult(id, reporter, reportConfig, recordType, search, answer);
        temporaryResults.put(id, result);
        return result;
    }

    synchronized TemporaryResult temporaryResult(String id) {
        TemporaryResult result = temporaryResults.get(id);
        if (result == null) {
            throw WdkException.notFound("temporary result: " + id);
        }
        return result;
    }
}
