package org.strategylab.chat.tools;

import org.strategylab.chat.provider.ModelChoice;

/**
 * What a tool that runs agents of its own (delegation) needs of the turn it runs in: the turn's
 * model, its event stream, and its cancellation.
 */
public interface TurnScope {

    /** The model the turn runs on (sub-agents run on it too). */
    ModelChoice model();

    /** Appends an event to the turn's stream. */
    void emit(String type, Object payload);

    /** Runs the action when the turn is cancelled (at once if it already is). */
    void whenCancelled(Runnable action);

    /**
     * Adds what a sub-agent of this turn spent to the turn's {@code message_end}
     * ({@code subAgentPromptTokens}, …, and its cost to {@code estimatedCostUsd}).
     */
    default void addSubAgentUsage(long promptTokens, long completionTokens, int modelCalls, double costUsd) {
    }

    /**
     * The token allowance the turn's sub-agents draw on (the turn's own): null outside a turn, where
     * a sub-agent has the whole budget of a turn.
     */
    default TokenAllowance tokenAllowance() {
        return null;
    }

    /** The experiment a workbench turn is about; null for the chat's turns. */
    default String experimentId() {
        return null;
    }

    /** The chat request asked for {@code disableRag}: catalogue look-ups rank by words only (mode lexical). */
    default boolean disableRag() {
        return false;
    }

    /** A scope for tools that run outside any turn (tests). */
    TurnScope NONE = new TurnScope() {
        @Override
        public ModelChoice model() {
            throw new IllegalStateException("no turn");
        }

        @Override
        public void emit(String type, Object payload) {
        }

        @Override
        public void whenCancelled(Runnable action) {
        }
    };
}
