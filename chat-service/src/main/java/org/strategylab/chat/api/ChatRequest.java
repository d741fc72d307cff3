package org.strategylab.chat.api;

import java.util.List;

/**
 * {@code POST /api/v1/chat} (api-contract.md §4.1).
 *
 * @param siteId          the site the conversation builds on
 * @param message         what the user says (1 to {@code limits.max-message-chars} characters)
 * @param strategyId      the conversation to continue; absent for a new one
 * @param provider        {@code openai}, {@code anthropic}, {@code gemini}, {@code ollama} or {@code mock}; absent for the default
 * @param model           a catalog model id ({@code GET /api/v1/models}); wins over {@code provider}
 * @param reasoningEffort {@code none}, {@code low}, {@code medium} or {@code high}
 * @param mentions        strategies and experiments the message refers to
 * @param disabledTools   tools the agent must not use in this turn
 * @param disableRag      true: the agent's catalogue look-ups ({@code search_for_searches}, vocabulary queries of
 *                        {@code get_dependent_vocab}) rank by words only ({@code mode=lexical}); absent or false:
 *                        by meaning and words ({@code mode=hybrid}, upstream-gateway's semantic catalogue search)
 * @param temperature     sampling temperature (0 to 2)
 * @param seed            sampling seed, where the vendor supports one
 * @param contextSize     accepted for compatibility; the catalog's context size applies
 * @param responseTokens  most completion tokens per model call
 * @param reasoningBudget thinking tokens, for vendors that take a budget
 */
public record ChatRequest(String siteId, String message, String strategyId, String provider, String model,
                          String reasoningEffort, List<Mention> mentions, List<String> disabledTools, Boolean disableRag,
                          Double temperature, Integer seed, Integer contextSize, Integer responseTokens,
                          Integer reasoningBudget) {

    public ChatRequest {
        mentions = mentions == null ? List.of() : mentions;
        disabledTools = disabledTools == null ? List.of() : disabledTools;
    }
}
