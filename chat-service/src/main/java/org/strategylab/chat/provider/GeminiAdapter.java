package org.strategylab.chat.provider;

import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.googleai.GeminiThinkingConfig;
import dev.langchain4j.model.googleai.GoogleAiGeminiStreamingChatModel;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Google's Gemini API ({@code streamGenerateContent}), through langchain4j's Gemini model on
 * {@link StreamingHttpClient}. A reasoning effort becomes a thinking budget with the
 * thought summaries streamed back.
 */
@ApplicationScoped
public class GeminiAdapter implements ProviderAdapter {

    static final String PUBLIC_BASE_URL = "https://generativelanguage.googleapis.com/v1beta";

    /** The smallest budget the Pro models take: they cannot turn thinking off. */
    static final int PRO_MIN_BUDGET = 128;

    private VendorEndpoint endpoint;
    private final ModelCache cache = new ModelCache();
    private final java.net.http.HttpClient http = StreamingHttpClient.jdkClient();

    @Inject
    public GeminiAdapter(ModelSettings settings) {
        this(VendorEndpoint.of(settings.gemini(), PUBLIC_BASE_URL));
    }

    public GeminiAdapter(VendorEndpoint endpoint) {
        this.endpoint = endpoint;
    }

    @Override
    public String provider() {
        return "gemini";
    }

    @Override
    public StreamingChatModel open(ModelChoice choice) {
        return cache.get(choice, this::build);
    }

    private StreamingChatModel build(ModelChoice choice) {
        GoogleAiGeminiStreamingChatModel.GoogleAiGeminiStreamingChatModelBuilder builder =
                GoogleAiGeminiStreamingChatModel.builder()
                        .httpClientBuilder(StreamingHttpClient.builder(http))
                        .baseUrl(endpoint.baseUrl())
                        .apiKey(endpoint.keyOrPlaceholder())
                        .modelName(choice.entry().model())
                        .timeout(endpoint.timeout())
                        .temperature(choice.temperature())
                        .seed(choice.seed())
                        .maxOutputTokens(choice.responseTokens());
        if (Reasoning.thinks(choice)) {
            builder.thinkingConfig(GeminiThinkingConfig.builder()
                            .thinkingBudget(Reasoning.budget(choice))
                            .includeThoughts(true)
                            .build())
                    .returnThinking(true)
                    // thought signatures must go back with function responses
                    .sendThinking(true);
        } else if (Reasoning.off(choice)) {
            int none = choice.entry().model().contains("-pro") ? PRO_MIN_BUDGET : 0;
            builder.thinkingConfig(GeminiThinkingConfig.builder().thinkingBudget(none).build());
        }
        return new ProviderNamedModel(provider(), builder.build(), endpoint.timeout());
    }
}
