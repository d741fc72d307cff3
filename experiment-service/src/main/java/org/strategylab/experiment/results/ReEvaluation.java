package org.strategylab.experiment.results;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.OffsetDateTime;
import java.util.Optional;
import java.util.UUID;
import org.strategylab.edge.problem.ProblemException;
import org.strategylab.evaluation.json.EvaluationJson;
import org.strategylab.experiment.api.ControlSet;
import org.strategylab.experiment.api.ControlResolution;
import org.strategylab.experiment.api.ExperimentSettings;
import org.strategylab.experiment.api.ExperimentView;
import org.strategylab.experiment.client.UpstreamFailure;
import org.strategylab.experiment.persistence.ControlSetRepository;
import org.strategylab.experiment.persistence.ExperimentEntity;
import org.strategylab.experiment.persistence.ExperimentRepository;
import org.strategylab.experiment.run.ExperimentExecutor;
import org.strategylab.experiment.run.ProgressEvents;
import org.strategylab.experiment.run.RunContext;
import org.strategylab.experiment.run.RunState;
import org.strategylab.experiment.controlsets.ControlResolver;
import org.strategylab.experiment.experiments.ExperimentService;
import org.strategylab.experiment.run.ExperimentViews;
import org.strategylab.experiment.rest.UpstreamFailureMapper;

/**
 * Re-evaluation (spec §4.3): the experiment's phases run again, inside the request, against its
 * current controls — re-read from its control set when it has one, so edited controls take effect —
 * and its current step (after a refine, the refined one); the results are replaced and persisted and
 * the full experiment is answered.
 */
@ApplicationScoped
public class ReEvaluation {

    @Inject
    ExperimentService experiments;

    @Inject
    ExperimentRepository repository;

    @Inject
    ControlSetRepository controlSets;

    @Inject
    ExperimentExecutor executor;

    @Inject
    ExperimentViews views;

    @Inject
    ControlResolver resolver;

    public Uni<ExperimentView> reEvaluate(String callerId, String token, String id) {
        return experiments.owned(callerId, id).chain(row -> {
            if (ExperimentRepository.PENDING.equals(row.status) || ExperimentRepository.RUNNING.equals(row.status)) {
                throw ProblemException.conflict("EXPERIMENT_RUNNING", "The experiment is still running; re-evaluate it once it has ended");
            }
            ExperimentSettings stored = ExperimentViews.settings(row);
            if (!stored.geneIdMode() && row.upstreamStepId == null) {
                throw ProblemException.conflict("NO_UPSTREAM_STEP", "The experiment has no result on the site to re-evaluate; run it again");
            }
            return currentControls(callerId, token, row, stored).chain(resolved -> {
                ExperimentSettings settings = resolved.settings();
                return executor.targets(row, settings).chain(targets -> {
                RunContext context = new RunContext(row.id, callerId, token, settings, targets,
                        settings.controls().sets(), ProgressEvents.none(row.id));
                RunState start = new RunState(ExperimentViews.results(row), row.upstreamStrategyId, row.upstreamStepId,
                        java.util.List.of(), java.util.List.of());
                long started = System.nanoTime();
                return executor.phases(context, start)
                        .onFailure(UpstreamFailure.class).transform(UpstreamFailureMapper::problem)
                        .chain(state -> repository.update(row.id, callerId, changed -> {
                            changed.config = EvaluationJson.mapper().valueToTree(settings);
                            if (resolved.resolution() != null) {
                                changed.controlResolution = EvaluationJson.mapper().valueToTree(resolved.resolution());
                            }
                            changed.metricsStale = false;
                            changed.status = ExperimentRepository.COMPLETED;
                            changed.error = null;
                            changed.completedAt = OffsetDateTime.now();
                            changed.totalTimeSeconds = Math.round((System.nanoTime() - started) / 1e7) / 100.0;
                        }))
                        .map(updated -> views.view(updated.orElseThrow(() -> ExperimentService.notFound(id))));
                });
            });
        });
    }

    /** The settings to count with and, when their controls were resolved now, how. */
    private record Controls(ExperimentSettings settings, ControlResolution resolution) {
    }

    /**
     * The controls as they are now, resolved against the site: the control set's lists when the
     * experiment came from one that still exists (resolved again, as the set may have changed), else
     * the stored ones, which were resolved at submission (resolved now only for an experiment from
     * before resolution existed).
     */
    private Uni<Controls> currentControls(String callerId, String token, ExperimentEntity row, ExperimentSettings stored) {
        return currentControls(callerId, stored).chain(settings -> {
            if (settings == stored && row.controlResolution != null && !row.controlResolution.isNull()) {
                return Uni.createFrom().item(new Controls(stored, null));
            }
            return resolver.resolve(token, settings.siteId(), settings.controls().positiveControls(),
                            settings.controls().negativeControls())
                    .map(resolved -> new Controls(settings.withControls(resolved.positives(), resolved.negatives()),
                            resolved.resolution()));
        });
    }

    /** The controls as they are now: the control set's lists when the experiment came from one that still exists. */
    private Uni<ExperimentSettings> currentControls(String callerId, ExperimentSettings settings) {
        if (settings.controls().controlSetId() == null) {
            return Uni.createFrom().item(settings);
        }
        UUID setId;
        try {
            setId = UUID.fromString(settings.controls().controlSetId());
        } catch (IllegalArgumentException e) {
            return Uni.createFrom().item(settings);
        }
        return controlSets.findVisible(setId, callerId).map((Optional<ControlSet> found) -> found
                .map(set -> settings.withControls(set.positiveIds(), set.negativeIds()))
                .orElse(settings));
    }
}
