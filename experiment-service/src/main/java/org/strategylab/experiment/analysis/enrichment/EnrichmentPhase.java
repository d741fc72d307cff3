package org.strategylab.experiment.analysis.enrichment;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.strategylab.experiment.api.ExperimentResults;
import org.strategylab.experiment.api.ExperimentSettings;
import org.strategylab.experiment.run.RunContext;
import org.strategylab.experiment.run.RunPhase;
import org.strategylab.experiment.run.RunState;

/**
 * Enrichment as a phase of a run ({@code enrichmentTypes} in the experiment): the same analyses as
 * {@code POST /experiments/{id}/enrich} with the plugins' default values, on the step the evaluation
 * made (or the gene-ID experiment's IDs). A type that fails carries its error; the run goes on.
 */
@ApplicationScoped
public class EnrichmentPhase implements RunPhase {

    @Inject
    ExperimentEnrichment enrichment;

    @Override
    public int order() {
        return 500;
    }

    @Override
    public String phase() {
        return "enriching";
    }

    @Override
    public boolean appliesTo(ExperimentSettings settings) {
        return settings.analyses().enrichmentTypes() != null && !settings.analyses().enrichmentTypes().isEmpty();
    }

    @Override
    public Uni<RunState> run(RunContext context, RunState state) {
        ExperimentSettings settings = context.settings();
        String types = String.join(", ", settings.analyses().enrichmentTypes());
        return context.progress().emit(phase(), "enrichment: " + types, null)
                .chain(() -> enrichment.analyseAll(context.token(), settings, state.upstreamStepId(),
                        context.targetGeneIds(), settings.analyses().enrichmentTypes(), null,
                        ExperimentEnrichment.genesAnalysed(state.results(), context.targetGeneIds())))
                .map(fresh -> {
                    ExperimentResults results = state.results();
                    return state.withResults(results.withEnrichmentResults(
                            ExperimentEnrichment.merged(results.enrichmentResults(), fresh)));
                });
    }
}
