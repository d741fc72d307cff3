package org.strategylab.experiment.run;

import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import org.jboss.logging.Logger;
import org.strategylab.eventlog.ReadableDuration;
import org.strategylab.eventlog.config.EventLogConfig;
import org.strategylab.experiment.persistence.ExperimentRepository;

/**
 * Closes experiments whose run can no longer end by itself: still {@code pending} or
 * {@code running} while their operation has ended (the worker died and the event log's reaper wrote
 * the failure events, or no experiment-service worker was alive to take the queued run for the
 * claim timeout). They end in {@code error} with the sentence that says which; any replica may do
 * it, and doing it twice changes nothing.
 */
@ApplicationScoped
public class OrphanedRuns {

    /** A claimed run whose worker stopped renewing its lease (it died, or lost the database). */
    static final String REASON = "the worker running this experiment stopped before it finished";

    /** A run no worker ever took: none of experiment-service's workers was alive for the claim timeout. */
    static String notTakenReason(Duration claimTimeout) {
        return "no experiment-service worker took this run: none has been running for the last "
                + ReadableDuration.of(claimTimeout);
    }

    private static final Logger LOG = Logger.getLogger(OrphanedRuns.class);

    @Inject
    ExperimentRepository repository;

    @Inject
    EventLogConfig eventLog;

    @Scheduled(every = "${strategylab.experiments.runs.reconcile-interval:PT10S}", delayed = "PT2S",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> close() {
        return repository.closeOrphans(REASON, notTakenReason(eventLog.lease().claimTimeout()))
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
