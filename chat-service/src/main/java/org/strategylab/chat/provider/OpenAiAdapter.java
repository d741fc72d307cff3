package org.strategylab.chat.provider;

import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.openai.OpenAiStreamingChatModel;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * OpenAI chat completions, through quarkus-langchain4j's client (its builder factory replaces
 * langchain4j's own HTTP client, so this only works inside a running Quarkus).
 */
@ApplicationScoped
public class OpenAiAdapter implements ProviderAdapter {

    static final String PUBLIC_BASE_URL = "https://api.openai.com/v1";

    private VendorEndpoint endpoint;
    private final ModelCache cache = new ModelCache();

    @Inject
    public OpenAiAdapter(ModelSettings settings) {
        this(VendorEndpoint.of(settings.openai(), PUBLIC_BASE_URL));
    }

    public OpenAiAdapter(VendorEndpoint endpoint) {
        this.endpoint = endpoint;
    }

    @Override
    public String provider() {
        return "openai";
    }

    @Override
    public StreamingChatModel open(ModelChoice choice) {
        return cache.get(choice, this::build);
    }

    private StreamingChatModel build(ModelChoice choice) {
        OpenAiStreamingChatModel.OpenAiStreamingChatModelBuilder builder = OpenAiStreamingChatModel.builder()
                .baseUrl(endpoint.baseUrl())
                .apiKey(endpoint.keyOrPlaceholder())
                .modelName(choice.entry().model())
                .timeout(endpoint.timeout())
                .seed(choice.seed())
                // max_completion_tokens: reasoning models refuse the older max_tokens
                .maxCompletionTokens(choice.responseTokens())
                // OpenAI itself streams no reasoning text; compatible servers send reasoning_content
                .returnThinking(true);
        if (choice.entry().supportsReasoning()) {
            // reasoning models accept only the default temperature, so the request's is not sent
            if (choice.reasoningEffort() != null) {
                builder.reasoningEffort(choice.reasoningEffort().equals("none") ? "minimal" : choice.reasoningEffort());
            }
        } else {
            builder.temperature(choice.temperature());
        }
        return new ProviderNamedModel(provider(), builder.build(), endpoint.timeout());
    }
}
