package org.strategylab.chat.agent;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The tokens one user turn may spend ({@code strategylab.chat.agent.max-tokens}), shared by the turn
 * and every sub-agent it delegates to: each model call of any of them draws on it, so delegating
 * cannot multiply a turn's budget by its number of sub-agents.
 */
public final class TokenAllowance {

    private final long limit;
    private final AtomicLong spent = new AtomicLong();

    /** @param limit the tokens (prompt plus completion) the turn and its sub-agents may spend together */
    public TokenAllowance(long limit) {
        this.limit = limit;
    }

    /** Records a model call's tokens. */
    void spend(long tokens) {
        spent.addAndGet(Math.max(0, tokens));
    }

    /** Whether the turn and its sub-agents have spent more than the limit. */
    boolean exceeded() {
        return spent.get() > limit;
    }

    long spent() {
        return spent.get();
    }

    long limit() {
        return limit;
    }
}
