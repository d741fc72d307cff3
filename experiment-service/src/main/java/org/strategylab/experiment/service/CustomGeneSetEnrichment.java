package org.strategylab.experiment.service;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.strategylab.edge.problem.FieldError;
import org.strategylab.edge.problem.ProblemException;
import org.strategylab.evaluation.ValidationException;
import org.strategylab.evaluation.enrichment.CustomEnrichment;
import org.strategylab.evaluation.model.CustomEnrichmentResult;
import org.strategylab.experiment.api.CustomEnrichRequest;
import org.strategylab.experiment.api.ExperimentSettings;
import org.strategylab.experiment.client.UpstreamGateway;
import org.strategylab.experiment.config.ExperimentConfig;
import org.strategylab.experiment.persistence.ExperimentEntity;
import org.strategylab.experiment.persistence.ExperimentRepository;

/**
 * A caller's gene set tested against an experiment's full result within an explicit background
 * (spec §2.6, DECISIONS 12): evaluation-core's {@link CustomEnrichment} (exact one-sided
 * hypergeometric p, fold a·N/(n·K), sample and Haldane odds ratios, IDs outside the background
 * counted and dropped). The result is the experiment's genes (its step's IDs on the site, or the
 * given IDs of a gene-ID experiment); the background is {@code backgroundIds}, or every gene of the
 * experiment's organism as the site lists it (its taxon search).
 */
@ApplicationScoped
public class CustomGeneSetEnrichment {

    static final String ORGANISM_SEARCH = "GenesByTaxon";
    static final String ORGANISM_PARAMETER = "organism";

    @Inject
    ExperimentService experiments;

    @Inject
    ExperimentRepository repository;

    @Inject
    UpstreamGateway upstream;

    @Inject
    ExperimentConfig config;

    public Uni<CustomEnrichmentResult> enrich(String callerId, String token, String id, CustomEnrichRequest request) {
        if (request.geneSetName().isBlank()) {
            throw invalid("/geneSetName", "must not be blank");
        }
        return experiments.owned(callerId, id).chain(row -> {
            if (!ExperimentRepository.COMPLETED.equals(row.status)) {
                throw ProblemException.conflict("EXPERIMENT_NOT_COMPLETED",
                        "Custom enrichment needs a completed experiment; this one is " + row.status);
            }
            ExperimentSettings settings = ExperimentViews.settings(row);
            Uni<List<String>> background = background(token, settings, request);
            return resultIds(token, row, settings).chain(result -> background.map(universe -> {
                try {
                    return CustomEnrichment.analyse(request.geneSetName(), request.geneIds(), result, universe,
                            settings.positiveControls());
                } catch (ValidationException e) {
                    throw invalid("/" + e.field(), e.getMessage().substring(e.field().length() + 2));
                }
            }));
        });
    }

    private Uni<List<String>> resultIds(String token, ExperimentEntity row, ExperimentSettings settings) {
        if (settings.geneIdMode()) {
            return repository.targets(row.id);
        }
        if (row.upstreamStepId == null) {
            throw ProblemException.conflict("NO_UPSTREAM_STEP", "The experiment has no result on the site; run it again");
        }
        return upstream.orderedIds(token, settings.siteId(), row.upstreamStepId, config.analyses().maxSiteIds(), null, null);
    }

    private Uni<List<String>> background(String token, ExperimentSettings settings, CustomEnrichRequest request) {
        if (request.backgroundIds() != null) {
            return Uni.createFrom().item(request.backgroundIds());
        }
        String organism = request.organism() != null && !request.organism().isBlank() ? request.organism()
                : organism(settings);
        if (organism == null) {
            throw invalid("/backgroundIds", "the experiment names no single organism: give backgroundIds or organism");
        }
        ObjectNode search = JsonNodeFactory.instance.objectNode().put("searchName", ORGANISM_SEARCH);
        search.putObject("parameters").putArray(ORGANISM_PARAMETER).add(organism);
        return upstream.searchIds(token, settings.siteId(), settings.recordType(), search, config.analyses().maxSiteIds())
                .onFailure(failure -> failure instanceof org.strategylab.experiment.client.UpstreamFailure refused
                        && refused.inputRefused())
                .transform(failure -> invalid("/organism", "the site has no organism '" + organism + "'"));
    }

    /** The one organism the experiment's search (or every step of its tree that names one) is about, else null. */
    static String organism(ExperimentSettings settings) {
        Set<String> found = new TreeSet<>();
        if (settings.parameters() != null) {
            collect(settings.parameters().get(ORGANISM_PARAMETER), found);
        }
        if (settings.stepTree() != null) {
            collectTree(settings.stepTree(), found);
        }
        return found.size() == 1 ? found.iterator().next() : null;
    }

    private static void collectTree(JsonNode node, Set<String> found) {
        if (node == null || node.isMissingNode() || node.isNull()) {
            return;
        }
        JsonNode value = node.path("parameters").path(ORGANISM_PARAMETER);
        if (!value.isMissingNode()) {
            collect(org.strategylab.evaluation.json.EvaluationJson.mapper().convertValue(value, Object.class), found);
        }
        collectTree(node.path("primaryInput"), found);
        collectTree(node.path("secondaryInput"), found);
    }

    /** A parameter value: a string, a JSON-array string, or a list. */
    private static void collect(Object value, Set<String> found) {
        if (value instanceof List<?> list) {
            list.forEach(item -> collect(item, found));
        } else if (value instanceof String text && !text.isBlank()) {
            String trimmed = text.trim();
            if (trimmed.startsWith("[")) {
                try {
                    collect(org.strategylab.evaluation.json.EvaluationJson.mapper().readValue(trimmed, List.class), found);
                } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                    found.add(trimmed);
                }
            } else {
                found.add(trimmed);
            }
        }
    }

    private static ProblemException invalid(String pointer, String message) {
        return ProblemException.invalid("The custom enrichment request is not valid", List.of(new FieldError(pointer, message)));
    }
}
