package org.strategylab.upstream.client;

/**
 * An upstream call that did not give a usable answer. It never carries the upstream body: WDK's
 * messages are internal and are logged at most, never shown to callers (api-contract.md §9 #12).
 * The REST layer turns it into a 502 problem (504 for a timeout) with an {@code upstreamStatus}.
 */
public class UpstreamFailure extends RuntimeException {

    /** What went wrong. */
    public enum Kind {
        /** WDK answered with a status the operation cannot use (4xx, or 5xx after every retry). */
        STATUS,
        /** No answer within the site's deadline. */
        TIMEOUT,
        /** The connection failed or was dropped before an answer. */
        TRANSPORT,
        /** WDK kept answering 202 {@code WDK-DELAYED-RESULT}: the result was not ready in time. */
        DELAYED,
        /** The upstream identity was replaced (the token expired) while the call needed the old one. */
        SESSION_EXPIRED,
        /** WDK answered, but not in the shape its contract promises. */
        MALFORMED
    }

    private final Kind kind;
    private final String siteId;
    private final String operation;
    private final Integer upstreamStatus;

    public UpstreamFailure(Kind kind, String siteId, String operation, Integer upstreamStatus, String message,
                           Throwable cause) {
        super(message, cause, false, false);
        this.kind = kind;
        this.siteId = siteId;
        this.operation = operation;
        this.upstreamStatus = upstreamStatus;
    }

    /** An unusable status. */
    public static UpstreamFailure status(String siteId, String operation, int status) {
        return new UpstreamFailure(Kind.STATUS, siteId, operation, status,
                siteId + " answered " + status + " to " + operation, null);
    }

    /** An answer that breaks WDK's contract (missing field, unparsable JSON). */
    public static UpstreamFailure malformed(String siteId, String operation, int status, String what) {
        return new UpstreamFailure(Kind.MALFORMED, siteId, operation, status,
                siteId + " gave an unexpected answer to " + operation + ": " + what, null);
    }

    public Kind kind() {
        return kind;
    }

    public String siteId() {
        return siteId;
    }

    public String operation() {
        return operation;
    }

    /** The last status the upstream answered, or {@code null} when no answer arrived. */
    public Integer upstreamStatus() {
        return upstreamStatus;
    }

    /** Whether another attempt may succeed: 5xx, timeouts, dropped connections, WDK's delayed result. */
    public boolean retriable() {
        return switch (kind) {
            case TIMEOUT, TRANSPORT, DELAYED -> true;
            case STATUS -> upstreamStatus != null && upstreamStatus >= 500;
            default -> false;
        };
    }
}
