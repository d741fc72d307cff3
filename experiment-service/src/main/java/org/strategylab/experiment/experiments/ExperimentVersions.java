package org.strategylab.experiment.experiments;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.UUID;
import org.jboss.logging.Logger;
import org.strategylab.experiment.api.ExperimentView;
import org.strategylab.experiment.api.UndoRequest;
import org.strategylab.experiment.client.UpstreamGateway;
import org.strategylab.experiment.persistence.ExperimentEntity;
import org.strategylab.experiment.persistence.ExperimentRepository;
import org.strategylab.experiment.persistence.ExperimentVersionEntity;
import org.strategylab.experiment.run.ExperimentViews;
import org.strategylab.experiment.results.Refinement;

/**
 * An experiment's versions (issue 38 item 4): every refine makes the next one ({@link Refinement}), the
 * earlier ones are kept unchanged and readable, and one step undoes the latest refinement. The
 * experiment keeps its id throughout: links, the workbench chat and the list follow it.
 */
@ApplicationScoped
public class ExperimentVersions {

    private static final Logger LOG = Logger.getLogger(ExperimentVersions.class);

    @Inject
    ExperimentService experiments;

    @Inject
    ExperimentRepository repository;

    @Inject
    ExperimentViews views;

    @Inject
    UpstreamGateway upstream;

    /**
     * Undoes the latest refinement: the experiment is back at the version before, exactly as it was
     * kept (its figures, analyses and its strategy on the site, which the refine never touched); the
     * undone version's own strategy is deleted from the site. Answers the experiment with its versions.
     */
    public Uni<ExperimentView> undo(String callerId, String token, String id, UndoRequest request) {
        UUID experimentId = ExperimentService.parse(id);
        return repository.undo(experimentId, callerId, request == null ? null : request.version())
                .map(found -> found.orElseThrow(() -> ExperimentService.notFound(id)))
                .call(change -> {
                    Long undone = change.replaced().upstreamStrategyId;
                    if (undone == null || undone.equals(change.current().upstreamStrategyId)) {
                        return Uni.createFrom().voidItem();
                    }
                    return upstream.deleteStrategy(token, change.current().siteId, undone).onFailure().invoke(failure ->
                                    LOG.infof("strategy %d of undone version %d of experiment %s stays on the site: %s",
                                            undone, change.replaced().version, id, failure.toString()))
                            .onFailure().recoverWithNull();
                })
                .chain(change -> withVersions(change.current()));
    }

    /**
     * One version of the experiment, whole: an earlier one as it was kept when the next replaced it, or
     * the current one. A version the experiment does not have (or an id that is not a number) is a 404.
     */
    public Uni<ExperimentView> version(String callerId, String id, String version) {
        int number;
        try {
            number = Integer.parseInt(version);
        } catch (NumberFormatException notANumber) {
            throw versionNotFound(id, version);
        }
        return experiments.owned(callerId, id).chain(row -> {
            if (number == row.version) {
                return withVersions(row);
            }
            if (number < 1 || number > row.version) {
                throw versionNotFound(id, version);
            }
            return repository.earlierVersion(row.id, number)
                    .map(found -> found.orElseThrow(() -> versionNotFound(id, version)))
                    .chain(kept -> repository.earlierVersions(row.id).map(all -> views.view(kept.asExperiment(row), null,
                            views.versions(row, all))));
        });
    }

    /** The experiment with its list of versions (a gene-ID experiment's input included). */
    Uni<ExperimentView> withVersions(ExperimentEntity row) {
        Uni<List<ExperimentVersionEntity>> earlier = row.version > 1 ? repository.earlierVersions(row.id)
                : Uni.createFrom().item(List.of());
        Uni<List<String>> targets = ExperimentViews.settings(row).geneIdMode() ? repository.targets(row.id)
                : Uni.createFrom().nullItem();
        return earlier.chain(kept -> targets.map(ids -> views.view(row, ids, views.versions(row, kept))));
    }

    /** The strategies on the site of the experiment's earlier versions (deleted with the experiment). */
    Uni<List<Long>> earlierStrategies(ExperimentEntity row) {
        if (row.version <= 1) {
            return Uni.createFrom().item(List.of());
        }
        return repository.earlierVersions(row.id).map(kept -> kept.stream().map(version -> version.upstreamStrategyId)
                .filter(strategy -> strategy != null && !strategy.equals(row.upstreamStrategyId)).distinct().toList());
    }

    private static org.strategylab.edge.problem.ProblemException versionNotFound(String id, String version) {
        return org.strategylab.edge.problem.ProblemException.notFound("VERSION_NOT_FOUND",
                "Experiment '" + id + "' has no version '" + version + "'");
    }
}
