package org.strategylab.experiment.results;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import org.strategylab.edge.problem.ProblemException;
import org.strategylab.experiment.api.ExperimentSettings;
import org.strategylab.experiment.client.UpstreamGateway;
import org.strategylab.experiment.config.ExperimentConfig;
import org.strategylab.experiment.persistence.ExperimentEntity;
import org.strategylab.experiment.persistence.ExperimentRepository;

/**
 * Every gene of an experiment's result: its step's IDs on the site in rank order (up to
 * {@code analyses.max-site-ids}), or the given IDs of a gene-ID experiment. Custom enrichment tests a
 * gene set within it; the result-set overlap compares them.
 */
@ApplicationScoped
public class ExperimentResultGenes {

    @Inject
    ExperimentRepository repository;

    @Inject
    UpstreamGateway upstream;

    @Inject
    ExperimentConfig config;

    /**
     * The experiment's result genes, read as the caller.
     *
     * @throws ProblemException 409 {@code NO_UPSTREAM_STEP} when a search's result is not on the site
     */
    public Uni<List<String>> of(String token, ExperimentEntity row, ExperimentSettings settings) {
        return read(token, row, settings).map(ResultGenes::genes);
    }

    /**
     * The experiment's result genes with the result's size, so that a caller that must not keep a
     * part of the result (a saved gene set) can tell a whole result from its first genes.
     *
     * @throws ProblemException 409 {@code NO_UPSTREAM_STEP} when a search's result is not on the site
     */
    public Uni<ResultGenes> read(String token, ExperimentEntity row, ExperimentSettings settings) {
        if (settings.geneIdMode()) {
            return repository.targets(row.id).map(ids -> new ResultGenes(ids, ids.size(), false));
        }
        if (row.upstreamStepId == null) {
            throw ProblemException.conflict("NO_UPSTREAM_STEP", "The experiment has no result on the site; run it again");
        }
        return upstream.orderedResult(token, settings.siteId(), row.upstreamStepId, config.analyses().maxSiteIds(), null, null)
                .map(answer -> new ResultGenes(answer.ids(), answer.totalCount(), answer.truncated()));
    }

    /**
     * Genes of a result as read.
     *
     * @param genes     the gene IDs read, in rank order (one per gene)
     * @param total     how many genes the result has
     * @param truncated whether the result has more genes than were read ({@code analyses.max-site-ids})
     */
    public record ResultGenes(List<String> genes, long total, boolean truncated) {
    }
}
