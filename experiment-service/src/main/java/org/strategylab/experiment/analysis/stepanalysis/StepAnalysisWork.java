package org.strategylab.experiment.analysis.stepanalysis;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.strategylab.evaluation.ids.ControlSets;
import org.strategylab.evaluation.json.EvaluationJson;
import org.strategylab.evaluation.model.StepAnalysisResult;
import org.strategylab.evaluation.model.StepTreeNode;
import org.strategylab.evaluation.stepanalysis.NumericParameter;
import org.strategylab.evaluation.stepanalysis.ParameterCatalog;
import org.strategylab.evaluation.stepanalysis.StepAnalyzer;
import org.strategylab.experiment.api.ExperimentSettings;
import org.strategylab.experiment.client.UpstreamGateway;
import org.strategylab.experiment.config.ExperimentConfig;
import org.strategylab.experiment.run.ProgressEvents;
import org.strategylab.experiment.run.StepTrees;
import org.strategylab.experiment.run.UpstreamEvaluation;
import org.strategylab.experiment.run.UpstreamTreeEvaluator;

/**
 * Step analysis of an experiment's strategy (rule 4.5.14, DECISIONS 15): evaluation-core's
 * {@link StepAnalyzer} over the site ({@link UpstreamTreeEvaluator}: each variant of the tree counted
 * against the controls upstream, identical trees once), its numeric parameters and their ranges as
 * the site declares them (the searches' parameter specs). The phases run one after another, each
 * announced by {@code experiment_progress} {@code {phase: step_analysis, stepAnalysisProgress:
 * {phase, message, current, total}}}. Used by the operation ({@link StepAnalysisRun}) and the run
 * phase ({@link StepAnalysisPhase}); a cancel stops the analysis before its next upstream count.
 */
@ApplicationScoped
public class StepAnalysisWork {

    private static final org.jboss.logging.Logger LOG = org.jboss.logging.Logger.getLogger(StepAnalysisWork.class);

    /** The phases' wire names, in the order they run. */
    public static final Map<String, StepAnalyzer.Phase> PHASES = phases();

    @Inject
    UpstreamGateway upstream;

    @Inject
    ExperimentConfig config;

    private static Map<String, StepAnalyzer.Phase> phases() {
        Map<String, StepAnalyzer.Phase> names = new LinkedHashMap<>();
        for (StepAnalyzer.Phase phase : StepAnalyzer.Phase.values()) {
            names.put(phase.name().toLowerCase(Locale.ROOT), phase);
        }
        return names;
    }

    /**
     * Analyses the experiment's tree (a single search is a one-leaf tree) against its controls.
     *
     * @param phaseNames the phases' wire names in running order; null or empty: all
     */
    public Uni<StepAnalysisResult> analyse(String token, ExperimentSettings settings, List<String> phaseNames,
                                           ProgressEvents progress) {
        ControlSets controls = settings.controls().sets();
        StepTreeNode tree = StepTrees.fromJson(UpstreamEvaluation.tree(settings));
        UpstreamTreeEvaluator evaluator = new UpstreamTreeEvaluator(upstream, token, settings, controls,
                config.analyses().sweepPointTimeout());
        List<StepAnalyzer.Phase> wanted = phaseNames == null || phaseNames.isEmpty()
                ? List.copyOf(PHASES.values()) : phaseNames.stream().map(PHASES::get).toList();
        return catalog(token, settings, tree)
                .chain(catalog -> analyse(progress, new StepAnalyzer(evaluator, catalog, controls), tree, wanted))
                .invoke(result -> LOG.infof("step analysis of %s: %d trees asked for, %d counted upstream",
                        settings.name(), evaluator.asked(), evaluator.upstreamEvaluations()))
                .onCancellation().invoke(evaluator::cancel);
    }

    /** Each phase on a worker thread (the evaluator blocks), announced first; the results joined. */
    private Uni<StepAnalysisResult> analyse(ProgressEvents progress, StepAnalyzer analyzer, StepTreeNode tree,
                                            List<StepAnalyzer.Phase> wanted) {
        List<StepAnalysisResult> parts = new ArrayList<>();
        Uni<Void> chain = Uni.createFrom().voidItem();
        for (int i = 0; i < wanted.size(); i++) {
            StepAnalyzer.Phase phase = wanted.get(i);
            String name = phase.name().toLowerCase(Locale.ROOT);
            Map<String, Object> detail = Map.of("stepAnalysisProgress", Map.of("phase", name,
                    "message", "step analysis: " + name.replace('_', ' '), "current", i + 1, "total", wanted.size()));
            chain = chain.chain(() -> progress.emit("step_analysis", "step analysis: " + name.replace('_', ' '), detail))
                    .chain(() -> Uni.createFrom().item(() -> analyzer.analyse(tree, EnumSet.of(phase)))
                            .runSubscriptionOn(Infrastructure.getDefaultWorkerPool()))
                    .invoke(parts::add).replaceWithVoid();
        }
        return chain.map(done -> new StepAnalysisResult(
                parts.stream().flatMap(p -> p.stepEvaluations().stream()).toList(),
                parts.stream().flatMap(p -> p.operatorComparisons().stream()).toList(),
                parts.stream().flatMap(p -> p.stepContributions().stream()).toList(),
                parts.stream().flatMap(p -> p.parameterSensitivities().stream()).toList(),
                // every phase measures the same baseline, so their low-sample warnings are the same
                parts.isEmpty() ? List.of() : parts.get(0).warnings()));
    }

    /**
     * The numeric parameters of each leaf's search with their declared range and current value; a
     * search whose specs cannot be read has none (its leaves are not swept).
     */
    private Uni<ParameterCatalog> catalog(String token, ExperimentSettings settings, StepTreeNode tree) {
        Set<String> searches = new java.util.LinkedHashSet<>();
        org.strategylab.evaluation.stepanalysis.StrategyTree.leaves(tree).forEach(leaf -> searches.add(leaf.searchName()));
        List<Uni<Map.Entry<String, JsonNode>>> reads = new ArrayList<>();
        for (String search : searches) {
            reads.add(upstream.paramSpecs(token, settings.siteId(), settings.recordType(), search)
                    .map(specs -> Map.entry(search, (JsonNode) EvaluationJson.mapper().valueToTree(specs)))
                    .onFailure().recoverWithItem(Map.entry(search, EvaluationJson.mapper().createObjectNode())));
        }
        if (reads.isEmpty()) {
            return Uni.createFrom().item(ParameterCatalog.NONE);
        }
        return Uni.join().all(reads).andFailFast().map(entries -> {
            Map<String, JsonNode> specs = new LinkedHashMap<>();
            entries.forEach(entry -> specs.put(entry.getKey(), entry.getValue()));
            return leaf -> numeric(specs.get(leaf.searchName()), leaf);
        });
    }

    private static List<NumericParameter> numeric(JsonNode specs, StepTreeNode leaf) {
        List<NumericParameter> found = new ArrayList<>();
        if (specs == null) {
            return found;
        }
        for (JsonNode param : specs.path("parameters")) {
            if (!"number".equals(param.path("type").asText())) {
                continue;
            }
            String name = param.path("name").asText();
            Double current = null;
            try {
                current = leaf.parameters().containsKey(name) ? Double.valueOf(leaf.parameters().get(name).trim()) : null;
            } catch (NumberFormatException notANumber) {
                current = null;
            }
            Double min = param.path("min").isNumber() ? param.path("min").asDouble() : null;
            Double max = param.path("max").isNumber() ? param.path("max").asDouble() : null;
            boolean integer = param.path("isInteger").asBoolean(false);
            found.add(new NumericParameter(name, min, max, current, integer));
        }
        return found;
    }
}
