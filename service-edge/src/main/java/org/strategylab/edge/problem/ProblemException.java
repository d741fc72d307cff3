package org.strategylab.edge.problem;

import java.util.List;

/**
 * An error a service raises on purpose; it becomes a problem+json response with its status and
 * stable code. Services throw the factory results instead of building responses by hand.
 */
public class ProblemException extends RuntimeException {

    private final int status;
    private final String code;
    private final String title;
    private final List<FieldError> errors;
    private final java.time.Duration retryAfter;

    public ProblemException(int status, String code, String title, String detail, List<FieldError> errors) {
        this(status, code, title, detail, errors, null);
    }

    private ProblemException(int status, String code, String title, String detail, List<FieldError> errors,
                             java.time.Duration retryAfter) {
        super(detail);
        this.status = status;
        this.code = code;
        this.title = title;
        this.errors = errors == null ? List.of() : List.copyOf(errors);
        this.retryAfter = retryAfter;
    }

    /**
     * 429: the caller has as much under way as one caller may; the response carries
     * {@code Retry-After} ({@code retryAfter}, whole seconds, at least one).
     */
    public static ProblemException tooMany(String code, String detail, java.time.Duration retryAfter) {
        return new ProblemException(429, code, "Too Many Requests", detail, List.of(), retryAfter);
    }

    /** 401: the answer every protected endpoint gives an anonymous caller. */
    public static ProblemException unauthenticated() {
        return new ProblemException(401, "UNAUTHORIZED", "Unauthorized",
                "Sign in first: send a bearer token or the session cookie", List.of());
    }

    /** 404: the resource does not exist or belongs to someone else (the two are never told apart). */
    public static ProblemException notFound(String code, String detail) {
        return new ProblemException(404, code, "Not Found", detail, List.of());
    }

    /** 422: the request is well-formed but its content is invalid; each error names its field. */
    public static ProblemException invalid(String detail, List<FieldError> errors) {
        return new ProblemException(422, "VALIDATION_ERROR", "Unprocessable Content", detail, errors);
    }

    /** 409: the resource is in a state that does not allow the request. */
    public static ProblemException conflict(String code, String detail) {
        return new ProblemException(409, code, "Conflict", detail, List.of());
    }

    public int status() {
        return status;
    }

    public String code() {
        return code;
    }

    public String title() {
        return title;
    }

    public List<FieldError> errors() {
        return errors;
    }

    /** How long the caller should wait before trying again (a {@code Retry-After}), if the problem says. */
    public java.util.Optional<java.time.Duration> retryAfter() {
        return java.util.Optional.ofNullable(retryAfter);
    }
}
