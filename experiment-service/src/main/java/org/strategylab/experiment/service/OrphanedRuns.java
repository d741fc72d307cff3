package org.strategylab.experiment.service;

import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;
import org.strategylab.experiment.persistence.ExperimentRepository;

/**
 * Closes experiments whose run can no longer end by itself: still {@code pending} or
 * {@code running} while their operation has ended (the worker died and the event log's reaper wrote
 * the failure events, or no worker claimed the command in time). They end in {@code error}; any
 * replica may do it, and doing it twice changes nothing.
 */
@ApplicationScoped
public class OrphanedRuns {

    static final String REASON = "the worker running this experiment stopped before it finished";

    private static final Logger LOG = Logger.getLogger(OrphanedRuns.class);

    @Inject
    ExperimentRepository repository;

    @Scheduled(every = "${strategylab.experiments.runs.reconcile-interval:PT10S}", delayed = "PT2S",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> close() {
        return repository.closeOrphans(REASON)
                .invoke(closed -> {
                    if (closed > 0) {
                        LOG.infof("closed %d experiment(s) whose operation had ended without them", closed);
                    }
                })
                .onFailure().invoke(failure -> LOG.debugf("orphaned runs not checked: %s", failure.toString()))
                .onFailure().recoverWithNull()
                .replaceWithVoid();
    }
}
