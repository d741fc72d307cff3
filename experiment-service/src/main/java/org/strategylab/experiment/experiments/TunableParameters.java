package org.strategylab.experiment.experiments;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.strategylab.edge.problem.FieldError;
import org.strategylab.edge.problem.ProblemException;
import org.strategylab.evaluation.model.OptimizationSpec;
import org.strategylab.evaluation.model.StepTreeNode;
import org.strategylab.evaluation.model.ThresholdKnob;
import org.strategylab.evaluation.stepanalysis.StrategyTree;
import org.strategylab.experiment.api.ExperimentSettings;
import org.strategylab.experiment.api.ParameterOptimizationRequest;
import org.strategylab.experiment.api.TreeOptimizationRequest;
import org.strategylab.experiment.client.UpstreamGateway;
import org.strategylab.experiment.run.StepTrees;
import org.strategylab.experiment.run.UpstreamEvaluation;

/**
 * What an optimisation may move, as the site declares it: a knob or spec must name a parameter the
 * step's search has, of a type the optimiser can vary — a number ({@code number}, or a {@code string}
 * marked {@code isNumber}) for a threshold knob or a numeric/integer spec, a vocabulary for a
 * categorical spec. A search with nothing numeric is refused up front (422 naming the field) rather
 * than tried with an empty parameter; a parameter the site marks {@code isInteger} is tuned over
 * whole numbers only.
 */
@ApplicationScoped
public class TunableParameters {

    @Inject
    UpstreamGateway upstream;

    /** The knobs, each marked whole-numbered as the site declares its parameter; 422 for one that cannot vary. */
    public Uni<List<ThresholdKnob>> typedKnobs(String token, ExperimentSettings settings, List<ThresholdKnob> knobs) {
        if (knobs == null || knobs.isEmpty()) {
            return Uni.createFrom().item(knobs);
        }
        StepTreeNode tree = StepTrees.fromJson(UpstreamEvaluation.tree(settings));
        List<String> searches = knobs.stream().map(k -> searchOf(tree, k.stepId())).toList();
        return parameters(token, settings, searches).map(bySearch -> {
            List<ThresholdKnob> typed = new ArrayList<>();
            for (int i = 0; i < knobs.size(); i++) {
                ThresholdKnob knob = knobs.get(i);
                String search = searches.get(i);
                if (search == null) {
                    typed.add(knob); // no such step, or a combine: the optimiser's own check names it
                    continue;
                }
                JsonNode param = numeric(bySearch.get(search), search, knob.paramName(),
                        "/thresholdKnobs/" + i + "/paramName");
                typed.add(knob.withInteger(param.path("isInteger").asBoolean(false)));
            }
            return typed;
        });
    }

    /**
     * The specs, a {@code numeric} one of a whole-numbered parameter turned {@code integer}; 422 for one
     * naming a parameter the search lacks or cannot vary that way.
     */
    public Uni<List<OptimizationSpec>> typedSpecs(String token, ExperimentSettings settings, String targetStep,
                                                  List<OptimizationSpec> specs) {
        return typedSpecs(token, settings, targetStep, specs, "/specs");
    }

    /**
     * An experiment's optimisations ({@code thresholdKnobs}, {@code optimizationSpecs}) typed by the site,
     * a 422 naming the experiment body's field for one that cannot vary.
     */
    public Uni<ExperimentSettings> typed(String token, ExperimentSettings settings) {
        TreeOptimizationRequest tree = settings.analyses().treeOptimization();
        ParameterOptimizationRequest search = settings.analyses().parameterOptimization();
        Uni<List<ThresholdKnob>> knobs = tree == null ? Uni.createFrom().nullItem()
                : typedKnobs(token, settings, tree.thresholdKnobs());
        return knobs.chain(typedKnobs -> (search == null ? Uni.createFrom().<List<OptimizationSpec>>nullItem()
                        : typedSpecs(token, settings, search.targetStep(), search.specs(), "/optimizationSpecs"))
                .map(specs -> settings.withOptimizations(
                        tree == null ? null : new TreeOptimizationRequest(typedKnobs, tree.operatorKnobs(),
                                tree.objective(), tree.budget(), tree.maxListSize()),
                        search == null ? null : new ParameterOptimizationRequest(specs, search.objective(),
                                search.budget(), search.method(), search.targetStep()))));
    }

    private Uni<List<OptimizationSpec>> typedSpecs(String token, ExperimentSettings settings, String targetStep,
                                                   List<OptimizationSpec> specs, String pointer) {
        StepTreeNode tree = StepTrees.fromJson(UpstreamEvaluation.tree(settings));
        String search = targetStep == null ? (tree == null || tree.isCombine() ? null : tree.searchName())
                : searchOf(tree, targetStep);
        if (search == null) {
            return Uni.createFrom().item(specs); // the optimiser's own check names the missing step
        }
        return parameters(token, settings, List.of(search)).map(bySearch -> {
            JsonNode declared = bySearch.get(search);
            if (specs == null || specs.isEmpty()) {
                numeric(declared, search, null, pointer); // says whether there is anything to tune
                return specs;
            }
            List<OptimizationSpec> typed = new ArrayList<>();
            for (int i = 0; i < specs.size(); i++) {
                OptimizationSpec spec = specs.get(i);
                if (spec == null || spec.type() == null || spec.name() == null || spec.name().isBlank()) {
                    if (spec != null && (spec.name() == null || spec.name().isBlank())) {
                        numeric(declared, search, spec.name(), pointer + "/" + i + "/name");
                    }
                    typed.add(spec);
                    continue;
                }
                String at = pointer + "/" + i + "/name";
                if ("categorical".equalsIgnoreCase(spec.type().trim())) {
                    JsonNode param = declaredParam(declared, spec.name());
                    if (param == null) {
                        throw invalid(at, "'" + spec.name() + "' is not a parameter of search " + search);
                    }
                    if (!param.path("type").asText().endsWith("-vocabulary") && !isNumber(param)) {
                        throw invalid(at, "'" + spec.name() + "' of search " + search + " is a "
                                + param.path("type").asText() + " parameter, not one with choices");
                    }
                    typed.add(spec);
                    continue;
                }
                JsonNode param = numeric(declared, search, spec.name(), at);
                boolean whole = param.path("isInteger").asBoolean(false);
                typed.add(whole && "numeric".equalsIgnoreCase(spec.type().trim()) ? wholeSpec(spec) : spec);
            }
            return typed;
        });
    }

    /** A numeric spec of a whole-numbered parameter as an integer one: its bounds pulled in to whole numbers. */
    private static OptimizationSpec wholeSpec(OptimizationSpec spec) {
        Double min = spec.min() == null ? null : Math.ceil(spec.min());
        Double max = spec.max() == null ? null : Math.floor(spec.max());
        Double step = spec.step() == null ? null : Math.max(1, Math.rint(spec.step()));
        return new OptimizationSpec(spec.name(), "integer", min, max, step, spec.choices());
    }

    private static String searchOf(StepTreeNode tree, String stepId) {
        StepTreeNode node = tree == null || stepId == null ? null : StrategyTree.find(tree, stepId);
        return node == null || node.isCombine() ? null : node.searchName();
    }

    /** The declared parameters of each search named ({@code parameters[]} of its param specs). */
    private Uni<Map<String, JsonNode>> parameters(String token, ExperimentSettings settings, List<String> searches) {
        Set<String> distinct = new LinkedHashSet<>(searches);
        distinct.remove(null);
        Map<String, JsonNode> bySearch = new LinkedHashMap<>();
        Uni<Void> chain = Uni.createFrom().voidItem();
        for (String search : distinct) {
            chain = chain.chain(() -> upstream.paramSpecs(token, settings.siteId(),
                            settings.recordType() == null ? "transcript" : settings.recordType(), search)
                    .invoke(specs -> bySearch.put(search, org.strategylab.evaluation.json.EvaluationJson.mapper().valueToTree(specs.parameters())))
                    .replaceWithVoid());
        }
        return chain.map(done -> bySearch);
    }

    /** The named parameter when the site declares it numeric; else the 422 saying why it cannot be tuned. */
    private static JsonNode numeric(JsonNode declared, String search, String name, String pointer) {
        List<String> numericNames = new ArrayList<>();
        declared.forEach(p -> {
            if (isNumber(p)) {
                numericNames.add(p.path("name").asText());
            }
        });
        if (numericNames.isEmpty()) {
            throw invalid(pointer, "search " + search + " has no numeric parameter to tune");
        }
        if (name == null || name.isBlank()) {
            throw invalid(pointer, "name a numeric parameter of search " + search + ": "
                    + String.join(", ", numericNames));
        }
        JsonNode param = declaredParam(declared, name);
        if (param == null) {
            throw invalid(pointer, "'" + name + "' is not a parameter of search " + search
                    + "; its numeric parameters: " + String.join(", ", numericNames));
        }
        if (!isNumber(param)) {
            throw invalid(pointer, "'" + name + "' of search " + search + " is not numeric (a "
                    + param.path("type").asText() + " parameter); its numeric parameters: "
                    + numericNames.stream().collect(Collectors.joining(", ")));
        }
        return param;
    }

    private static JsonNode declaredParam(JsonNode declared, String name) {
        for (JsonNode p : declared) {
            if (name.equals(p.path("name").asText())) {
                return p;
            }
        }
        return null;
    }

    /** A parameter holding one number: WDK's {@code number}, or a {@code string} marked {@code isNumber}. */
    private static boolean isNumber(JsonNode p) {
        String type = p.path("type").asText();
        return type.equals("number") || (type.equals("string") && p.path("isNumber").asBoolean(false));
    }

    private static ProblemException invalid(String pointer, String message) {
        return ProblemException.invalid("The optimisation request is not valid", List.of(new FieldError(pointer, message)));
    }
}
