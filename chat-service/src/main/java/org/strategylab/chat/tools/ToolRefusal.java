package org.strategylab.chat.tools;

/** A tool call the tool cannot carry out as asked; its message tells the model what to change. */
public class ToolRefusal extends RuntimeException {

    public ToolRefusal(String message) {
        super(message);
    }
}
