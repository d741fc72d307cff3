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
import org.strategylab.evaluation.model.GeneInfo;
import org.strategylab.evaluation.model.OverlapResult;
import org.strategylab.evaluation.overlap.ExperimentGenes;
import org.strategylab.evaluation.overlap.OverlapAnalysis;
import org.strategylab.experiment.api.ExperimentResults;

/**
 * Gene-set overlap across the caller's experiments (spec §2.6): an experiment's genes are its true
 * and false positives. Any experiment that is not the caller's is a 404, like a missing one.
 */
@ApplicationScoped
public class ExperimentOverlap {

    @Inject
    ExperimentService experiments;

    public Uni<OverlapResult> overlap(String callerId, List<String> ids) {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < ids.size(); i++) {
            if (!seen.add(ids.get(i))) {
                throw ProblemException.invalid("An experiment is named twice",
                        List.of(new FieldError("/experimentIds/" + i, "repeats '" + ids.get(i) + "'")));
            }
        }
        List<Uni<ExperimentGenes>> reads = new ArrayList<>();
        for (String id : ids) {
            reads.add(experiments.owned(callerId, id).map(row -> {
                ExperimentResults results = ExperimentViews.results(row);
                return new ExperimentGenes(row.id.toString(), row.name, genes(results.truePositiveGenes()),
                        genes(results.falsePositiveGenes()));
            }));
        }
        return Uni.join().all(reads).andFailFast().map(OverlapAnalysis::analyse);
    }

    private static List<String> genes(List<GeneInfo> infos) {
        return infos.stream().map(GeneInfo::id).toList();
    }
}
