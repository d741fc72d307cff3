package org.strategylab.experiment.service;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.strategylab.edge.problem.FieldError;
import org.strategylab.edge.problem.ProblemException;
import org.strategylab.evaluation.ValidationException;
import org.strategylab.evaluation.ids.ControlSets;
import org.strategylab.evaluation.ids.IdNormaliser;
import org.strategylab.experiment.api.ControlSet;
import org.strategylab.experiment.api.ExperimentRequest;
import org.strategylab.experiment.api.ExperimentSettings;
import org.strategylab.experiment.client.UpstreamFailure;
import org.strategylab.experiment.client.UpstreamGateway;
import org.strategylab.experiment.config.ExperimentConfig;
import org.strategylab.experiment.persistence.ControlSetRepository;
import org.strategylab.sites.SiteRegistry;

/**
 * Checks an experiment request before anything runs, so every mistake is a 4xx naming its field:
 * the site, the mode's inputs, the controls (inline or from a control set the caller may read), the
 * limits, and — for upstream modes — the search and parameter values, asked of the site through
 * upstream-gateway. Last, the controls are resolved against the site ({@link ControlResolver}).
 * Fields of phases that do not exist yet are refused, never ignored.
 */
@ApplicationScoped
public class ExperimentRequests {

    static final String DEFAULT_NAME = "Untitled Experiment";
    static final String DEFAULT_RECORD_TYPE = "transcript";
    private static final Set<String> MODES = Set.of("single", "multi-step", "import");
    private static final Set<String> VALUE_FORMATS = Set.of("newline", "json_list", "comma");
    private static final String NOT_YET = "is not supported yet (the analyses issue adds it); leave it out";

    @Inject
    SiteRegistry sites;

    @Inject
    ControlSetRepository controlSets;

    @Inject
    UpstreamGateway upstream;

    @Inject
    TunableParameters tunable;

    @Inject
    ControlResolver resolver;

    @Inject
    ExperimentConfig config;

    /** Validates a request of the caller; fails with a {@link ProblemException} naming every bad field. */
    public Uni<ValidatedExperiment> validate(String callerId, String token, ExperimentRequest request) {
        List<FieldError> errors = new ArrayList<>();
        if (sites.find(request.siteId()).isEmpty()) {
            errors.add(new FieldError("/siteId", "no site with id '" + request.siteId() + "'"));
        }
        refuseUnsupported(request, errors);
        String mode = mode(request, errors);
        ObjectNode tree = null;
        List<StepTreeReader.SearchNode> searches = List.of();
        if (ExperimentSettings.MULTI_STEP.equals(mode)) {
            StepTreeReader reader = new StepTreeReader(errors);
            tree = reader.read(request.stepTree());
            searches = reader.searches();
        }
        List<String> targets = null;
        if (ExperimentSettings.GENE_IDS.equals(mode)) {
            targets = targetGeneIds(request.targetGeneIds(), errors);
        }
        String direction = null;
        if (request.sortDirection() != null) {
            direction = request.sortDirection().toUpperCase(Locale.ROOT);
            if (!direction.equals("ASC") && !direction.equals("DESC")) {
                errors.add(new FieldError("/sortDirection", "must be ASC or DESC"));
            }
        }
        if (request.controlsValueFormat() != null && !VALUE_FORMATS.contains(request.controlsValueFormat())) {
            errors.add(new FieldError("/controlsValueFormat", "must be one of " + VALUE_FORMATS));
        }
        if (request.bootstrapIterations() != null
                && request.bootstrapIterations() > config.runs().maxBootstrapIterations()) {
            errors.add(new FieldError("/bootstrapIterations", "at most " + config.runs().maxBootstrapIterations()
                    + " iterations (strategylab.experiments.runs.max-bootstrap-iterations)"));
        }
        String finalMode = mode;
        ObjectNode finalTree = tree;
        List<String> finalTargets = targets;
        String finalDirection = direction;
        List<StepTreeReader.SearchNode> finalSearches = searches;
        return controls(callerId, request, errors).chain(controls -> {
            if (!errors.isEmpty()) {
                throw ProblemException.invalid("The experiment has " + errors.size() + " invalid field(s)", errors);
            }
            String recordType = blank(request.recordType()) ? DEFAULT_RECORD_TYPE : request.recordType().trim();
            ExperimentSettings settings = new ExperimentSettings(
                    blank(request.name()) ? DEFAULT_NAME : request.name().trim(),
                    request.description() == null ? "" : request.description(), request.siteId(), recordType,
                    finalMode, ExperimentSettings.SINGLE.equals(finalMode) ? request.searchName() : null,
                    ExperimentSettings.SINGLE.equals(finalMode)
                            ? (request.parameters() == null ? Map.of() : request.parameters()) : null,
                    finalTree, finalTargets == null ? null : finalTargets.size(),
                    controls.positives(), controls.negatives(), request.controlSetId(),
                    blankToNull(request.controlsSearchName()), blankToNull(request.controlsParamName()),
                    request.controlsValueFormat() == null ? "newline" : request.controlsValueFormat(),
                    request.parameterDisplayValues(), blankToNull(request.sortAttribute()), finalDirection,
                    request.parentExperimentId(), Boolean.TRUE.equals(request.enableRobustness()),
                    request.bootstrapIterations(), request.bootstrapSeed(),
                    Boolean.TRUE.equals(request.enableCrossValidation()), request.kFolds(),
                    request.enrichmentTypes() == null || request.enrichmentTypes().isEmpty() ? null
                            : List.copyOf(request.enrichmentTypes()),
                    Boolean.TRUE.equals(request.enableStepAnalysis()),
                    request.stepAnalysisPhases() == null || request.stepAnalysisPhases().isEmpty() ? null
                            : StepAnalyses.ordered(request.stepAnalysisPhases()),
                    treeOptimization(request), parameterOptimization(request));
            if (settings.parameterOptimization() != null) {
                ParameterOptimizations.check(settings, settings.parameterOptimization(), true);
            }
            if (settings.treeOptimization() != null) {
                TreeOptimizations.check(settings, settings.treeOptimization(), true);
            }
            // the controls are resolved once, here, so every run, fold, bootstrap and re-evaluation
            // of the experiment counts the same current gene IDs
            return checkUpstream(token, settings, finalSearches)
                    .chain(() -> tunable.typed(token, settings))
                    .chain(typed -> resolver.resolve(token, settings.siteId(), settings.positiveControls(),
                                    settings.negativeControls())
                            .map(resolved -> new ValidatedExperiment(
                                    typed.withControls(resolved.positives(), resolved.negatives()), finalTargets,
                                    controls.label(), resolved.resolution())));
        });
    }

    private void refuseUnsupported(ExperimentRequest r, List<FieldError> errors) {
        if (r.enrichmentTypes() != null) {
            ExperimentEnrichment.checkTypes(r.enrichmentTypes(), errors);
        }
        if (Boolean.TRUE.equals(r.enableStepAnalysis()) && r.targetGeneIds() != null) {
            errors.add(new FieldError("/enableStepAnalysis", "a gene-ID experiment has no search or strategy to analyse"));
        }
        if (r.stepAnalysisPhases() != null && !r.stepAnalysisPhases().isEmpty()) {
            if (!Boolean.TRUE.equals(r.enableStepAnalysis())) {
                errors.add(new FieldError("/stepAnalysisPhases", "needs enableStepAnalysis: true"));
            }
            StepAnalyses.checkPhases(r.stepAnalysisPhases(), "/stepAnalysisPhases/", errors);
        }
        if (present(r.optimizationSpecs())) {
            if (r.targetGeneIds() != null) {
                errors.add(new FieldError("/optimizationSpecs", "a gene-ID experiment has no search to optimise"));
            }
            knobs(r.optimizationSpecs(), "optimizationSpecs", org.strategylab.evaluation.model.OptimizationSpec[].class,
                    errors);
        } else if (r.optimizationBudget() != null || r.optimizationObjective() != null
                || r.optimizationTargetStep() != null) {
            String field = r.optimizationBudget() != null ? "optimizationBudget"
                    : r.optimizationObjective() != null ? "optimizationObjective" : "optimizationTargetStep";
            errors.add(new FieldError("/" + field, "needs optimizationSpecs"));
        }
        if (r.optimizationBudget() != null && (r.optimizationBudget() < ParameterOptimizations.MIN_BUDGET
                || r.optimizationBudget() > ParameterOptimizations.MAX_BUDGET)) {
            errors.add(new FieldError("/optimizationBudget", "must be between " + ParameterOptimizations.MIN_BUDGET
                    + " and " + ParameterOptimizations.MAX_BUDGET));
        }
        if (present(r.thresholdKnobs()) || present(r.operatorKnobs())) {
            if (r.targetGeneIds() != null) {
                errors.add(new FieldError("/thresholdKnobs", "a gene-ID experiment has no search or strategy to optimise"));
            }
            knobs(r.thresholdKnobs(), "thresholdKnobs", org.strategylab.evaluation.model.ThresholdKnob[].class, errors);
            knobs(r.operatorKnobs(), "operatorKnobs", org.strategylab.evaluation.model.OperatorKnob[].class, errors);
        } else if (r.treeOptimizationBudget() != null || r.treeOptimizationObjective() != null || r.maxListSize() != null) {
            String field = r.treeOptimizationBudget() != null ? "treeOptimizationBudget"
                    : r.treeOptimizationObjective() != null ? "treeOptimizationObjective" : "maxListSize";
            errors.add(new FieldError("/" + field, "needs thresholdKnobs or operatorKnobs"));
        }
        if (r.treeOptimizationBudget() != null && (r.treeOptimizationBudget() < TreeOptimizations.MIN_BUDGET
                || r.treeOptimizationBudget() > TreeOptimizations.MAX_BUDGET)) {
            errors.add(new FieldError("/treeOptimizationBudget", "must be between " + TreeOptimizations.MIN_BUDGET
                    + " and " + TreeOptimizations.MAX_BUDGET));
        }
        if (r.sourceStrategyId() != null) {
            errors.add(new FieldError("/sourceStrategyId", "importing an upstream strategy " + NOT_YET.substring(3)));
        }
    }

    /** A list of knobs as evaluation-core reads them; one that does not fit is a 422 naming the list. */
    private static <T> void knobs(JsonNode node, String field, Class<T[]> type, List<FieldError> errors) {
        if (!present(node)) {
            return;
        }
        try {
            org.strategylab.evaluation.json.EvaluationJson.mapper().treeToValue(node, type);
        } catch (com.fasterxml.jackson.core.JsonProcessingException | IllegalArgumentException e) {
            errors.add(new FieldError("/" + field, "must be a list of " + (field.startsWith("threshold")
                    ? "{stepId, paramName, minVal, maxVal, stepSize?}" : "{combineNodeId, options}")));
        }
    }

    /** The run's tree-knob optimisation, when it has knobs (checked already). */
    private static org.strategylab.experiment.api.TreeOptimizationRequest treeOptimization(ExperimentRequest r) {
        if (!present(r.thresholdKnobs()) && !present(r.operatorKnobs())) {
            return null;
        }
        try {
            var mapper = org.strategylab.evaluation.json.EvaluationJson.mapper();
            List<org.strategylab.evaluation.model.ThresholdKnob> thresholds = present(r.thresholdKnobs())
                    ? List.of(mapper.treeToValue(r.thresholdKnobs(), org.strategylab.evaluation.model.ThresholdKnob[].class))
                    : List.of();
            List<org.strategylab.evaluation.model.OperatorKnob> operators = present(r.operatorKnobs())
                    ? List.of(mapper.treeToValue(r.operatorKnobs(), org.strategylab.evaluation.model.OperatorKnob[].class))
                    : List.of();
            return new org.strategylab.experiment.api.TreeOptimizationRequest(thresholds, operators,
                    r.treeOptimizationObjective(), r.treeOptimizationBudget(), r.maxListSize());
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("knobs were checked before", e);
        }
    }

    private static org.strategylab.experiment.api.ParameterOptimizationRequest parameterOptimization(ExperimentRequest r) {
        if (!present(r.optimizationSpecs())) {
            return null;
        }
        try {
            return new org.strategylab.experiment.api.ParameterOptimizationRequest(
                    List.of(org.strategylab.evaluation.json.EvaluationJson.mapper().treeToValue(r.optimizationSpecs(),
                            org.strategylab.evaluation.model.OptimizationSpec[].class)),
                    r.optimizationObjective(), r.optimizationBudget(), null, blankToNull(r.optimizationTargetStep()));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("the specs were checked before", e);
        }
    }

    private static boolean present(JsonNode node) {
        return node != null && !node.isNull() && !(node.isContainerNode() && node.isEmpty());
    }

    /** gene-ids when IDs are given; multi-step for an object tree; otherwise one search. */
    private static String mode(ExperimentRequest r, List<FieldError> errors) {
        if (r.mode() != null && !MODES.contains(r.mode())) {
            errors.add(new FieldError("/mode", "must be one of " + MODES));
        }
        if (r.targetGeneIds() != null) {
            return ExperimentSettings.GENE_IDS;
        }
        boolean treeMode = "multi-step".equals(r.mode()) || "import".equals(r.mode())
                || (r.mode() == null && r.stepTree() != null && !r.stepTree().isNull());
        if (treeMode) {
            if (r.stepTree() == null || !r.stepTree().isObject()) {
                errors.add(new FieldError("/stepTree", "a multi-step experiment needs a step tree object"));
            }
            return ExperimentSettings.MULTI_STEP;
        }
        if (blank(r.searchName())) {
            errors.add(new FieldError("/searchName", "name the search to run, or give targetGeneIds or a stepTree"));
        }
        return ExperimentSettings.SINGLE;
    }

    private List<String> targetGeneIds(List<String> ids, List<FieldError> errors) {
        int max = config.runs().maxTargetGenes();
        if (ids.size() > max) {
            errors.add(new FieldError("/targetGeneIds", "has " + ids.size() + " IDs; at most " + max
                    + " are allowed (strategylab.experiments.runs.max-target-genes)"));
            return List.of();
        }
        if (ids.stream().anyMatch(id -> id == null)) {
            errors.add(new FieldError("/targetGeneIds", "must not contain null"));
            return List.of();
        }
        List<String> cleaned = IdNormaliser.clean(ids);
        if (cleaned.isEmpty()) {
            errors.add(new FieldError("/targetGeneIds", "must contain at least one gene ID"));
        }
        return cleaned;
    }

    /** The resolved controls and the label of the set they came from. */
    record Controls(List<String> positives, List<String> negatives, String label) {
    }

    private Uni<Controls> controls(String callerId, ExperimentRequest r, List<FieldError> errors) {
        Uni<Optional<ControlSet>> set = Uni.createFrom().item(Optional.empty());
        if (r.controlSetId() != null) {
            UUID id;
            try {
                id = UUID.fromString(r.controlSetId());
            } catch (IllegalArgumentException e) {
                throw controlSetNotFound(r.controlSetId());
            }
            set = controlSets.findVisible(id, callerId).map(found -> {
                if (found.isEmpty()) {
                    throw controlSetNotFound(r.controlSetId());
                }
                return found;
            });
        }
        return set.map(found -> {
            if (found.isPresent() && !found.get().siteId().equals(r.siteId())) {
                errors.add(new FieldError("/controlSetId", "the control set belongs to site '"
                        + found.get().siteId() + "', not '" + r.siteId() + "'"));
            }
            List<String> positives = r.positiveControls() != null ? r.positiveControls()
                    : found.map(ControlSet::positiveIds).orElse(null);
            List<String> negatives = r.negativeControls() != null ? r.negativeControls()
                    : found.map(ControlSet::negativeIds).orElse(List.of());
            String label = found.map(ControlSet::name).orElse(null);
            return checked(positives, negatives, label, errors);
        });
    }

    private Controls checked(List<String> positives, List<String> negatives, String label, List<FieldError> errors) {
        int max = config.controlSets().maxIds();
        if (positives == null) {
            errors.add(new FieldError("/positiveControls", "give positive control genes or a controlSetId"));
            return new Controls(List.of(), List.of(), label);
        }
        boolean tooLong = false;
        for (var list : List.of(Map.entry("/positiveControls", positives), Map.entry("/negativeControls", negatives))) {
            if (list.getValue().size() > max) {
                errors.add(new FieldError(list.getKey(), "has " + list.getValue().size() + " IDs; at most " + max
                        + " are allowed (strategylab.experiments.control-sets.max-ids)"));
                tooLong = true;
            } else if (list.getValue().stream().anyMatch(id -> id == null)) {
                errors.add(new FieldError(list.getKey(), "must not contain null"));
                tooLong = true;
            }
        }
        if (tooLong) {
            return new Controls(List.of(), List.of(), label);
        }
        try {
            ControlSets controls = ControlSets.of(positives, negatives);
            if (controls.positives().isEmpty()) {
                errors.add(new FieldError("/positiveControls", "must contain at least one gene ID"));
            }
            return new Controls(controls.positives(), controls.negatives(), label);
        } catch (ValidationException e) {
            errors.add(new FieldError(e.field().startsWith("positive") ? "/positiveControls" : "/negativeControls",
                    e.getMessage().substring(e.field().length() + 2)));
            return new Controls(List.of(), List.of(), label);
        }
    }

    /** Upstream modes: the site checks the search (or every search of the tree) and its parameter values. */
    private Uni<Void> checkUpstream(String token, ExperimentSettings settings, List<StepTreeReader.SearchNode> treeSearches) {
        if (settings.geneIdMode()) {
            return Uni.createFrom().voidItem();
        }
        List<StepTreeReader.SearchNode> checks = ExperimentSettings.SINGLE.equals(settings.mode())
                ? List.of(new StepTreeReader.SearchNode("", settings.searchName(), settings.parameters(), false))
                : treeSearches.stream().filter(node -> !node.transform()).toList();
        List<Uni<List<FieldError>>> calls = new ArrayList<>();
        for (StepTreeReader.SearchNode node : checks) {
            calls.add(upstream.validate(token, settings.siteId(), settings.recordType(), node.searchName(), node.parameters())
                    .map(ok -> List.<FieldError>of())
                    .onFailure(UpstreamFailure.class).recoverWithUni(failure ->
                            refused((UpstreamFailure) failure, node.pointer())));
        }
        if (calls.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        return Uni.join().all(calls).andFailFast().map(found -> {
            List<FieldError> errors = found.stream().flatMap(List::stream).toList();
            if (!errors.isEmpty()) {
                throw ProblemException.invalid("The site refused the search or its parameters", errors);
            }
            return null;
        });
    }

    /** The site's refusal as field errors under the node; an upstream that fails is a 502/504 instead. */
    private static Uni<List<FieldError>> refused(UpstreamFailure failure, String pointer) {
        String code = failure.code() == null ? "" : failure.code();
        return switch (code) {
            case "SEARCH_NOT_FOUND" -> Uni.createFrom().item(List.of(new FieldError(pointer + "/searchName",
                    "the site has no such search for this record type")));
            case "RECORD_TYPE_NOT_FOUND" -> Uni.createFrom().item(List.of(new FieldError("/recordType",
                    "the site has no such record type")));
            case "SITE_NOT_FOUND" -> Uni.createFrom().item(List.of(new FieldError("/siteId", "no such site")));
            default -> {
                if (failure.status() == 422 || failure.status() == 400) {
                    List<FieldError> errors = new ArrayList<>();
                    for (FieldError error : failure.errors()) {
                        errors.add(new FieldError(pointer + error.pointer().replaceFirst("^/contextValues", "/parameters"),
                                error.message()));
                    }
                    if (errors.isEmpty()) {
                        errors.add(new FieldError(pointer + "/parameters", failure.getMessage()));
                    }
                    yield Uni.createFrom().item(errors);
                }
                int status = failure.status() == 504 ? 504 : 502;
                throw new ProblemException(status, status == 504 ? "UPSTREAM_TIMEOUT" : "UPSTREAM_ERROR",
                        "The site could not check the search", failure.describe(), List.of());
            }
        };
    }

    private static ProblemException controlSetNotFound(String id) {
        return new ProblemException(404, "CONTROL_SET_NOT_FOUND", "Not Found", "No control set with id '" + id + "'",
                List.of(new FieldError("/controlSetId", "no control set with this id that you may read")));
    }

    private static boolean blank(String value) {
        return value == null || value.isBlank();
    }

    private static String blankToNull(String value) {
        return blank(value) ? null : value.trim();
    }
}
