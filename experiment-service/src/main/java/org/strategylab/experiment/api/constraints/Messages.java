package org.strategylab.experiment.api.constraints;

/** Message templates built from text that may hold a caller's input. */
final class Messages {

    private Messages() {
    }

    /**
     * The text as a message template that reads as itself: Bean Validation interpolates
     * {@code {…}} and {@code ${…}} in templates, and a caller's value (a repeated ID, an unknown
     * objective) may contain them.
     */
    static String literal(String text) {
        return text.replace("\\", "\\\\").replace("{", "\\{").replace("}", "\\}").replace("$", "\\$");
    }
}
