package org.strategylab.chat.provider;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A model a turn may run on, as {@code GET /api/v1/models} lists it (api-contract.md §7).
 *
 * @param id                     the catalog id callers name ({@code openai/gpt-4.1}, {@code mock/planner})
 * @param name                   the name shown to users
 * @param provider               {@code openai}, {@code anthropic}, {@code gemini}, {@code ollama} or {@code mock}
 * @param model                  the vendor's own model name
 * @param description            what it is good for
 * @param supportsReasoning      whether a reasoning effort other than {@code none} means anything
 * @param enabled                whether its provider is configured (its key is set); {@code mock} always is
 * @param missingKey             when not enabled: the setting that would enable it
 * @param contextSize            its context window, in tokens
 * @param defaultReasoningBudget thinking tokens used when a request names none (reasoning models)
 * @param inputPrice             US dollars per million prompt tokens
 * @param cachedInputPrice       US dollars per million cached prompt tokens
 * @param outputPrice            US dollars per million completion tokens
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ModelEntry(String id, String name, String provider, String model, String description,
                         boolean supportsReasoning, boolean enabled, String missingKey, int contextSize,
                         Integer defaultReasoningBudget, double inputPrice, double cachedInputPrice,
                         double outputPrice) {

    /** The estimated cost of a turn's tokens, in US dollars ({@code cached} is part of {@code prompt}). */
    public double costUsd(long prompt, long cached, long completion) {
        long uncached = Math.max(0, prompt - cached);
        return (uncached * inputPrice + cached * cachedInputPrice + completion * outputPrice) / 1_000_000.0;
    }
}
