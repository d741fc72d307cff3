package org.strategylab.chat.provider;

/** How a request's reasoning effort translates into the settings vendors take. */
final class Reasoning {

    /** Anthropic's smallest thinking budget, and a sensible floor for the others. */
    static final int MIN_BUDGET = 1024;

    private Reasoning() {
    }

    /** Whether this turn asks a reasoning model to think ({@code low}, {@code medium}, {@code high}). */
    static boolean thinks(ModelChoice choice) {
        return choice.entry().supportsReasoning() && choice.reasoningEffort() != null
                && !choice.reasoningEffort().equals("none");
    }

    /** Whether this turn asks a reasoning model not to think at all. */
    static boolean off(ModelChoice choice) {
        return choice.entry().supportsReasoning() && "none".equals(choice.reasoningEffort());
    }

    /**
     * Thinking tokens: the request's own budget, else the model's default budget scaled by the
     * effort ({@code low} a quarter, at least {@value #MIN_BUDGET}; {@code medium} as is;
     * {@code high} three times).
     */
    static int budget(ModelChoice choice) {
        if (choice.reasoningBudget() != null) {
            return Math.max(MIN_BUDGET, choice.reasoningBudget());
        }
        Integer configured = choice.entry().defaultReasoningBudget();
        int base = configured != null ? configured : ConfiguredModelCatalog.DEFAULT_REASONING_BUDGET;
        return switch (choice.reasoningEffort()) {
            case "low" -> Math.max(MIN_BUDGET, base / 4);
            case "high" -> base * 3;
            default -> base;
        };
    }
}
