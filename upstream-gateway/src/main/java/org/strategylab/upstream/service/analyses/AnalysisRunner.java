package org.strategylab.upstream.service.analyses;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import org.jboss.logging.Logger;
import org.strategylab.upstream.client.UpstreamFailure;
import org.strategylab.upstream.client.UpstreamSession;
import org.strategylab.upstream.client.WdkAnalysisClient;
import org.strategylab.upstream.client.WdkResponse;
import org.strategylab.upstream.config.UpstreamConfig;

/**
 * Drives one analysis instance to its result (spec §3): run, poll the status every
 * {@code poll-interval}, fetch the result once COMPLETE (WDK answers 204 until it exists), re-run
 * the same instance after ERROR or another retriable status at most {@code max-reruns} times, and
 * give up after {@code max-wait} or on a terminal failure status.
 *
 * <p>{@code max-wait} holds on every path: a COMPLETE instance whose result keeps answering 204
 * gives up like a RUNNING one, and the whole run is bounded by it even while a call is under way.
 * {@code CREATED} means WDK has not registered a run (yet): the run is started again without
 * counting as a re-run, since nothing failed.
 */
@ApplicationScoped
public class AnalysisRunner {

    private static final Logger LOG = Logger.getLogger(AnalysisRunner.class);

    /**
     * A finished run.
     *
     * @param result the plugin's result JSON
     * @param reruns how many re-runs it took
     */
    public record Finished(JsonNode result, int reruns) {
    }

    /** Why an analysis did not finish: it failed, or it ran out of time. */
    public static final class AnalysisFailed extends RuntimeException {

        private final boolean timedOut;

        AnalysisFailed(String message, boolean timedOut) {
            super(message, null, false, false);
            this.timedOut = timedOut;
        }

        public boolean timedOut() {
            return timedOut;
        }
    }

    @Inject
    WdkAnalysisClient wdk;

    @Inject
    UpstreamConfig config;

    /** Runs the instance and waits for its result, for at most {@code maxWait}. */
    public Uni<Finished> run(UpstreamSession session, long stepId, long analysisId, Duration maxWait) {
        Instant deadline = Instant.now().plus(maxWait);
        return start(session, stepId, analysisId)
                .chain(() -> poll(session, stepId, analysisId, deadline, 0, Duration.ZERO))
                // the loop checks the deadline between calls; this bounds a call that is under way too
                .ifNoItem().after(maxWait).failWith(() -> timedOut(session, analysisId, "a call was under way"));
    }

    private static AnalysisFailed timedOut(UpstreamSession session, long analysisId, String last) {
        return new AnalysisFailed("Analysis " + analysisId + " on " + session.site().id()
                + " did not complete in time (" + last + ")", true);
    }

    private Uni<Void> start(UpstreamSession session, long stepId, long analysisId) {
        return wdk.run(session, stepId, analysisId).map(WdkResponse::requireOk).replaceWithVoid();
    }

    private Uni<Finished> poll(UpstreamSession session, long stepId, long analysisId, Instant deadline, int reruns,
                               Duration wait) {
        Uni<Void> pause = wait.isZero() ? Uni.createFrom().voidItem()
                : Uni.createFrom().voidItem().onItem().delayIt().by(wait);
        return pause.chain(() -> wdk.status(session, stepId, analysisId)).chain(response -> {
            AnalysisStatus status = AnalysisStatus.of(response.okJson().path("status").asText(null));
            Duration interval = config.analysis().pollInterval();
            if (Instant.now().isAfter(deadline) && status.action() != AnalysisStatus.Action.FETCH) {
                return Uni.createFrom().failure(timedOut(session, analysisId, "last status " + status));
            }
            return switch (status.action()) {
                case WAIT -> poll(session, stepId, analysisId, deadline, reruns, interval);
                case FETCH -> fetch(session, stepId, analysisId, deadline, reruns, interval);
                case START -> start(session, stepId, analysisId)
                        .chain(() -> poll(session, stepId, analysisId, deadline, reruns, interval));
                case RERUN -> {
                    if (reruns >= config.analysis().maxReruns()) {
                        yield Uni.createFrom().failure(new AnalysisFailed("Analysis " + analysisId + " on "
                                + session.site().id() + " ended " + status + " after " + reruns + " re-runs", false));
                    }
                    LOG.infof("Analysis %d on %s is %s; re-running it (%d of %d)", analysisId, session.site().id(),
                            status, reruns + 1, config.analysis().maxReruns());
                    yield start(session, stepId, analysisId)
                            .chain(() -> poll(session, stepId, analysisId, deadline, reruns + 1, interval));
                }
                case FAIL -> Uni.createFrom().failure(new AnalysisFailed("Analysis " + analysisId + " on "
                        + session.site().id() + " ended " + status, false));
            };
        });
    }

    private Uni<Finished> fetch(UpstreamSession session, long stepId, long analysisId, Instant deadline, int reruns,
                                Duration interval) {
        return wdk.result(session, stepId, analysisId).chain(response -> {
            if (response.status() == 204) {
                // COMPLETE but the result is not readable yet: keep waiting, but only within the deadline
                if (Instant.now().isAfter(deadline)) {
                    return Uni.createFrom().failure(timedOut(session, analysisId, "COMPLETE, but no result"));
                }
                return poll(session, stepId, analysisId, deadline, reruns, interval);
            }
            JsonNode result = response.okJson();
            if (!result.isObject()) {
                return Uni.createFrom().failure(UpstreamFailure.malformed(response.siteId(), response.operation(),
                        response.status(), "the analysis result is not an object"));
            }
            return Uni.createFrom().item(new Finished(result, reruns));
        });
    }
}
