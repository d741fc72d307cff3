package org.strategylab.edge.problem;

import jakarta.ws.rs.BadRequestException;

/**
 * A query, path or header parameter whose text is not a value of its type ({@code limit=abc}).
 * JAX-RS answers such a query or path parameter with a bare 404; a {@link jakarta.ws.rs.WebApplicationException}
 * thrown by the converter is passed on as it is, so this one reaches {@link ProblemExceptionMappers}
 * and becomes a 400 naming the parameter.
 */
public class InvalidParameterException extends BadRequestException {

    private final transient FieldError error;

    public InvalidParameterException(String parameter, String message) {
        super(parameter + ": " + message);
        this.error = new FieldError(parameter, message);
    }

    /** The parameter and what is wrong with it. */
    public FieldError error() {
        return error;
    }
}
