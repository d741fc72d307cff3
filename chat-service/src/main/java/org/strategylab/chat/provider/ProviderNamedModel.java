package org.strategylab.chat.provider;

import dev.langchain4j.model.ModelProvider;
import dev.langchain4j.model.chat.Capability;
import dev.langchain4j.model.chat.ChatRequestOptions;
import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.chat.listener.ChatModelListener;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.chat.response.CompleteToolCall;
import dev.langchain4j.model.chat.response.PartialResponse;
import dev.langchain4j.model.chat.response.PartialResponseContext;
import dev.langchain4j.model.chat.response.PartialThinking;
import dev.langchain4j.model.chat.response.PartialThinkingContext;
import dev.langchain4j.model.chat.response.PartialToolCall;
import dev.langchain4j.model.chat.response.PartialToolCallContext;
import dev.langchain4j.model.chat.response.StreamingChatResponseHandler;
import dev.langchain4j.model.chat.response.StreamingHandle;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A vendor's streaming model whose failures all reach {@code onError} as a {@link ProviderFailure}
 * naming the provider (the vendor clients report some failures with their own exception types,
 * which do not say whose they are, and throw others straight out of {@code chat}), and whose
 * streaming handle, once cancelled, silences the call: nothing more reaches the handler. The
 * vendor's own cancel still runs; it closes the connection where the client supports it (every
 * vendor but OpenAI through quarkus-langchain4j, whose handle does nothing). A call that has not
 * completed when the vendor's timeout is up ends with a {@link ProviderFailure} and is cancelled.
 * Exactly one of {@code onCompleteResponse} and {@code onError} reaches the handler.
 */
final class ProviderNamedModel implements StreamingChatModel {

    /** Ends calls whose time is up (one daemon thread for every vendor). */
    private static final ScheduledExecutorService DEADLINES = Executors.newSingleThreadScheduledExecutor(task -> {
        Thread thread = new Thread(task, "model-call-deadlines");
        thread.setDaemon(true);
        return thread;
    });

    private final String provider;
    private final StreamingChatModel delegate;
    private final Duration timeout;

    ProviderNamedModel(String provider, StreamingChatModel delegate, Duration timeout) {
        this.provider = provider;
        this.delegate = delegate;
        this.timeout = timeout;
    }

    @Override
    public void chat(ChatRequest request, StreamingChatResponseHandler handler) {
        NamingHandler naming = new NamingHandler(handler);
        naming.startDeadline();
        try {
            delegate.chat(request, naming);
        } catch (RuntimeException e) {
            naming.onError(e);
        }
    }

    @Override
    public void chat(ChatRequest request, ChatRequestOptions options, StreamingChatResponseHandler handler) {
        NamingHandler naming = new NamingHandler(handler);
        naming.startDeadline();
        try {
            delegate.chat(request, options, naming);
        } catch (RuntimeException e) {
            naming.onError(e);
        }
    }

    @Override
    public ChatRequestParameters defaultRequestParameters() {
        return delegate.defaultRequestParameters();
    }

    @Override
    public List<ChatModelListener> listeners() {
        return delegate.listeners();
    }

    @Override
    public ModelProvider provider() {
        return delegate.provider();
    }

    @Override
    public Set<Capability> supportedCapabilities() {
        return delegate.supportedCapabilities();
    }

    /** Passes everything on until cancelled or finished; errors are named on the way. */
    private final class NamingHandler implements StreamingChatResponseHandler {

        private final StreamingChatResponseHandler target;
        private final AtomicBoolean cancelled = new AtomicBoolean();
        private final AtomicBoolean finished = new AtomicBoolean();
        private final AtomicReference<StreamingHandle> vendorHandle = new AtomicReference<>();
        private volatile ScheduledFuture<?> deadline;

        NamingHandler(StreamingChatResponseHandler target) {
            this.target = target;
        }

        void startDeadline() {
            if (timeout != null) {
                deadline = DEADLINES.schedule(this::timeUp, timeout.toMillis(), TimeUnit.MILLISECONDS);
            }
        }

        private void timeUp() {
            if (finished.compareAndSet(false, true)) {
                StreamingHandle vendor = vendorHandle.get();
                if (vendor != null) {
                    vendor.cancel();
                }
                target.onError(new ProviderFailure(provider, null, "no complete answer within " + timeout, null));
            }
        }

        private boolean silenced() {
            return cancelled.get() || finished.get();
        }

        /** Claims the one terminal callback: false when the call was cancelled or already ended. */
        private boolean finish() {
            if (cancelled.get() || !finished.compareAndSet(false, true)) {
                return false;
            }
            ScheduledFuture<?> pending = deadline;
            if (pending != null) {
                pending.cancel(false);
            }
            return true;
        }

        /** The vendor's handle, made to silence this call too. */
        private StreamingHandle handle(StreamingHandle vendor) {
            vendorHandle.set(vendor);
            return new StreamingHandle() {
                @Override
                public void cancel() {
                    cancelled.set(true);
                    ScheduledFuture<?> pending = deadline;
                    if (pending != null) {
                        pending.cancel(false);
                    }
                    vendor.cancel();
                }

                @Override
                public boolean isCancelled() {
                    return cancelled.get();
                }
            };
        }

        @Override
        public void onPartialResponse(String partialResponse) {
            if (!silenced()) {
                target.onPartialResponse(partialResponse);
            }
        }

        @Override
        public void onPartialResponse(PartialResponse partialResponse, PartialResponseContext context) {
            if (!silenced()) {
                target.onPartialResponse(partialResponse, new PartialResponseContext(handle(context.streamingHandle())));
            }
        }

        @Override
        public void onPartialThinking(PartialThinking partialThinking) {
            if (!silenced()) {
                target.onPartialThinking(partialThinking);
            }
        }

        @Override
        public void onPartialThinking(PartialThinking partialThinking, PartialThinkingContext context) {
            if (!silenced()) {
                target.onPartialThinking(partialThinking, new PartialThinkingContext(handle(context.streamingHandle())));
            }
        }

        @Override
        public void onPartialToolCall(PartialToolCall partialToolCall) {
            if (!silenced()) {
                target.onPartialToolCall(partialToolCall);
            }
        }

        @Override
        public void onPartialToolCall(PartialToolCall partialToolCall, PartialToolCallContext context) {
            if (!silenced()) {
                target.onPartialToolCall(partialToolCall, new PartialToolCallContext(handle(context.streamingHandle())));
            }
        }

        @Override
        public void onCompleteToolCall(CompleteToolCall completeToolCall) {
            if (!silenced()) {
                target.onCompleteToolCall(completeToolCall);
            }
        }

        @Override
        public void onCompleteResponse(ChatResponse completeResponse) {
            if (finish()) {
                target.onCompleteResponse(completeResponse);
            }
        }

        @Override
        public void onError(Throwable error) {
            // a cancelled call's connection dies as asked: that is no failure to report
            if (finish()) {
                target.onError(ProviderErrors.wrap(provider, error));
            }
        }
    }
}
