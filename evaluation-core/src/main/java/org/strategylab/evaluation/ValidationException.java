package org.strategylab.evaluation;

/** Bad input to an evaluation, naming the offending field (the CLI exits 2; the service answers 422). */
public class ValidationException extends IllegalArgumentException {
    private final String field;

    public ValidationException(String field, String message) {
        super(field + ": " + message);
        this.field = field;
    }

    /** The input field at fault, as named in the JSON input. */
    public String field() {
        return field;
    }
}
