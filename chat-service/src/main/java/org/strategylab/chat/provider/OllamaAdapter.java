package org.strategylab.chat.provider;

import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.ollama.OllamaStreamingChatModel;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Map;

/**
 * A local (or hosted) Ollama's {@code /api/chat}, through the plain langchain4j library on
 * {@link StreamingHttpClient}. For thinking models a reasoning effort switches {@code think}.
 */
@ApplicationScoped
public class OllamaAdapter implements ProviderAdapter {

    /** Ollama's own default address: used only when the adapter is asked for a model anyway. */
    static final String LOCAL_BASE_URL = "http://localhost:11434";

    private VendorEndpoint endpoint;
    private final ModelCache cache = new ModelCache();
    private final java.net.http.HttpClient http = StreamingHttpClient.jdkClient();

    @Inject
    public OllamaAdapter(ModelSettings settings) {
        this(VendorEndpoint.of(settings.ollama(), LOCAL_BASE_URL));
    }

    public OllamaAdapter(VendorEndpoint endpoint) {
        this.endpoint = endpoint;
    }

    @Override
    public String provider() {
        return "ollama";
    }

    @Override
    public StreamingChatModel open(ModelChoice choice) {
        return cache.get(choice, this::build);
    }

    private StreamingChatModel build(ModelChoice choice) {
        OllamaStreamingChatModel.OllamaStreamingChatModelBuilder builder = OllamaStreamingChatModel.builder()
                .httpClientBuilder(StreamingHttpClient.builder(http))
                .baseUrl(endpoint.baseUrl())
                .modelName(choice.entry().model())
                .timeout(endpoint.timeout())
                .temperature(choice.temperature())
                .seed(choice.seed())
                .numPredict(choice.responseTokens());
        if (endpoint.apiKey() != null) {
            // a hosted Ollama behind a proxy takes a bearer key; a local one needs none
            builder.customHeaders(Map.of("Authorization", "Bearer " + endpoint.apiKey()));
        }
        if (Reasoning.thinks(choice)) {
            builder.think(true).returnThinking(true);
        } else if (Reasoning.off(choice)) {
            builder.think(false);
        }
        return new ProviderNamedModel(provider(), builder.build(), endpoint.timeout());
    }
}
