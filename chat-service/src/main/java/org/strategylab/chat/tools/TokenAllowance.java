package org.strategylab.chat.tools;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The tokens one user turn may spend ({@code strategylab.chat.agent.max-tokens}), shared by the turn
 * and every sub-agent it delegates to: each model call of any of them draws on it, so delegating
 * cannot multiply a turn's budget by its number of sub-agents. It sits beside {@link TurnScope},
 * which hands the turn's allowance to the tool that delegates.
 */
public final class TokenAllowance {

    private final long limit;
    private final AtomicLong spent = new AtomicLong();

    /** @param limit the tokens (prompt plus completion) the turn and its sub-agents may spend together */
    public TokenAllowance(long limit) {
        this.limit = limit;
    }

    /** Records a model call's tokens. */
    public void spend(long tokens) {
        spent.addAndGet(Math.max(0, tokens));
    }

    /** Whether the turn and its sub-agents have spent more than the limit. */
    public boolean exceeded() {
        return spent.get() > limit;
    }

    /** The tokens spent so far. */
    public long spent() {
        return spent.get();
    }

    /** The tokens that may be spent. */
    public long limit() {
        return limit;
    }
}
