package org.strategylab.chat.agent;

import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.chat.response.CompleteToolCall;
import dev.langchain4j.model.chat.response.PartialResponse;
import dev.langchain4j.model.chat.response.PartialResponseContext;
import dev.langchain4j.model.chat.response.PartialThinking;
import dev.langchain4j.model.chat.response.PartialThinkingContext;
import dev.langchain4j.model.chat.response.StreamingChatResponseHandler;
import dev.langchain4j.model.chat.response.StreamingHandle;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * One streaming model call, waited for: text and thinking go to the given consumers as they arrive,
 * the complete response (with its tool calls and usage) is the answer. {@link #cancel()} stops the
 * vendor's stream at once (no further tokens are billed) and makes the wait end with a
 * {@link CancellationException}.
 */
final class ModelCall {

    private final CompletableFuture<ChatResponse> done = new CompletableFuture<>();
    private final AtomicReference<StreamingHandle> stream = new AtomicReference<>();
    private volatile boolean cancelled;

    /** Streams the request; answers the complete response. */
    ChatResponse run(StreamingChatModel model, ChatRequest request, Consumer<String> text, Consumer<String> thinking,
                     Duration timeout) throws InterruptedException, TimeoutException, ModelFailure {
        model.chat(request, new StreamingChatResponseHandler() {
            @Override
            public void onPartialResponse(PartialResponse partial, PartialResponseContext context) {
                if (keep(context.streamingHandle()) && partial.text() != null && !partial.text().isEmpty()) {
                    text.accept(partial.text());
                }
            }

            @Override
            public void onPartialThinking(PartialThinking partial, PartialThinkingContext context) {
                if (keep(context.streamingHandle()) && partial.text() != null && !partial.text().isEmpty()) {
                    thinking.accept(partial.text());
                }
            }

            @Override
            public void onCompleteToolCall(CompleteToolCall call) {
                // the complete response carries every call; nothing to do before it
            }

            @Override
            public void onCompleteResponse(ChatResponse response) {
                done.complete(response);
            }

            @Override
            public void onError(Throwable error) {
                done.completeExceptionally(error);
            }
        });
        try {
            return done.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof CancellationException cancel) {
                throw cancel;
            }
            throw new ModelFailure(e.getCause());
        } catch (TimeoutException e) {
            cancel();
            throw e;
        }
    }

    /** Stops the stream; the wait ends at once. */
    void cancel() {
        cancelled = true;
        StreamingHandle handle = stream.get();
        if (handle != null && !handle.isCancelled()) {
            handle.cancel();
        }
        done.completeExceptionally(new CancellationException("the turn was cancelled"));
    }

    /** Remembers the stream's handle; cancels it when a cancel came before the first token. */
    private boolean keep(StreamingHandle handle) {
        if (handle != null) {
            stream.compareAndSet(null, handle);
        }
        if (cancelled) {
            if (handle != null && !handle.isCancelled()) {
                handle.cancel();
            }
            return false;
        }
        return true;
    }

    /** The vendor failed (an HTTP error, a broken stream); the message names the provider where the adapter does. */
    static final class ModelFailure extends Exception {
        ModelFailure(Throwable cause) {
            super(cause == null ? "the model call failed" : cause.getMessage(), cause);
        }
    }
}
