package org.strategylab.chat.provider;

import dev.langchain4j.model.anthropic.AnthropicStreamingChatModel;
import dev.langchain4j.model.chat.StreamingChatModel;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Anthropic Messages, through the plain langchain4j library on {@link StreamingHttpClient}.
 * A reasoning effort turns on extended thinking with a budget, and the thinking is streamed back.
 */
@ApplicationScoped
public class AnthropicAdapter implements ProviderAdapter {

    static final String PUBLIC_BASE_URL = "https://api.anthropic.com/v1/";

    /** Answer tokens when a request names none (Anthropic requires max_tokens). */
    static final int DEFAULT_RESPONSE_TOKENS = 8192;

    private VendorEndpoint endpoint;
    private final ModelCache cache = new ModelCache();
    private final java.net.http.HttpClient http = StreamingHttpClient.jdkClient();

    @Inject
    public AnthropicAdapter(ModelSettings settings) {
        this(VendorEndpoint.of(settings.anthropic(), PUBLIC_BASE_URL));
    }

    public AnthropicAdapter(VendorEndpoint endpoint) {
        this.endpoint = endpoint;
    }

    @Override
    public String provider() {
        return "anthropic";
    }

    @Override
    public StreamingChatModel open(ModelChoice choice) {
        return cache.get(choice, this::build);
    }

    private StreamingChatModel build(ModelChoice choice) {
        int answerTokens = choice.responseTokens() != null ? choice.responseTokens() : DEFAULT_RESPONSE_TOKENS;
        AnthropicStreamingChatModel.AnthropicStreamingChatModelBuilder builder = AnthropicStreamingChatModel.builder()
                .httpClientBuilder(StreamingHttpClient.builder(http))
                .baseUrl(endpoint.baseUrl())
                .apiKey(endpoint.keyOrPlaceholder())
                .modelName(choice.entry().model())
                .timeout(endpoint.timeout());
        if (Reasoning.thinks(choice)) {
            int budget = Reasoning.budget(choice);
            // max_tokens counts the thinking too, and must exceed the budget; a thinking model
            // refuses a temperature other than the default, so the request's is not sent
            builder.thinkingType("enabled")
                    .thinkingBudgetTokens(budget)
                    .maxTokens(budget + answerTokens)
                    .returnThinking(true)
                    // the thinking blocks must go back with tool results, or the next call is refused
                    .sendThinking(true);
        } else {
            builder.maxTokens(answerTokens).temperature(choice.temperature());
        }
        return new ProviderNamedModel(provider(), builder.build(), endpoint.timeout());
    }
}
