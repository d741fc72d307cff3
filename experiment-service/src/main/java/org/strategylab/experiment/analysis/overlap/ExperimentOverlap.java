package org.strategylab.experiment.analysis.overlap;

import org.strategylab.experiment.api.OverlapAnswer;
import org.strategylab.experiment.api.OverlapBasis;
import org.strategylab.experiment.persistence.ExperimentRepository;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import org.strategylab.edge.problem.ProblemException;
import org.strategylab.evaluation.model.GeneInfo;
import org.strategylab.evaluation.overlap.ExperimentGenes;
import org.strategylab.evaluation.overlap.OverlapAnalysis;
import org.strategylab.experiment.api.ExperimentResults;
import org.strategylab.experiment.results.ExperimentResultGenes;
import org.strategylab.experiment.experiments.ExperimentService;
import org.strategylab.experiment.run.ExperimentViews;

/**
 * Gene-set overlap across the caller's experiments (spec §2.6): an experiment's genes are its true
 * and false positives (the spec's basis), or on request every gene of its result. Any experiment
 * that is not the caller's is a 404, like a missing one.
 */
@ApplicationScoped
public class ExperimentOverlap {

    @Inject
    ExperimentService experiments;

    @Inject
    ExperimentResultGenes resultGenes;

    /**
     * The overlap of the caller's experiments on a basis: the spec's predicted positives, or every
     * gene of each result (read from the site as the caller; a search's experiment must have run).
     */
    public Uni<OverlapAnswer> overlap(String callerId, String token, List<String> ids, OverlapBasis basis) {
        // 2–50 distinct experiments: the request's constraints
        List<Uni<ExperimentGenes>> reads = new ArrayList<>();
        for (String id : ids) {
            reads.add(experiments.owned(callerId, id).chain(row -> {
                if (basis == OverlapBasis.RESULT) {
                    if (!ExperimentRepository.COMPLETED.equals(row.status)) {
                        throw ProblemException.conflict("EXPERIMENT_NOT_COMPLETED",
                                "The result-set overlap needs completed experiments; '" + row.name + "' is " + row.status);
                    }
                    return resultGenes.of(token, row, ExperimentViews.settings(row))
                            .map(all -> new ExperimentGenes(row.id.toString(), row.name, all, List.of()));
                }
                ExperimentResults results = ExperimentViews.results(row);
                return Uni.createFrom().item(new ExperimentGenes(row.id.toString(), row.name,
                        genes(results.truePositiveGenes()), genes(results.falsePositiveGenes())));
            }));
        }
        return Uni.join().all(reads).andFailFast().map(genes -> new OverlapAnswer(OverlapAnalysis.analyse(genes), basis));
    }

    private static List<String> genes(List<GeneInfo> infos) {
        return infos.stream().map(GeneInfo::id).toList();
    }
}
