package org.strategylab.experiment.analysis.enrichment;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import org.strategylab.evaluation.enrichment.EnrichmentComparator;
import org.strategylab.evaluation.model.EnrichmentComparison;
import org.strategylab.evaluation.model.EnrichmentResult;
import org.strategylab.experiment.api.EnrichmentCompareRequest;
import org.strategylab.experiment.experiments.ExperimentService;
import org.strategylab.experiment.run.ExperimentViews;

/**
 * The enrichment comparison matrix across the caller's experiments (spec §2.6; evaluation-core's
 * {@link EnrichmentComparator}): one row per analysis type and term, each experiment's fold
 * enrichment. A type whose last run failed still compares on the terms it keeps. Any experiment that
 * is not the caller's is a 404, like a missing one.
 */
@ApplicationScoped
public class EnrichmentCompare {

    @Inject
    ExperimentService experiments;

    public Uni<EnrichmentComparison> compare(String callerId, EnrichmentCompareRequest request) {
        List<String> ids = request.experimentIds();
        // 2–50 distinct experiments and a known analysis type: the request's constraints
        List<Uni<EnrichmentComparator.ExperimentEnrichment>> reads = new ArrayList<>();
        for (String id : ids) {
            reads.add(experiments.owned(callerId, id).map(row -> {
                List<EnrichmentResult> results = ExperimentViews.results(row).enrichmentResults();
                return new EnrichmentComparator.ExperimentEnrichment(row.id.toString(), row.name, results);
            }));
        }
        return Uni.join().all(reads).andFailFast()
                .map(loaded -> EnrichmentComparator.compare(loaded, request.analysisType()));
    }
}
