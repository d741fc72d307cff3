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
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A vendor's streaming model whose failures all reach {@code onError} as a {@link ProviderFailure}
 * naming the provider (the vendor clients report some failures with their own exception types,
 * which do not say whose they are, and throw others straight out of {@code chat}), and whose
 * streaming handle, once cancelled, silences the call: nothing more reaches the handler. The
 * vendor's own cancel still runs; it closes the connection where the client supports it (every
 * vendor but OpenAI through quarkus-langchain4j, whose handle does nothing).
 */
final class ProviderNamedModel implements StreamingChatModel {

    private final String provider;
    private final StreamingChatModel delegate;

    ProviderNamedModel(String provider, StreamingChatModel delegate) {
        this.provider = provider;
        this.delegate = delegate;
    }

    @Override
    public void chat(ChatRequest request, StreamingChatResponseHandler handler) {
        NamingHandler naming = new NamingHandler(handler);
        try {
            delegate.chat(request, naming);
        } catch (RuntimeException e) {
            naming.onError(e);
        }
    }

    @Override
    public void chat(ChatRequest request, ChatRequestOptions options, StreamingChatResponseHandler handler) {
        NamingHandler naming = new NamingHandler(handler);
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

    /** Passes everything on until cancelled; errors are named on the way. */
    private final class NamingHandler implements StreamingChatResponseHandler {

        private final StreamingChatResponseHandler target;
        private final AtomicBoolean cancelled = new AtomicBoolean();

        NamingHandler(StreamingChatResponseHandler target) {
            this.target = target;
        }

        /** The vendor's handle, made to silence this call too. */
        private StreamingHandle handle(StreamingHandle vendor) {
            return new StreamingHandle() {
                @Override
                public void cancel() {
                    cancelled.set(true);
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
            if (!cancelled.get()) {
                target.onPartialResponse(partialResponse);
            }
        }

        @Override
        public void onPartialResponse(PartialResponse partialResponse, PartialResponseContext context) {
            if (!cancelled.get()) {
                target.onPartialResponse(partialResponse, new PartialResponseContext(handle(context.streamingHandle())));
            }
        }

        @Override
        public void onPartialThinking(PartialThinking partialThinking) {
            if (!cancelled.get()) {
                target.onPartialThinking(partialThinking);
            }
        }

        @Override
        public void onPartialThinking(PartialThinking partialThinking, PartialThinkingContext context) {
            if (!cancelled.get()) {
                target.onPartialThinking(partialThinking, new PartialThinkingContext(handle(context.streamingHandle())));
            }
        }

        @Override
        public void onPartialToolCall(PartialToolCall partialToolCall) {
            if (!cancelled.get()) {
                target.onPartialToolCall(partialToolCall);
            }
        }

        @Override
        public void onPartialToolCall(PartialToolCall partialToolCall, PartialToolCallContext context) {
            if (!cancelled.get()) {
                target.onPartialToolCall(partialToolCall, new PartialToolCallContext(handle(context.streamingHandle())));
            }
        }

        @Override
        public void onCompleteToolCall(CompleteToolCall completeToolCall) {
            if (!cancelled.get()) {
                target.onCompleteToolCall(completeToolCall);
            }
        }

        @Override
        public void onCompleteResponse(ChatResponse completeResponse) {
            if (!cancelled.get()) {
                target.onCompleteResponse(completeResponse);
            }
        }

        @Override
        public void onError(Throwable error) {
            // a cancelled call's connection dies as asked: that is no failure to report
            if (!cancelled.get()) {
                target.onError(ProviderErrors.wrap(provider, error));
            }
        }
    }
}
