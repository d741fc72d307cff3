package org.strategylab.chat.provider;

/**
 * The model of one turn, with the caller's per-request settings.
 *
 * @param entry           the catalog entry
 * @param reasoningEffort {@code none}, {@code low}, {@code medium} or {@code high}; null for the model's default
 * @param temperature     sampling temperature, null for the vendor's default
 * @param seed            sampling seed where the vendor supports one, else ignored
 * @param responseTokens  most completion tokens, null for the vendor's default
 * @param reasoningBudget thinking tokens (vendors that take a budget), null to derive it from the effort
 */
public record ModelChoice(ModelEntry entry, String reasoningEffort, Double temperature, Integer seed,
                          Integer responseTokens, Integer reasoningBudget) {

    /** The model with no per-request settings. */
    public static ModelChoice of(ModelEntry entry) {
        return new ModelChoice(entry, null, null, null, null, null);
    }
}
