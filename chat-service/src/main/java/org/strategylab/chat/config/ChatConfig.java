package org.strategylab.chat.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** chat-service settings ({@code strategylab.chat.*}); the README's configuration table lists them. */
@ConfigMapping(prefix = "strategylab.chat")
public interface ChatConfig {

    /** Limits on what a request may carry. */
    Limits limits();

    /** The agent loop's budgets. */
    Agent agent();

    /** How many turns one instance runs at once. */
    Turns turns();

    /** Sub-agents ({@code delegate_strategy_subtasks}). */
    Delegation delegation();

    interface Delegation {
        /**
         * Sub-agents of one delegation running at once (independent tasks run in parallel): 4, so a
         * plan of two groups of two runs all its leaves together (DelegationBench).
         */
        @WithDefault("4")
        int maxParallel();

        /** How long one sub-agent may run before it is stopped and its task reported as timed out. */
        @WithDefault("PT180S")
        Duration taskTimeout();

        /** The most tasks one plan may have. */
        @WithDefault("8")
        int maxTasks();
    }

    interface Limits {
        /** The longest message, in characters (api-contract.md §4.1). */
        @WithDefault("200000")
        int maxMessageChars();

        /** The most mentions one message may carry. */
        @WithDefault("20")
        int maxMentions();

        /** The largest page of strategies or messages a list answers. */
        @WithDefault("200")
        int maxPage();

        /**
         * The largest {@code responseTokens} a request may ask for (completion tokens per model call):
         * a bound so one user's turn cannot reserve a whole shared model budget.
         */
        @WithDefault("32768")
        int maxResponseTokens();

        /** The largest {@code reasoningBudget} (thinking tokens per model call) a request may ask for. */
        @WithDefault("32768")
        int maxReasoningBudget();
    }

    interface Agent {
        /** Model calls one turn may make (each call may ask for tools; the answer ends the turn). */
        @WithDefault("12")
        int maxRounds();

        /** Prompt plus completion tokens one turn may spend across its model calls. */
        @WithDefault("400000")
        long maxTokens();

        /** How long one tool call may run before the model is told it timed out. */
        @WithDefault("PT60S")
        Duration toolTimeout();

        /**
         * How long {@code optimize_search_parameters} follows its optimisation (an experiment that goes
         * on running after it, in the user's workbench).
         */
        @WithDefault("PT15M")
        Duration optimizationTimeout();

        /**
         * How long {@code discover_strategy} follows its strategy discovery (which goes on after it;
         * its result stays readable at {@code GET /api/v1/strategy-discovery/{id}}).
         */
        @WithDefault("PT20M")
        Duration discoveryTimeout();

        /** How long one model call may stream before the turn ends with an error. */
        @WithDefault("PT180S")
        Duration modelTimeout();

        /** Earlier messages of the conversation given to the model with a new one. */
        @WithDefault("20")
        int historyMessages();

        /** The longest tool result handed to the model, in characters (longer ones are cut, and say so). */
        @WithDefault("20000")
        int maxToolResultChars();
    }

    interface Turns {
        /** Turns one instance runs at once; further commands wait in Kafka. */
        @WithDefault("16")
        int maxConcurrent();

        /**
         * The most turns one user may have running or queued at once, over all their conversations
         * (each conversation has one at a time); one more is refused with 429 and {@code Retry-After}
         * (default 8). While under it, free turn slots go to the user with the fewest turns running.
         */
        @WithDefault("8")
        int perUserMaxActive();

        /**
         * Whether the instance that accepts a turn runs it itself at once while it has a free turn
         * slot (its first events then need not wait for the command's trip through Kafka and the
         * claim; the command is written all the same and its consumer finds the turn taken). Off, or
         * with every slot taken, the turn waits in {@code chat.commands} for any instance's worker.
         */
        @WithDefault("true")
        boolean runWhereAccepted();

        /** How long a start holds the conversation against a second, concurrent start. */
        @WithDefault("PT5S")
        Duration startWindow();

        /**
         * How long a start waits for its conversation's previous turn to be marked ended: the turn's
         * end is in the log a moment before its index row says so, and a client may send the next
         * message as soon as it reads the end. A turn still running after this is a 409.
         */
        @WithDefault("PT2S")
        Duration endGrace();
    }
}
