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
import java.util.List;
import java.util.Set;

/**
 * A vendor's streaming model whose failures all reach {@code onError} as a {@link ProviderFailure}
 * naming the provider: the vendor clients report some failures with their own exception types
 * (which do not say whose they are) and throw others straight out of {@code chat}.
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

    /** Passes everything on; errors are named on the way. */
    private final class NamingHandler implements StreamingChatResponseHandler {

        private final StreamingChatResponseHandler target;

        NamingHandler(StreamingChatResponseHandler target) {
            this.target = target;
        }

        @Override
        public void onPartialResponse(String partialResponse) {
            target.onPartialResponse(partialResponse);
        }

        @Override
        public void onPartialResponse(PartialResponse partialResponse, PartialResponseContext context) {
            target.onPartialResponse(partialResponse, context);
        }

        @Override
        public void onPartialThinking(PartialThinking partialThinking) {
            target.onPartialThinking(partialThinking);
        }

        @Override
        public void onPartialThinking(PartialThinking partialThinking, PartialThinkingContext context) {
            target.onPartialThinking(partialThinking, context);
        }

        @Override
        public void onPartialToolCall(PartialToolCall partialToolCall) {
            target.onPartialToolCall(partialToolCall);
        }

        @Override
        public void onPartialToolCall(PartialToolCall partialToolCall, PartialToolCallContext context) {
            target.onPartialToolCall(partialToolCall, context);
        }

        @Override
        public void onCompleteToolCall(CompleteToolCall completeToolCall) {
            target.onCompleteToolCall(completeToolCall);
        }

        @Override
        public void onCompleteResponse(ChatResponse completeResponse) {
            target.onCompleteResponse(completeResponse);
        }

        @Override
        public void onError(Throwable error) {
            target.onError(ProviderErrors.wrap(provider, error));
        }
    }
}
