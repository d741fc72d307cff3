package org.strategylab.experiment.client;

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.ws.rs.WebApplicationException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.strategylab.edge.peer.CallFailures;
import org.strategylab.edge.peer.PeerFailure;

/**
 * What a person reads about a failed upstream call or run (an experiment's {@code error}, an SSE
 * {@code error}, a problem's {@code detail}): a sentence naming the call and what happened, never a
 * Java class or exception name, a stack trace or the site's body ({@link CallFailures}).
 */
public final class FailureText {

    /** Who a person understands to have failed: upstream-gateway stands for the site. */
    private static final String SITE = "the site";

    private FailureText() {
    }

    /**
     * The failure of one call to upstream-gateway as an {@link UpstreamFailure} whose detail is a
     * person's sentence: its refusal or failure with the detail it gave (the site's body never reaches
     * it) and the call, or a timeout ({@code UPSTREAM_TIMEOUT}, 504), an unreachable service
     * ({@code UPSTREAM_UNREACHABLE}, 502) or a broken connection ({@code UPSTREAM_ERROR}, 502). Any
     * other failure (this service's own) is answered as it is.
     *
     * @param action      what the call was doing, a phrase after "while" ({@code "counting the controls"})
     * @param readTimeout the client's wait for an answer (said in a timeout's sentence)
     */
    public static Throwable ofCall(String action, Duration readTimeout, Throwable thrown, ObjectMapper mapper) {
        if (thrown instanceof UpstreamFailure) {
            return thrown;
        }
        if (thrown instanceof WebApplicationException answered) {
            PeerFailure failure = PeerFailure.of("upstream-gateway", answered, mapper);
            String detail = CallFailures.personsText(failure, SITE + " answered " + failure.status());
            return new UpstreamFailure(failure.status(), failure.code(), detail + " (while " + action + ")", failure.errors());
        }
        Optional<CallFailures.Transport> transport = CallFailures.transport(thrown);
        if (transport.isEmpty()) {
            return thrown;
        }
        String code = switch (transport.get()) {
            case TIMEOUT -> "UPSTREAM_TIMEOUT";
            case UNREACHABLE -> "UPSTREAM_UNREACHABLE";
            case BROKEN -> "UPSTREAM_ERROR";
        };
        return new UpstreamFailure(transport.get().status(), code,
                CallFailures.sentence(transport.get(), SITE, action, readTimeout), List.of());
    }

    /**
     * A failure as a person's sentence: an upstream failure's code and sentence; else the failure's
     * own message when it is a sentence of this service's (no Java name in it); else {@code fallback}.
     */
    public static String of(Throwable failure, String fallback) {
        if (failure instanceof UpstreamFailure upstream) {
            return upstream.describe();
        }
        return CallFailures.personsText(failure, fallback);
    }
}
