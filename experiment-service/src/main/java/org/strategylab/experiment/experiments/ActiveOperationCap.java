package org.strategylab.experiment.experiments;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import org.strategylab.edge.problem.ProblemException;
import org.strategylab.eventlog.operation.Operations;
import org.strategylab.experiment.config.ExperimentConfig;

/**
 * The per-user cap on operations running or queued at once
 * ({@code strategylab.experiments.runs.per-user-max-active}), checked before a new one is
 * accepted, so that one user's burst cannot fill the queue every user shares.
 */
@ApplicationScoped
public class ActiveOperationCap {

    /** When a refused caller may try again: about when a queued run of a slow site frees a place. */
    static final Duration RETRY_AFTER = Duration.ofSeconds(30);

    @Inject
    Operations operations;

    @Inject
    ExperimentConfig config;

    /** Completes when the caller may start another operation; a 429 naming the cap when not. */
    public Uni<Void> admit(String callerId) {
        int cap = config.runs().perUserMaxActive();
        return operations.activeOf(callerId).map(active -> {
            if (active >= cap) {
                throw ProblemException.tooMany("TOO_MANY_OPERATIONS", "You have " + active
                        + " experiment runs and analyses running or queued, the most one user may have at once ("
                        + "runs.per-user-max-active = " + cap + "); start more when some have ended", RETRY_AFTER);
            }
            return null;
        }).replaceWithVoid();
    }
}
