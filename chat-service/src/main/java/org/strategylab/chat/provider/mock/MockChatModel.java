package org.strategylab.chat.provider.mock;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.chat.response.PartialResponse;
import dev.langchain4j.model.chat.response.PartialResponseContext;
import dev.langchain4j.model.chat.response.StreamingChatResponseHandler;
import dev.langchain4j.model.chat.response.StreamingHandle;
import dev.langchain4j.model.output.FinishReason;
import dev.langchain4j.model.output.TokenUsage;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Executor;
import java.util.stream.Collectors;

/**
 * The {@code mock} model: plans with {@link MockPlanner}, and answers the way a vendor's streaming
 * API does — text in small pieces from another thread, then the complete message with its tool
 * call and a token count (about four characters a token). Cancelling the stream stops it between
 * pieces.
 */
final class MockChatModel implements StreamingChatModel {

    private final MockPlanner planner;
    private final Duration pieceDelay;
    private final Duration callDelay;
    private final Executor executor;
    private final String modelName;

    MockChatModel(MockPlanner planner, Duration pieceDelay, Duration callDelay, Executor executor, String modelName) {
        this.planner = planner;
        this.pieceDelay = pieceDelay;
        this.callDelay = callDelay;
        this.executor = executor;
        this.modelName = modelName;
    }

    @Override
    public void doChat(ChatRequest request, StreamingChatResponseHandler handler) {
        Set<String> tools = request.toolSpecifications() == null ? Set.of()
                : request.toolSpecifications().stream().map(ToolSpecification::name).collect(Collectors.toSet());
        executor.execute(() -> stream(request.messages(), tools, handler));
    }

    private void stream(List<ChatMessage> messages, Set<String> tools, StreamingChatResponseHandler handler) {
        try {
            if (!callDelay.isZero()) {
                // a vendor's time to its first token (benchmarks set it; offline use keeps it 0)
                Thread.sleep(callDelay.toMillis());
            }
            MockPlanner.Move move = planner.next(messages, tools);
            Handle handle = new Handle();
            PartialResponseContext context = new PartialResponseContext(handle);
            for (String piece : pieces(move.text())) {
                if (handle.isCancelled()) {
                    return;
                }
                handler.onPartialResponse(new PartialResponse(piece), context);
                pause();
            }
            if (handle.isCancelled()) {
                return;
            }
            int promptTokens = tokens(messages.stream().mapToInt(MockChatModel::length).sum());
            AiMessage message;
            int completionChars = move.text().length();
            if (move instanceof MockPlanner.CallTool call) {
                ToolExecutionRequest request = ToolExecutionRequest.builder().id("mock-" + UUID.randomUUID())
                        .name(call.toolName()).arguments(call.arguments().toString()).build();
                message = AiMessage.from(move.text(), List.of(request));
                completionChars += call.arguments().toString().length();
            } else {
                message = AiMessage.from(move.text());
            }
            handler.onCompleteResponse(ChatResponse.builder().aiMessage(message).modelName(modelName)
                    .tokenUsage(new TokenUsage(promptTokens, tokens(completionChars)))
                    .finishReason(move instanceof MockPlanner.CallTool ? FinishReason.TOOL_EXECUTION : FinishReason.STOP)
                    .build());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            handler.onError(e);
        }
    }

    /** Text in pieces of a few words, as vendors stream it. */
    static List<String> pieces(String text) {
        List<String> pieces = new java.util.ArrayList<>();
        String[] words = text.split("(?<= )");
        StringBuilder piece = new StringBuilder();
        for (String word : words) {
            piece.append(word);
            if (piece.length() >= 12) {
                pieces.add(piece.toString());
                piece.setLength(0);
            }
        }
        if (!piece.isEmpty()) {
            pieces.add(piece.toString());
        }
        return pieces;
    }

    private void pause() {
        if (pieceDelay.isZero()) {
            return;
        }
        try {
            Thread.sleep(pieceDelay.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static int length(ChatMessage message) {
        if (message instanceof SystemMessage system) {
            return system.text().length();
        }
        if (message instanceof UserMessage user) {
            return user.hasSingleText() ? user.singleText().length() : 100;
        }
        if (message instanceof AiMessage ai) {
            int length = ai.text() == null ? 0 : ai.text().length();
            if (ai.hasToolExecutionRequests()) {
                length += ai.toolExecutionRequests().stream().mapToInt(r -> r.arguments().length() + r.name().length()).sum();
            }
            return length;
        }
        if (message instanceof ToolExecutionResultMessage result) {
            return result.text() == null ? 0 : result.text().length();
        }
        return 0;
    }

    private static int tokens(int characters) {
        return Math.max(1, (characters + 3) / 4);
    }

    /** Cancelling stops the stream before its next piece. */
    private static final class Handle implements StreamingHandle {
        private volatile boolean cancelled;

        @Override
        public void cancel() {
            cancelled = true;
        }

        @Override
        public boolean isCancelled() {
            return cancelled;
        }
    }
}
