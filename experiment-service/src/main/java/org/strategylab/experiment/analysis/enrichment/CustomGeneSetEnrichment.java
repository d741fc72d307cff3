package org.strategylab.experiment.analysis.enrichment;

import org.strategylab.upstream.api.GeneResolution;
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
import org.strategylab.evaluation.ids.IdNormaliser;
import org.strategylab.experiment.api.CustomEnrichRequest;
import org.strategylab.experiment.api.CustomEnrichmentAnswer;
import org.strategylab.experiment.api.ExperimentSettings;
import org.strategylab.experiment.client.UpstreamGateway;
import org.strategylab.experiment.config.ExperimentConfig;
import org.strategylab.experiment.persistence.ExperimentEntity;
import org.strategylab.experiment.persistence.ExperimentRepository;
import org.strategylab.experiment.controlsets.ControlResolver;
import org.strategylab.experiment.results.ExperimentResultGenes;
import org.strategylab.experiment.experiments.ExperimentService;
import org.strategylab.experiment.run.ExperimentViews;

/**
 * A caller's gene set tested against an experiment's full result within an explicit background
 * (spec §2.6, DECISIONS 12): evaluation-core's {@link CustomEnrichment} (exact one-sided
 * hypergeometric p, fold a·N/(n·K), sample and Haldane odds ratios, IDs outside the background
 * counted and dropped). The result is the experiment's genes (its step's IDs on the site, or the
 * given IDs of a gene-ID experiment); the background is {@code backgroundIds}, or every gene of an
 * organism as the site lists it (its taxon search): the request's, the experiment's search's, or the
 * one its genes belong to. The answer says which. The gene set and a given background are first
 * resolved against the site as control lists are ({@link ControlResolver}): any case, transcript and
 * previous IDs name the current gene, duplicates after resolution are merged, unknown IDs are left
 * out of the counts, and the answer reports each list's resolution.
 */
@ApplicationScoped
public class CustomGeneSetEnrichment {

    static final String ORGANISM_SEARCH = "GenesByTaxon";
    static final String ORGANISM_PARAMETER = "organism";
    /** The most genes one gene-record look-up of upstream-gateway takes. */
    static final int RESOLVE_CHUNK = 1000;

    @Inject
    ExperimentService experiments;

    @Inject
    UpstreamGateway upstream;

    @Inject
    ExperimentConfig config;

    @Inject
    ExperimentResultGenes resultGenes;

    @Inject
    ControlResolver resolver;

    /** The genes the set is tested within, and where they came from ({@link CustomEnrichmentAnswer}). */
    private record Background(List<String> ids, String source, String organism) {
    }

    public Uni<CustomEnrichmentAnswer> enrich(String callerId, String token, String id, CustomEnrichRequest request) {
        return experiments.owned(callerId, id).chain(row -> {
            if (!ExperimentRepository.COMPLETED.equals(row.status)) {
                throw ProblemException.conflict("EXPERIMENT_NOT_COMPLETED",
                        "Custom enrichment needs a completed experiment; this one is " + row.status);
            }
            ExperimentSettings settings = ExperimentViews.settings(row);
            // the gene set (and a given background) as the site's current gene IDs, as controls are
            // resolved: unknown IDs are left out of the counts and reported, duplicates merged
            return resolved(token, settings.siteId(), request).chain(lists -> resultGenes.of(token, row, settings)
                    .chain(result -> background(token, settings, lists.background(), request, result)
                    .map(background -> {
                        // checked once the background is known, so a refusal about it comes first as before
                        if (lists.geneSet().genes().isEmpty()) {
                            throw invalid("/geneIds", "no ID names a gene of the site: "
                                    + ControlResolver.named(lists.geneSet().resolution().unknown()));
                        }
                        try {
                            return new CustomEnrichmentAnswer(CustomEnrichment.analyse(request.geneSetName(),
                                    lists.geneSet().genes(), result, background.ids(),
                                    settings.controls().positiveControls()),
                                    background.source(), background.organism(), lists.geneSet().resolution(),
                                    lists.background() == null ? null : lists.background().resolution());
                        } catch (ValidationException e) {
                            throw invalid("/" + e.field(), e.getMessage().substring(e.field().length() + 2));
                        }
                    })));
        });
    }

    /** The gene set and the given background (null when none is given), resolved. */
    private record ResolvedLists(ControlResolver.ResolvedList geneSet, ControlResolver.ResolvedList background) {
    }

    private Uni<ResolvedLists> resolved(String token, String siteId, CustomEnrichRequest request) {
        Uni<ControlResolver.ResolvedList> geneSet = resolver.resolveList(token, siteId,
                IdNormaliser.clean(request.geneIds()), "gene set's genes");
        if (request.backgroundIds() == null) {
            return geneSet.map(list -> new ResolvedLists(list, null));
        }
        return geneSet.chain(list -> resolver.resolveList(token, siteId, IdNormaliser.clean(request.backgroundIds()),
                "background genes").map(background -> new ResolvedLists(list, background)));
    }

    /**
     * The background: {@code backgroundIds}, else every gene of an organism — the request's, else the
     * one the experiment's search or tree names, else the one its genes (the result) belong to as the
     * site's gene records say. Several organisms, or none known, is a 422 saying which.
     */
    private Uni<Background> background(String token, ExperimentSettings settings,
                                       ControlResolver.ResolvedList given, CustomEnrichRequest request,
                                       List<String> result) {
        if (given != null) {
            if (given.genes().isEmpty()) {
                throw invalid("/backgroundIds", "no ID names a gene of the site: "
                        + ControlResolver.named(given.resolution().unknown()));
            }
            return Uni.createFrom().item(new Background(given.genes(), CustomEnrichmentAnswer.GIVEN, null));
        }
        if (request.organism() != null && !request.organism().isBlank()) {
            return organismGenes(token, settings, request.organism().trim(), CustomEnrichmentAnswer.REQUEST_ORGANISM);
        }
        String named = organism(settings);
        if (named != null) {
            return organismGenes(token, settings, named, CustomEnrichmentAnswer.SEARCH_ORGANISM);
        }
        return organismOfGenes(token, settings.siteId(), result).chain(organisms -> {
            if (organisms.isEmpty()) {
                throw invalid("/backgroundIds", "none of the experiment's genes is a gene of the site, so they name no"
                        + " organism to take the background from: give backgroundIds or organism");
            }
            if (organisms.size() > 1) {
                throw invalid("/organism", "the experiment's genes belong to " + organisms.size() + " organisms ("
                        + String.join(", ", organisms) + "): name the one whose genes are the background, or give backgroundIds");
            }
            return organismGenes(token, settings, organisms.first(), CustomEnrichmentAnswer.GENES_ORGANISM);
        });
    }

    private Uni<Background> organismGenes(String token, ExperimentSettings settings, String organism, String source) {
        ObjectNode search = JsonNodeFactory.instance.objectNode().put("searchName", ORGANISM_SEARCH);
        search.putObject("parameters").putArray(ORGANISM_PARAMETER).add(organism);
        return upstream.searchIds(token, settings.siteId(), settings.recordType(), search, config.analyses().maxSiteIds())
                .onFailure(failure -> failure instanceof org.strategylab.experiment.client.UpstreamFailure refused
                        && refused.inputRefused())
                .transform(failure -> invalid("/organism", "the site has no organism '" + organism + "'"))
                .map(ids -> new Background(ids, source, organism));
    }

    /**
     * The organisms of the experiment's genes as the site's gene records name them (its first
     * {@code runs.max-gene-info} genes, {@value #RESOLVE_CHUNK} per call to upstream-gateway); IDs the
     * site does not know name none.
     */
    private Uni<TreeSet<String>> organismOfGenes(String token, String siteId, List<String> genes) {
        List<String> asked = genes.subList(0, Math.min(genes.size(), config.runs().maxGeneInfo()));
        List<Uni<GeneResolution>> calls = new java.util.ArrayList<>();
        for (int from = 0; from < asked.size(); from += RESOLVE_CHUNK) {
            calls.add(upstream.resolveGenes(token, siteId, asked.subList(from, Math.min(asked.size(), from + RESOLVE_CHUNK))));
        }
        if (calls.isEmpty()) {
            return Uni.createFrom().item(new TreeSet<>());
        }
        return Uni.join().all(calls).andFailFast().map(answers -> {
            TreeSet<String> organisms = new TreeSet<>();
            answers.forEach(answer -> answer.resolved().forEach(gene -> {
                String organism = gene.organism();
                if (organism != null && !organism.isBlank()) {
                    organisms.add(organism);
                }
            }));
            return organisms;
        });
    }

    /** The one organism the experiment's search (or every step of its tree that names one) is about, else null. */
    static String organism(ExperimentSettings settings) {
        Set<String> found = new TreeSet<>();
        if (settings.target().parameters() != null) {
            collect(settings.target().parameters().get(ORGANISM_PARAMETER), found);
        }
        if (settings.target().stepTree() != null) {
            collectTree(settings.target().stepTree(), found);
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
