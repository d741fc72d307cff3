package org.strategylab.experiment.experiments;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import io.quarkus.arc.All;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.strategylab.edge.problem.FieldError;
import org.strategylab.edge.problem.ProblemException;
import org.strategylab.evaluation.ValidationException;
import org.strategylab.evaluation.ids.ControlSets;
import org.strategylab.evaluation.ids.IdNormaliser;
import org.strategylab.experiment.api.ControlSet;
import org.strategylab.experiment.api.ExperimentRequest;
import org.strategylab.experiment.api.AnalysisSettings;
import org.strategylab.experiment.api.ControlSettings;
import org.strategylab.experiment.api.CrossValidationSettings;
import org.strategylab.experiment.api.ExperimentSettings;
import org.strategylab.experiment.api.ResultDisplay;
import org.strategylab.experiment.api.RobustnessSettings;
import org.strategylab.experiment.api.SearchTarget;
import org.strategylab.experiment.api.ParameterOptimizationRequest;
import org.strategylab.experiment.api.TreeOptimizationRequest;
import org.strategylab.experiment.client.UpstreamFailure;
import org.strategylab.experiment.client.UpstreamGateway;
import org.strategylab.experiment.persistence.ControlSetRepository;
import org.strategylab.sites.SiteRegistry;
import org.strategylab.experiment.controlsets.ControlResolver;

/**
 * Checks an experiment request before anything runs, so every mistake is a 4xx naming its field.
 * Each field's own rule (range, size, allowed values) is a constraint of {@link ExperimentRequest},
 * checked at the edge (400). Here come the rules that need more than one field or more than the
 * body (422): the site, the mode's inputs, fields that only go with others, the controls (inline or
 * from a control set the caller may read), and — for upstream modes — the search and parameter
 * values, asked of the site through upstream-gateway. Last, the controls are resolved against the
 * site ({@link ControlResolver}).
 */
@ApplicationScoped
public class ExperimentRequests {

    static final String DEFAULT_NAME = "Untitled Experiment";
    static final String DEFAULT_RECORD_TYPE = "transcript";

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

    private List<AnalysisPhaseRules> phaseRules;

    @Inject
    void phaseRules(@All List<AnalysisPhaseRules> rules) {
        phaseRules = rules.stream().sorted(java.util.Comparator.comparingInt(AnalysisPhaseRules::order)).toList();
    }

    /**
     * Validates a request of the caller whose fields have passed their own constraints; fails with a
     * {@link ProblemException} naming every bad field.
     */
    public Uni<ValidatedExperiment> validate(String callerId, String token, ExperimentRequest request) {
        List<FieldError> errors = new ArrayList<>();
        if (sites.find(request.siteId()).isEmpty()) {
            errors.add(new FieldError("/siteId", "no site with id '" + request.siteId() + "'"));
        }
        fieldsThatGoTogether(request, errors);
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
            // at least one ID, none null and within runs.max-target-genes: the request's constraints
            targets = IdNormaliser.clean(request.targetGeneIds());
        }
        String direction = request.sortDirection() == null ? null : request.sortDirection().toUpperCase(Locale.ROOT);
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
            boolean single = ExperimentSettings.SINGLE.equals(finalMode);
            ExperimentSettings given = new ExperimentSettings(
                    blank(request.name()) ? DEFAULT_NAME : request.name().trim(),
                    request.description() == null ? "" : request.description(), request.siteId(), recordType,
                    new SearchTarget(finalMode, single ? request.searchName() : null,
                            single ? (request.parameters() == null ? Map.of() : request.parameters()) : null,
                            finalTree, finalTargets == null ? null : finalTargets.size()),
                    new ControlSettings(controls.positives(), controls.negatives(), request.controlSetId(),
                            blankToNull(request.controlsSearchName()), blankToNull(request.controlsParamName()),
                            request.controlsValueFormat() == null ? "newline" : request.controlsValueFormat()),
                    new ResultDisplay(request.parameterDisplayValues(), blankToNull(request.sortAttribute()), finalDirection),
                    request.parentExperimentId(),
                    new RobustnessSettings(Boolean.TRUE.equals(request.enableRobustness()),
                            request.bootstrapIterations(), request.bootstrapSeed()),
                    new CrossValidationSettings(Boolean.TRUE.equals(request.enableCrossValidation()), request.kFolds()),
                    new AnalysisSettings(request.enrichmentTypes() == null || request.enrichmentTypes().isEmpty() ? null
                                    : List.copyOf(request.enrichmentTypes()),
                            Boolean.TRUE.equals(request.enableStepAnalysis()),
                            request.stepAnalysisPhases() == null || request.stepAnalysisPhases().isEmpty() ? null
                                    : List.copyOf(request.stepAnalysisPhases()),
                            treeOptimization(request), parameterOptimization(request)));
            ExperimentSettings settings = settled(given);
            // the controls are resolved once, here, so every run, fold, bootstrap and re-evaluation
            // of the experiment counts the same current gene IDs
            return checkUpstream(token, settings, finalSearches)
                    .chain(() -> tunable.typed(token, settings))
                    .chain(typed -> resolver.resolve(token, settings.siteId(), settings.controls().positiveControls(),
                                    settings.controls().negativeControls())
                            .map(resolved -> new ValidatedExperiment(
                                    typed.withControls(resolved.positives(), resolved.negatives()), finalTargets,
                                    controls.label(), resolved.resolution())));
        });
    }

    /** Fields that only go with others, or not with gene-ID mode. */
    private static void fieldsThatGoTogether(ExperimentRequest r, List<FieldError> errors) {
        if (Boolean.TRUE.equals(r.enableStepAnalysis()) && r.targetGeneIds() != null) {
            errors.add(new FieldError("/enableStepAnalysis", "a gene-ID experiment has no search or strategy to analyse"));
        }
        if (present(r.stepAnalysisPhases()) && !Boolean.TRUE.equals(r.enableStepAnalysis())) {
            errors.add(new FieldError("/stepAnalysisPhases", "needs enableStepAnalysis: true"));
        }
        if (present(r.optimizationSpecs())) {
            if (r.targetGeneIds() != null) {
                errors.add(new FieldError("/optimizationSpecs", "a gene-ID experiment has no search to optimise"));
            }
        } else if (r.optimizationBudget() != null || r.optimizationObjective() != null
                || r.optimizationTargetStep() != null) {
            String field = r.optimizationBudget() != null ? "optimizationBudget"
                    : r.optimizationObjective() != null ? "optimizationObjective" : "optimizationTargetStep";
            errors.add(new FieldError("/" + field, "needs optimizationSpecs"));
        }
        if (present(r.thresholdKnobs()) || present(r.operatorKnobs())) {
            if (r.targetGeneIds() != null) {
                errors.add(new FieldError("/thresholdKnobs", "a gene-ID experiment has no search or strategy to optimise"));
            }
        } else if (r.treeOptimizationBudget() != null || r.treeOptimizationObjective() != null || r.maxListSize() != null) {
            String field = r.treeOptimizationBudget() != null ? "treeOptimizationBudget"
                    : r.treeOptimizationObjective() != null ? "treeOptimizationObjective" : "maxListSize";
            errors.add(new FieldError("/" + field, "needs thresholdKnobs or operatorKnobs"));
        }
    }

    /** The run's tree-knob optimisation, when it has knobs. */
    private static TreeOptimizationRequest treeOptimization(ExperimentRequest r) {
        if (!present(r.thresholdKnobs()) && !present(r.operatorKnobs())) {
            return null;
        }
        return new TreeOptimizationRequest(present(r.thresholdKnobs()) ? List.copyOf(r.thresholdKnobs()) : List.of(),
                present(r.operatorKnobs()) ? List.copyOf(r.operatorKnobs()) : List.of(),
                r.treeOptimizationObjective(), r.treeOptimizationBudget(), r.maxListSize());
    }

    /** The run's parameter optimisation, when it has specs. */
    private static ParameterOptimizationRequest parameterOptimization(ExperimentRequest r) {
        if (!present(r.optimizationSpecs())) {
            return null;
        }
        return new ParameterOptimizationRequest(List.copyOf(r.optimizationSpecs()), r.optimizationObjective(),
                r.optimizationBudget(), null, blankToNull(r.optimizationTargetStep()));
    }

    private static boolean present(List<?> values) {
        return values != null && !values.isEmpty();
    }

    /** gene-ids when IDs are given; multi-step for an object tree; otherwise one search. */
    private static String mode(ExperimentRequest r, List<FieldError> errors) {
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

    /**
     * The controls cleaned: positives are needed (given, or from the control set), an ID in both lists
     * is refused, and a control set's positives must name a gene. The inline lists' own limits are
     * the request's constraints.
     */
    private static Controls checked(List<String> positives, List<String> negatives, String label,
                                    List<FieldError> errors) {
        if (positives == null) {
            errors.add(new FieldError("/positiveControls", "give positive control genes or a controlSetId"));
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
    /** The settings as the analyses that run as phases settle them, in the phases' order (each may refuse). */
    private ExperimentSettings settled(ExperimentSettings given) {
        ExperimentSettings settings = given;
        for (AnalysisPhaseRules rules : phaseRules) {
            settings = rules.settle(settings);
        }
        return settings;
    }

    private Uni<Void> checkUpstream(String token, ExperimentSettings settings, List<StepTreeReader.SearchNode> treeSearches) {
        if (settings.geneIdMode()) {
            return Uni.createFrom().voidItem();
        }
        List<StepTreeReader.SearchNode> checks = ExperimentSettings.SINGLE.equals(settings.target().mode())
                ? List.of(new StepTreeReader.SearchNode("", settings.target().searchName(),
                        settings.target().parameters(), false))
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
