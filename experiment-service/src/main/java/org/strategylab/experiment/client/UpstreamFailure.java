package org.strategylab.experiment.client;

import java.util.List;
import org.strategylab.edge.problem.FieldError;

/**
 * upstream-gateway refused or failed a call: its status, its problem {@code code}, its detail and
 * the fields it named. A 4xx means the request (the caller's input) was wrong; anything else that
 * the site or upstream-gateway failed.
 */
public final class UpstreamFailure extends RuntimeException {

    private final int status;
    private final String code;
    private final List<FieldError> errors;

    public UpstreamFailure(int status, String code, String detail, List<FieldError> errors) {
        super(detail);
        this.status = status;
        this.code = code;
        this.errors = List.copyOf(errors);
    }

    public int status() {
        return status;
    }

    public String code() {
        return code;
    }

    public List<FieldError> errors() {
        return errors;
    }

    /** Whether the caller's input was refused (a 4xx other than an authentication or rate problem). */
    public boolean inputRefused() {
        return status == 400 || status == 404 || status == 409 || status == 422;
    }

    /** What a user reads: the code and the detail. */
    public String describe() {
        return (code == null ? "upstream call failed (" + status + ")" : code) + (getMessage() == null ? "" : ": " + getMessage());
    }
}
