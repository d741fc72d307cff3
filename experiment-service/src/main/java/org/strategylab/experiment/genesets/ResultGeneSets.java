package org.strategylab.experiment.genesets;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import org.strategylab.edge.problem.FieldError;
import org.strategylab.edge.problem.ProblemException;
import org.strategylab.evaluation.model.GeneInfo;
import org.strategylab.experiment.api.ControlSet;
import org.strategylab.experiment.api.ControlSetRequest;
import org.strategylab.experiment.api.ExperimentResults;
import org.strategylab.experiment.api.ExperimentSettings;
import org.strategylab.experiment.api.ResultGeneSetRequest;
import org.strategylab.experiment.config.ExperimentConfig;
import org.strategylab.experiment.controlsets.ControlSetService;
import org.strategylab.experiment.experiments.ExperimentService;
import org.strategylab.experiment.persistence.ExperimentEntity;
import org.strategylab.experiment.persistence.ExperimentRepository;
import org.strategylab.experiment.results.ExperimentResultGenes;
import org.strategylab.experiment.run.ExperimentViews;

/**
 * An experiment's result, or one class of its control genes, saved as a gene set of its owner: the
 * result's genes as {@link ExperimentResultGenes} reads them (the step's genes on the site, one per
 * gene, or a gene-ID experiment's given IDs), a class as the run classified it. The set is created
 * and resolved as {@code POST /api/v1/control-sets} creates one, tagged {@value GeneSets#TAG}.
 */
@ApplicationScoped
public class ResultGeneSets {

    private static final String WHICH = "/which";

    @Inject
    ExperimentService experiments;

    @Inject
    ExperimentResultGenes resultGenes;

    @Inject
    ControlSetService controlSets;

    @Inject
    ExperimentConfig config;

    /** Which genes of an experiment a set may hold, by the request's word. */
    enum Which {
        RESULT("result", "every gene of the result", "experiment result"),
        TRUE_POSITIVES("truePositives", "the true positives", "experiment true positives"),
        FALSE_POSITIVES("falsePositives", "the false positives", "experiment false positives"),
        FALSE_NEGATIVES("falseNegatives", "the false negatives", "experiment false negatives"),
        TRUE_NEGATIVES("trueNegatives", "the true negatives", "experiment true negatives");

        final String word;
        final String phrase;
        final String source;

        Which(String word, String phrase, String source) {
            this.word = word;
            this.phrase = phrase;
            this.source = source;
        }

        static Which of(String word) {
            for (Which which : values()) {
                if (which.word.equals(word)) {
                    return which;
                }
            }
            // the request's constraint admits the words above only
            throw new IllegalArgumentException(word);
        }

        /** The control genes of this class, as the run classified them. */
        List<GeneInfo> controls(ExperimentResults results) {
            List<GeneInfo> genes = switch (this) {
                case TRUE_POSITIVES -> results.truePositiveGenes();
                case FALSE_POSITIVES -> results.falsePositiveGenes();
                case FALSE_NEGATIVES -> results.falseNegativeGenes();
                case TRUE_NEGATIVES -> results.trueNegativeGenes();
                case RESULT -> throw new IllegalStateException("the result is not a class of controls");
            };
            return genes == null ? List.of() : genes;
        }
    }

    /** Saves the genes as a new gene set owned by the caller; someone else's experiment is a 404. */
    public Uni<ControlSet> save(String callerId, String token, String experimentId, ResultGeneSetRequest request) {
        Which which = Which.of(request.whichOrDefault());
        return experiments.owned(callerId, experimentId).chain(row -> {
            if (!ExperimentRepository.COMPLETED.equals(row.status) || ExperimentViews.results(row).metrics() == null) {
                throw ProblemException.conflict("EXPERIMENT_NOT_COMPLETED",
                        "Only a completed experiment's result can be saved as a gene set; this one is " + row.status);
            }
            ExperimentSettings settings = ExperimentViews.settings(row);
            Uni<List<String>> genes;
            if (which == Which.RESULT) {
                genes = resultGenes.read(token, row, settings).map(read -> {
                    if (read.truncated()) {
                        throw tooLarge(which, read.total(), "analyses.max-site-ids", config.analyses().maxSiteIds());
                    }
                    return read.genes();
                });
            } else {
                if (row.metricsStale) {
                    throw ProblemException.conflict("METRICS_STALE", "The result was refined since its control genes were "
                            + "classified: re-evaluate the experiment first, or save the whole result");
                }
                genes = Uni.createFrom().item(which.controls(ExperimentViews.results(row)).stream().map(GeneInfo::id).toList());
            }
            return genes.chain(ids -> create(callerId, token, row, settings, which, request.name().trim(), ids));
        });
    }

    private Uni<ControlSet> create(String callerId, String token, ExperimentEntity row, ExperimentSettings settings,
                                   Which which, String name, List<String> genes) {
        if (genes.isEmpty()) {
            throw ProblemException.invalid("Nothing to save", List.of(new FieldError(WHICH,
                    "the experiment has no gene in " + which.phrase + ", so there is no set to save")));
        }
        if (genes.size() > config.controlSets().maxIds()) {
            throw tooLarge(which, genes.size(), "control-sets.max-ids", config.controlSets().maxIds());
        }
        String notes = "Saved from " + which.phrase + " of experiment '" + row.name + "' (" + row.id + ", version "
                + row.version + ") on " + settings.siteId() + ": " + genes.size() + (genes.size() == 1 ? " gene." : " genes.");
        return controlSets.create(callerId, token, new ControlSetRequest(name, settings.siteId(), settings.recordType(),
                genes, List.of(), which.source, List.of(GeneSets.TAG), notes, false));
    }

    private static ProblemException tooLarge(Which which, long genes, String setting, int limit) {
        return ProblemException.invalid("The result is too large to save", List.of(new FieldError(WHICH,
                which.phrase + " holds " + genes + " genes, more than a saved set may hold"
                        + " (strategylab.experiments." + setting + " = " + limit + ")")));
    }
}
