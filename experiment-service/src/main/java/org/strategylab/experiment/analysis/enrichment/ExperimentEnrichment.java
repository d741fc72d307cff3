package org.strategylab.experiment.analysis.enrichment;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jboss.logging.Logger;
import org.strategylab.edge.problem.FieldError;
import org.strategylab.edge.problem.ProblemException;
import org.strategylab.evaluation.json.EvaluationJson;
import org.strategylab.evaluation.model.EnrichmentResult;
import org.strategylab.evaluation.model.EnrichmentTerm;
import org.strategylab.experiment.api.EnrichRequest;
import org.strategylab.experiment.api.ExperimentResults;
import org.strategylab.experiment.api.ExperimentSettings;
import org.strategylab.experiment.client.UpstreamGateway;
import org.strategylab.experiment.config.ExperimentConfig;
import org.strategylab.experiment.persistence.ExperimentEntity;
import org.strategylab.experiment.persistence.ExperimentRepository;
import org.strategylab.experiment.run.UpstreamEvaluation;
import org.strategylab.experiment.experiments.ExperimentService;
import org.strategylab.experiment.run.ExperimentViews;

/**
 * GO, pathway and word enrichment of an experiment's result through the site's analysis plugins
 * (rule 4.5.10), run by upstream-gateway (form defaults, vocabulary values as JSON arrays, the poll
 * state machine of spec §3, the rows parsed into {@link EnrichmentTerm}s). What is analysed: the
 * experiment's persisted step when it has one; else its search or tree in a helper strategy
 * upstream-gateway deletes again; a gene-ID experiment's IDs as an uploaded dataset behind the ID
 * search. The requested types run at once, each bounded by the analysis wait.
 *
 * <p>Each type's result replaces the stored one of that type; a type that fails keeps the previous
 * good terms and carries the failure as its {@code error} (api-contract §9 #23), so a transient
 * upstream failure never destroys a result.
 */
@ApplicationScoped
public class ExperimentEnrichment {

    /** The five analysis types and the plugin each runs; the GO branch is the plugin's ontology. */
    static final Map<String, String> PLUGINS = Map.of(
            "go_function", "go-enrichment", "go_component", "go-enrichment", "go_process", "go-enrichment",
            "pathway", "pathway-enrichment", "word", "word-enrichment");

    private static final Map<String, String> ONTOLOGIES = Map.of("go_function", "Molecular Function",
            "go_component", "Cellular Component", "go_process", "Biological Process");
    private static final String ONTOLOGY_PARAMETER = "goAssociationsOntologies";
    private static final String ID_SEARCH = "GeneByLocusTag";
    private static final String ID_PARAMETER = "ds_gene_ids";
    /** Beyond upstream-gateway's own wait, the longest this service waits for its answer. */
    private static final Duration ANSWER_GRACE = Duration.ofSeconds(20);
    private static final Logger LOG = Logger.getLogger(ExperimentEnrichment.class);

    @Inject
    ExperimentService experiments;

    @Inject
    ExperimentRepository repository;

    @Inject
    UpstreamGateway upstream;

    @Inject
    ExperimentConfig config;

    public Uni<List<EnrichmentResult>> enrich(String callerId, String token, String id, EnrichRequest request) {
        List<String> types = checkedTypes(request);
        return experiments.owned(callerId, id).chain(row -> {
            if (!ExperimentRepository.COMPLETED.equals(row.status)) {
                throw ProblemException.conflict("EXPERIMENT_NOT_COMPLETED",
                        "Enrichment needs a completed experiment; this one is " + row.status);
            }
            ExperimentSettings settings = ExperimentViews.settings(row);
            Uni<List<String>> targets = settings.geneIdMode() ? repository.targets(row.id) : Uni.createFrom().item(List.of());
            ExperimentResults stored = ExperimentViews.results(row);
            return targets.chain(ids -> analyseAll(token, settings, row.upstreamStepId, ids, types, request.parameters(),
                            genesAnalysed(stored, ids)))
                    .chain(fresh -> store(row, callerId, fresh));
        });
    }

    /**
     * Runs the types at once on the experiment's step (when it has one), its search or tree, or its
     * gene IDs; a type that fails answers a result with its error, never a failure.
     *
     * @param parameters    plugin values per type, or null
     * @param genesAnalysed the genes of the analysed result (the site's answer does not state it); 0 when unknown
     */
    public Uni<List<EnrichmentResult>> analyseAll(String token, ExperimentSettings settings, Long stepId,
                                                  List<String> targetIds, List<String> types,
                                                  Map<String, Map<String, Object>> parameters, int genesAnalysed) {
        return target(token, settings, stepId, targetIds)
                .chain(target -> Uni.join().all(types.stream()
                        .map(type -> analyse(token, settings, target, type, parameters(parameters, type), genesAnalysed))
                        .toList())
                        .andCollectFailures())
                .onFailure().recoverWithItem(failure -> types.stream().map(type -> failed(type, failure)).toList());
    }

    /** What upstream-gateway analyses: a persisted step, or a tree. */
    private record Target(Long stepId, JsonNode tree) {
    }

    private Uni<Target> target(String token, ExperimentSettings settings, Long stepId, List<String> ids) {
        if (stepId != null) {
            return Uni.createFrom().item(new Target(stepId, null));
        }
        if (!settings.geneIdMode()) {
            return Uni.createFrom().item(new Target(null, UpstreamEvaluation.tree(settings)));
        }
        return upstream.uploadDataset(token, settings.siteId(), ids).map(dataset -> {
            ObjectNode node = JsonNodeFactory.instance.objectNode()
                    .put("searchName", settings.controls().controlsSearchName() == null ? ID_SEARCH
                            : settings.controls().controlsSearchName());
            node.putObject("parameters").put(settings.controls().controlsParamName() == null ? ID_PARAMETER
                    : settings.controls().controlsParamName(), String.valueOf(dataset));
            return new Target(null, node);
        });
    }

    private Uni<EnrichmentResult> analyse(String token, ExperimentSettings settings, Target target, String type,
                                          Map<String, Object> given, int genesAnalysed) {
        Map<String, Object> values = new LinkedHashMap<>(given);
        if (ONTOLOGIES.containsKey(type)) {
            values.put(ONTOLOGY_PARAMETER, ONTOLOGIES.get(type));
        }
        Duration wait = config.analyses().enrichmentMaxWait();
        int waitSeconds = (int) Math.max(1, wait.toSeconds());
        return upstream.analyse(token, settings.siteId(), settings.recordType(), target.stepId(), target.tree(),
                        PLUGINS.get(type), values, waitSeconds)
                .ifNoItem().after(wait.plus(ANSWER_GRACE))
                .failWith(() -> new IllegalStateException("no answer from upstream-gateway within " + wait.toSeconds() + " s"))
                .map(outcome -> new EnrichmentResult(type, outcome.terms(), genesAnalysed, 0, null))
                .onFailure().recoverWithItem(failure -> failed(type, failure));
    }

    /**
     * How many genes an analysis of the experiment's result covers: its gene IDs in gene-ID mode, else the
     * result's size in genes (the classification's result count). The site's enrichment answer states
     * neither this nor the background size (upstream-wdk §3.7), so it is taken from the experiment; the
     * background stays 0, which the report shows as not reported.
     */
    public static int genesAnalysed(ExperimentResults results, List<String> targetIds) {
        if (targetIds != null && !targetIds.isEmpty()) {
            return (int) targetIds.stream().distinct().count();
        }
        if (results == null) {
            return 0;
        }
        if (results.metrics() != null && results.metrics().totalResults() > 0) {
            return results.metrics().totalResults();
        }
        return results.resultCount() == null ? 0 : (int) Math.min(Integer.MAX_VALUE, results.resultCount());
    }

    private static EnrichmentResult failed(String type, Throwable failure) {
        String text = org.strategylab.experiment.client.FailureText.of(failure, "the analysis failed unexpectedly");
        LOG.infof("enrichment %s failed: %s", type, text);
        return new EnrichmentResult(type, List.of(), 0, 0, text);
    }

    private static List<EnrichmentTerm> terms(JsonNode terms) {
        try {
            return List.of(EvaluationJson.mapper().treeToValue(terms, EnrichmentTerm[].class));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("unreadable enrichment terms from upstream-gateway", e);
        }
    }

    private Uni<List<EnrichmentResult>> store(ExperimentEntity read, String callerId, List<EnrichmentResult> fresh) {
        List<EnrichmentResult> answer = new ArrayList<>();
        return repository.update(read.id, callerId, row -> {
            ExperimentResults results = ExperimentViews.results(row);
            List<EnrichmentResult> stored = merged(results.enrichmentResults(), fresh);
            row.result = EvaluationJson.mapper().valueToTree(results.withEnrichmentResults(stored));
            Set<String> asked = new HashSet<>();
            fresh.forEach(result -> asked.add(result.analysisType()));
            stored.stream().filter(result -> asked.contains(result.analysisType())).forEach(answer::add);
        }).map(found -> {
            found.orElseThrow(() -> ExperimentService.notFound(read.id.toString()));
            return List.copyOf(answer);
        });
    }

    /**
     * A fresh result replaces the stored one of its type; a failed one keeps the stored terms and
     * carries its error beside them.
     */
    public static List<EnrichmentResult> merged(List<EnrichmentResult> stored, List<EnrichmentResult> fresh) {
        Map<String, EnrichmentResult> byType = new LinkedHashMap<>();
        stored.forEach(result -> byType.put(result.analysisType(), result));
        for (EnrichmentResult result : fresh) {
            EnrichmentResult previous = byType.get(result.analysisType());
            byType.put(result.analysisType(), result.error() == null || previous == null ? result
                    : new EnrichmentResult(result.analysisType(), previous.terms(), previous.totalGenesAnalyzed(),
                            previous.backgroundSize(), result.error()));
        }
        return List.copyOf(byType.values());
    }

    /**
     * The types asked for, with their parameters checked against them; unknown and repeated types
     * are the request's constraints (400).
     */
    private static List<String> checkedTypes(EnrichRequest request) {
        List<FieldError> errors = new ArrayList<>();
        Set<String> seen = new HashSet<>(request.enrichmentTypes());
        if (request.parameters() != null) {
            request.parameters().keySet().stream().filter(type -> !seen.contains(type)).sorted().forEach(type ->
                    errors.add(new FieldError("/parameters/" + type, "names no requested analysis type")));
            request.parameters().forEach((type, values) -> {
                if (values != null && ONTOLOGIES.containsKey(type) && values.containsKey(ONTOLOGY_PARAMETER)) {
                    errors.add(new FieldError("/parameters/" + type + "/" + ONTOLOGY_PARAMETER,
                            "follows from the analysis type; leave it out"));
                }
            });
        }
        if (!errors.isEmpty()) {
            throw ProblemException.invalid("The enrichment request has " + errors.size() + " invalid field(s)", errors);
        }
        return List.copyOf(request.enrichmentTypes());
    }

    private static Map<String, Object> parameters(Map<String, Map<String, Object>> parameters, String type) {
        Map<String, Object> values = parameters == null ? null : parameters.get(type);
        return values == null ? Map.of() : values;
    }
}
