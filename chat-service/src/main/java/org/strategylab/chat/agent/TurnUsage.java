package org.strategylab.chat.agent;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.model.output.TokenUsage;
import org.strategylab.chat.provider.ModelEntry;

/**
 * The tokens a turn spent across its model calls, and what they cost at the model's prices; its
 * sub-agents' tokens are counted apart ({@code subAgent…}) and their cost is in the turn's.
 */
final class TurnUsage {

    private long promptTokens;
    private long completionTokens;
    private long cachedTokens;
    private int modelCalls;
    private int toolCalls;
    private long subAgentPromptTokens;
    private long subAgentCompletionTokens;
    private int subAgentCalls;
    private double subAgentCostUsd;

    synchronized void addCall(TokenUsage usage) {
        modelCalls++;
        if (usage != null) {
            promptTokens += usage.inputTokenCount() == null ? 0 : usage.inputTokenCount();
            completionTokens += usage.outputTokenCount() == null ? 0 : usage.outputTokenCount();
        }
    }

    /** What a sub-agent of the turn spent (delegation): reported beside the turn's own, its cost added. */
    synchronized void addSubAgent(long prompt, long completion, int calls, double costUsd) {
        subAgentPromptTokens += prompt;
        subAgentCompletionTokens += completion;
        subAgentCalls += calls;
        subAgentCostUsd += costUsd;
    }

    synchronized void addToolCall() {
        toolCalls++;
    }

    synchronized long promptTokens() {
        return promptTokens;
    }

    synchronized int toolCalls() {
        return toolCalls;
    }

    /** The {@code message_end} payload (api-contract.md §5.4). */
    synchronized ObjectNode toEvent(ModelEntry model, int registeredTools) {
        ObjectNode usage = TurnEvents.object();
        usage.put("promptTokens", promptTokens).put("completionTokens", completionTokens)
                .put("totalTokens", promptTokens + completionTokens).put("cachedTokens", cachedTokens)
                .put("toolCallCount", toolCalls).put("registeredToolCount", registeredTools)
                .put("llmCallCount", modelCalls).put("subAgentPromptTokens", subAgentPromptTokens)
                .put("subAgentCompletionTokens", subAgentCompletionTokens).put("subAgentCallCount", subAgentCalls)
                // the whole turn's cost: its own calls and its sub-agents'
                .put("estimatedCostUsd", model.costUsd(promptTokens, cachedTokens, completionTokens) + subAgentCostUsd)
                .put("modelId", model.id());
        return usage;
    }
}
