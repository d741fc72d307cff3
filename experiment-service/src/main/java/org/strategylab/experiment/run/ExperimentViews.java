package org.strategylab.experiment.run;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.OffsetDateTime;
import java.util.List;
import org.strategylab.evaluation.json.EvaluationJson;
import org.strategylab.evaluation.model.Experiment;
import org.strategylab.evaluation.model.ExperimentConfig;
import org.strategylab.evaluation.model.ExperimentMetrics;
import org.strategylab.experiment.api.ControlSettings;
import org.strategylab.experiment.api.ExperimentConfigView;
import org.strategylab.experiment.api.ControlResolution;
import org.strategylab.experiment.api.ExperimentResults;
import org.strategylab.experiment.api.ExperimentSettings;
import org.strategylab.experiment.api.ExperimentSummary;
import org.strategylab.experiment.api.ExperimentVersion;
import org.strategylab.experiment.api.ExperimentView;
import org.strategylab.experiment.api.VersionRefinement;
import org.strategylab.experiment.persistence.ExperimentEntity;
import org.strategylab.experiment.persistence.ExperimentVersionEntity;

/** Turns stored rows into what the API answers: the full experiment, a list summary, the report's input. */
@ApplicationScoped
public class ExperimentViews {

    /** The full experiment without a gene-ID experiment's input (events, answers of changes). */
    public ExperimentView view(ExperimentEntity e) {
        return view(e, null);
    }

    /**
     * The full experiment; {@code targetGeneIds} is a gene-ID experiment's input, given only on the
     * read of one experiment (null leaves it out).
     */
    public ExperimentView view(ExperimentEntity e, List<String> targetGeneIds) {
        return view(e, targetGeneIds, null);
    }

    /**
     * The full experiment with its list of versions ({@link #versions}); {@code versions} null leaves
     * the list out.
     */
    public ExperimentView view(ExperimentEntity e, List<String> targetGeneIds, List<ExperimentVersion> versions) {
        ExperimentConfigView settings = new ExperimentConfigView(settings(e), targetGeneIds);
        ExperimentResults results = results(e);
        return new ExperimentView(e.id.toString(), e.ownerId, e.siteId, e.name, settings, e.status, results.metrics(),
                results.crossValidation(), results.enrichmentResults(), results.truePositiveGenes(), results.falseNegativeGenes(),
                results.falsePositiveGenes(), results.trueNegativeGenes(), e.error, e.totalTimeSeconds,
                iso(e.createdAt), iso(e.completedAt), iso(e.updatedAt), e.batchId, e.benchmarkId, e.controlSetLabel,
                e.primaryBenchmark, results.optimizationResult(), e.upstreamStrategyId, e.upstreamStepId, e.notes,
                results.stepAnalysis(), results.rankMetrics(),
                results.robustness(), results.treeOptimization(), e.operationId == null ? null : e.operationId.toString(), e.metricsStale,
                results.resultCount(), controlResolution(e), e.version, refinement(e.refinement, e.refinedAt), versions,
                results.metrics() == null || results.metrics().totalTranscripts() == null ? null
                        : results.metrics().totalTranscripts().longValue());
    }

    /**
     * Every version of the experiment, oldest first: the earlier ones kept (as they were when a refine
     * replaced them) and the current one last.
     */
    public List<ExperimentVersion> versions(ExperimentEntity current, List<ExperimentVersionEntity> earlier) {
        List<ExperimentVersion> all = new java.util.ArrayList<>();
        earlier.forEach(kept -> all.add(version(kept.asExperiment(current), false, kept.supersededAt)));
        all.add(version(current, true, null));
        return all;
    }

    private static ExperimentVersion version(ExperimentEntity e, boolean current, OffsetDateTime supersededAt) {
        ExperimentResults results = results(e);
        ExperimentMetrics metrics = results.metrics();
        return new ExperimentVersion(e.version, current, e.status, e.metricsStale, results.resultCount(),
                metrics == null ? null : metrics.f1Score(), metrics == null ? null : metrics.sensitivity(),
                metrics == null ? null : metrics.specificity(), e.upstreamStepId, refinement(e.refinement, e.refinedAt),
                iso(supersededAt));
    }

    /** What made a version from the one before (null for version 1). */
    static VersionRefinement refinement(JsonNode stored, OffsetDateTime refinedAt) {
        if (stored == null || stored.isNull()) {
            return null;
        }
        java.util.Map<String, Object> parameters = stored.hasNonNull("parameters")
                ? EvaluationJson.mapper().convertValue(stored.get("parameters"), new com.fasterxml.jackson.core.type.TypeReference<>() { })
                : null;
        return new VersionRefinement(stored.path("action").asText(null), stored.path("searchName").asText(null),
                stored.path("transformName").asText(null), stored.path("operator").asText(null), parameters, iso(refinedAt));
    }

    /** The stored resolution of the experiment's controls, or null (experiments from before V5). */
    public static ControlResolution controlResolution(ExperimentEntity e) {
        return e.controlResolution == null || e.controlResolution.isNull() ? null
                : read(e.controlResolution, ControlResolution.class);
    }

    public ExperimentSummary summary(ExperimentEntity e) {
        ExperimentSettings settings = settings(e);
        ExperimentMetrics metrics = results(e).metrics();
        return new ExperimentSummary(e.id.toString(), e.name, e.siteId, settings.target().searchName(),
                settings.recordType(), settings.target().mode(), e.status, metrics == null ? null : metrics.f1Score(),
                metrics == null ? null : metrics.sensitivity(), metrics == null ? null : metrics.specificity(),
                size(settings.controls().positiveControls()), size(settings.controls().negativeControls()),
                iso(e.createdAt),
                iso(e.completedAt), e.batchId, e.benchmarkId, e.controlSetLabel, e.primaryBenchmark,
                e.operationId == null ? null : e.operationId.toString(), e.error, e.version, e.metricsStale,
                refinement(e.refinement, e.refinedAt));
    }

    /** The experiment as evaluation-core's report renders it. */
    public Experiment forReport(ExperimentEntity e) {
        ExperimentSettings s = settings(e);
        ExperimentResults r = results(e);
        ControlSettings c = s.controls();
        ExperimentConfig config = new ExperimentConfig(s.name(), s.siteId(), s.recordType(), s.target().mode(),
                s.target().searchName(), parameterStrings(s), null, c.positiveControls(), c.negativeControls(),
                c.controlSetId(), c.controlsSearchName(), c.controlsParamName(), c.controlsValueFormat(), null,
                s.display().sortAttribute(), s.display().sortDirection());
        return new Experiment(e.id.toString(), config, e.ownerId, e.status, r.metrics(), r.crossValidation(), r.enrichmentResults(),
                r.truePositiveGenes(), r.falseNegativeGenes(), r.falsePositiveGenes(), r.trueNegativeGenes(), e.error,
                e.totalTimeSeconds, iso(e.createdAt), iso(e.completedAt), e.batchId, e.benchmarkId, e.controlSetLabel,
                e.primaryBenchmark, r.optimizationResult(), e.upstreamStrategyId, e.upstreamStepId, e.notes, r.stepAnalysis(),
                r.rankMetrics(),
                r.robustness(), r.treeOptimization(), e.siteId, e.name);
    }

    public static ExperimentSettings settings(ExperimentEntity e) {
        return read(e.config, ExperimentSettings.class);
    }

    public static ExperimentResults results(ExperimentEntity e) {
        return e.result == null || e.result.isNull() ? ExperimentResults.NONE : read(e.result, ExperimentResults.class);
    }

    private static java.util.Map<String, String> parameterStrings(ExperimentSettings s) {
        if (s.target().parameters() == null) {
            return null;
        }
        java.util.Map<String, String> strings = new java.util.LinkedHashMap<>();
        s.target().parameters().forEach((name, value) -> strings.put(name, value instanceof String text ? text
                : EvaluationJson.mapper().valueToTree(value).toString()));
        return strings;
    }

    private static <T> T read(JsonNode node, Class<T> type) {
        try {
            return EvaluationJson.mapper().treeToValue(node, type);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("unreadable stored " + type.getSimpleName(), e);
        }
    }

    private static int size(List<String> ids) {
        return ids == null ? 0 : ids.size();
    }

    private static String iso(OffsetDateTime time) {
        return time == null ? null : time.toString();
    }
}
