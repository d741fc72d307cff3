package org.strategylab.chat.tools;

import java.util.List;
import org.strategylab.edge.problem.FieldError;

/**
 * A tool call the tool cannot carry out as asked; its message tells the model what to change. A
 * refusal may also name the arguments it is about ({@link #errors()}, JSON pointers into the
 * arguments, e.g. {@code /parameters/organism} for a value the site refused), so the graph edit
 * endpoint, which runs the same tools for a person, can answer a problem naming each field.
 */
public class ToolRefusal extends RuntimeException {

    private final List<FieldError> errors;

    public ToolRefusal(String message) {
        this(message, List.of());
    }

    public ToolRefusal(String message, List<FieldError> errors) {
        super(message);
        this.errors = List.copyOf(errors);
    }

    /** The arguments the refusal is about, each with what is wrong with it; empty when it names none. */
    public List<FieldError> errors() {
        return errors;
    }
}
