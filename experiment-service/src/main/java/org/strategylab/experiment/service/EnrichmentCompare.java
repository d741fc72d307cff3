package org.strategylab.experiment.service;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.strategylab.edge.problem.FieldError;
import org.strategylab.edge.problem.ProblemException;
import org.strategylab.evaluation.enrichment.EnrichmentComparator;
import org.strategylab.evaluation.model.EnrichmentComparison;
import org.strategylab.evaluation.model.EnrichmentResult;
import org.strategylab.experiment.api.EnrichmentCompareRequest;

/**
 * The enrichment comparison matrix across the caller's experiments (spec §2.6; evaluation-core's
 * {@link EnrichmentComparator}): one row per analysis type and term, each experiment's fold
 * enrichment. A type whose last run failed still compares on the terms it keeps. Any experiment that
 * is not the caller's is a 404, like a missing one.
 */
@ApplicationScoped
public class EnrichmentCompare {

    /** The most experiments one comparison takes. */
    static final int MAX_EXPERIMENTS = 50;

    @Inject
    ExperimentService experiments;

    public Uni<EnrichmentComparison> compare(String callerId, EnrichmentCompareRequest request) {
        List<String> ids = request.experimentIds();
        List<FieldError> errors = new ArrayList<>();
        if (ids.size() < 2 || ids.size() > MAX_EXPERIMENTS) {
            errors.add(new FieldError("/experimentIds", "name between 2 and " + MAX_EXPERIMENTS + " experiments"));
        }
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < ids.size(); i++) {
            if (!seen.add(ids.get(i))) {
                errors.add(new FieldError("/experimentIds/" + i, "repeats '" + ids.get(i) + "'"));
            }
        }
        if (request.analysisType() != null && !ExperimentEnrichment.PLUGINS.containsKey(request.analysisType())) {
            errors.add(new FieldError("/analysisType", "must be one of go_function, go_component, go_process, pathway, word"));
        }
        if (!errors.isEmpty()) {
            throw ProblemException.invalid("The comparison request has " + errors.size() + " invalid field(s)", errors);
        }
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
