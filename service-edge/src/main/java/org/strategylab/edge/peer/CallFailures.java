package org.strategylab.edge.peer;

import jakarta.ws.rs.ProcessingException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;

/**
 * How a failed call to another service reads to a person (an experiment's {@code error}, an SSE
 * {@code error}, a problem's {@code detail}, a tool's answer): a sentence naming the call and what
 * happened, never the Java class or exception name a REST client's own text carries
 * ({@code "io.vertx.core.impl.NoStackTraceTimeoutException: The timeout period of 180000ms has been
 * exceeded…"}, {@code "java.net.ConnectException: Connection refused"}).
 */
public final class CallFailures {

    /** A qualified Java class name, or a type named like an exception or error: never shown to a person. */
    public static final Pattern JAVA_NAME = Pattern.compile("\\b[a-z]+(\\.[a-z0-9_]+)+\\.[A-Z]\\w+|\\b\\w+(Exception|Error)\\b");

    /** What went wrong on the wire when a call got no answer, with the status a service answers for it. */
    public enum Transport {
        /** No answer within the client's read timeout: 504. */
        TIMEOUT(504),
        /** No connection (refused, unknown host, no route): 502. */
        UNREACHABLE(502),
        /** The connection failed or closed before the answer: 502. */
        BROKEN(502);

        private final int status;

        Transport(int status) {
            this.status = status;
        }

        public int status() {
            return status;
        }
    }

    private CallFailures() {
    }

    /**
     * The transport failure {@code thrown} stands for, if it is one: what a REST client throws when
     * it gets no answer (its {@link ProcessingException}, a Vert.x or I/O failure, a timeout), not an
     * answer (a {@code WebApplicationException}) nor the calling service's own fault.
     */
    public static Optional<Transport> transport(Throwable thrown) {
        if ((thrown instanceof java.util.concurrent.CompletionException || thrown instanceof java.util.concurrent.ExecutionException)
                && thrown.getCause() != null && thrown.getCause() != thrown) {
            // how a blocking await hands over a checked failure (a timeout)
            return transport(thrown.getCause());
        }
        if (!(thrown instanceof ProcessingException || thrown instanceof IOException || thrown instanceof TimeoutException
                || thrown instanceof io.smallrye.mutiny.TimeoutException || thrown instanceof io.vertx.core.VertxException)) {
            return Optional.empty();
        }
        if (has(thrown, TimeoutException.class) || has(thrown, SocketTimeoutException.class)
                || has(thrown, io.smallrye.mutiny.TimeoutException.class)) {
            return Optional.of(Transport.TIMEOUT);
        }
        if (has(thrown, ConnectException.class) || has(thrown, UnknownHostException.class)
                || has(thrown, NoRouteToHostException.class)) {
            return Optional.of(Transport.UNREACHABLE);
        }
        return Optional.of(Transport.BROKEN);
    }

    /**
     * A person's sentence for a transport failure: {@code "the site did not answer within 180 s while
     * counting the controls"}.
     *
     * @param subject     who did not answer, as a person knows it ({@code "the site"}, {@code "the experiment service"})
     * @param action      what the call was doing, a phrase after "while"
     * @param readTimeout the client's wait for an answer (said for a timeout)
     */
    public static String sentence(Transport kind, String subject, String action, Duration readTimeout) {
        return switch (kind) {
            case TIMEOUT -> subject + " did not answer within " + duration(readTimeout) + " while " + action;
            case UNREACHABLE -> subject + " could not be reached while " + action;
            case BROKEN -> "the connection to " + subject + " broke while " + action;
        };
    }

    /**
     * A REST client's failure as a {@link PeerFailure}: an answer with the peer's problem read from it
     * ({@link PeerFailure#of}); no answer with a person's sentence ({@link #sentence}) and the code
     * {@code PEER_TIMEOUT} (504), {@code PEER_UNREACHABLE} or {@code PEER_UNAVAILABLE} (502); anything
     * else (the caller's own fault) as it is.
     *
     * @param peer    the service called ({@code "upstream-gateway"})
     * @param subject who did not answer, as a person knows it ({@code "the site"})
     * @param action  what the call was doing, a phrase after "while"
     */
    public static Throwable peerFailure(String peer, String subject, String action, Duration readTimeout, Throwable thrown,
                                        com.fasterxml.jackson.databind.ObjectMapper mapper) {
        if (thrown instanceof PeerFailure) {
            return thrown;
        }
        if (thrown instanceof jakarta.ws.rs.WebApplicationException answered) {
            return PeerFailure.of(peer, answered, mapper);
        }
        return transport(thrown).<Throwable>map(kind -> new PeerFailure(peer, kind.status(), switch (kind) {
            case TIMEOUT -> "PEER_TIMEOUT";
            case UNREACHABLE -> "PEER_UNREACHABLE";
            case BROKEN -> "PEER_UNAVAILABLE";
        }, sentence(kind, subject, action, readTimeout), java.util.List.of())).orElse(thrown);
    }

    /**
     * The failure's own message when it is a person's sentence (no Java name in it, not a transport
     * failure's text), else {@code fallback}.
     */
    public static String personsText(Throwable failure, String fallback) {
        String message = failure == null ? null : failure.getMessage();
        if (message == null || message.isBlank() || JAVA_NAME.matcher(message).find() || transport(failure).isPresent()) {
            return fallback;
        }
        return message;
    }

    private static boolean has(Throwable thrown, Class<? extends Throwable> type) {
        for (Throwable t = thrown; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (type.isInstance(t)) {
                return true;
            }
        }
        return false;
    }

    private static String duration(Duration timeout) {
        long millis = timeout.toMillis();
        return millis % 1000 == 0 ? millis / 1000 + " s" : millis + " ms";
    }
}
