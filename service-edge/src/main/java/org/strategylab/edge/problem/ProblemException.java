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

    public ProblemException(int status, String code, String title, String detail, List<FieldError> errors) {
        super(detail);
        this.status = status;
        this.code = code;
        this.title = title;
        this.errors = errors == null ? List.of() : List.copyOf(errors);
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
}
