package org.strategylab.chat.provider;

import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.chat.response.PartialResponse;
import dev.langchain4j.model.chat.response.PartialResponseContext;
import dev.langchain4j.model.chat.response.PartialThinking;
import dev.langchain4j.model.chat.response.StreamingChatResponseHandler;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/** Records what a streaming model delivered, the way the agent loop sees it. */
final class RecordingHandler implements StreamingChatResponseHandler {

    final List<String> text = new CopyOnWriteArrayList<>();
    final List<String> thinking = new CopyOnWriteArrayList<>();
    /** Completes with the response, or exceptionally with what reached {@code onError}. */
    final CompletableFuture<ChatResponse> outcome = new CompletableFuture<>();
    private final boolean cancelOnFirstText;

    RecordingHandler(boolean cancelOnFirstText) {
        this.cancelOnFirstText = cancelOnFirstText;
    }

    RecordingHandler() {
        this(false);
    }

    @Override
    public void onPartialResponse(PartialResponse partialResponse, PartialResponseContext context) {
        text.add(partialResponse.text());
        if (cancelOnFirstText) {
            context.streamingHandle().cancel();
        }
    }

    @Override
    public void onPartialThinking(PartialThinking partialThinking) {
        thinking.add(partialThinking.text());
    }

    @Override
    public void onCompleteResponse(ChatResponse completeResponse) {
        outcome.complete(completeResponse);
    }

    @Override
    public void onError(Throwable error) {
        outcome.completeExceptionally(error);
    }

    ChatResponse response() throws Exception {
        return outcome.get(20, TimeUnit.SECONDS);
    }

    /** What reached {@code onError}; fails when the call completed instead. */
    Throwable error() throws Exception {
        try {
            ChatResponse response = outcome.get(20, TimeUnit.SECONDS);
            throw new AssertionError("expected onError, got a response: " + response);
        } catch (java.util.concurrent.ExecutionException e) {
            return e.getCause();
        }
    }
}
