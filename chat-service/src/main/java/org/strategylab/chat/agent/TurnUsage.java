package org.strategylab.chat.agent;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.model.output.TokenUsage;
import org.strategylab.chat.provider.ModelEntry;

/** The tokens a turn spent across its model calls, and what they cost at the model's prices. */
final class TurnUsage {

    private long promptTokens;
    private long completionTokens;
    private long cachedTokens;
    private int modelCalls;
    private int toolCalls;

    synchronized void addCall(TokenUsage usage) {
        modelCalls++;
        if (usage != null) {
            promptTokens += usage.inputTokenCount() == null ? 0 : usage.inputTokenCount();
            completionTokens += usage.outputTokenCount() == null ? 0 : usage.outputTokenCount();
        }
    }

    synchronized void addToolCall() {
        toolCalls++;
    }

    synchronized long totalTokens() {
        return promptTokens + completionTokens;
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
                .put("llmCallCount", modelCalls).put("subAgentPromptTokens", 0).put("subAgentCompletionTokens", 0)
                .put("subAgentCallCount", 0)
                .put("estimatedCostUsd", model.costUsd(promptTokens, cachedTokens, completionTokens))
                .put("modelId", model.id());
        return usage;
    }
}
