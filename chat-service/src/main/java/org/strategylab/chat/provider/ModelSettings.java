package org.strategylab.chat.provider;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The model vendors and their models ({@code strategylab.chat.models.*}). The shipped model lists
 * and prices are in {@code application.properties}; every key is documented in the README.
 */
@ConfigMapping(prefix = "strategylab.chat.models")
public interface ModelSettings {

    /** Catalog id of the model a request naming none runs on; empty: the first enabled vendor model, else mock. */
    Optional<String> defaultModel();

    /** {@code none}, {@code low}, {@code medium} or {@code high}. */
    @WithDefault("medium")
    String defaultReasoningEffort();

    Vendor openai();

    Vendor anthropic();

    Vendor gemini();

    Vendor ollama();

    /** One vendor's endpoint and models. */
    interface Vendor {

        /** The API key; the vendor's models are disabled without one (ollama needs none). */
        Optional<String> apiKey();

        /** The API's base URL; empty: the vendor's public one (ollama: empty means disabled). */
        Optional<String> baseUrl();

        /** The longest a whole model call may take. */
        @WithDefault("120s")
        Duration timeout();

        /** Its models, in display order. */
        Optional<List<Model>> models();
    }

    /** One model of a vendor; its catalog id is {@code <provider>/<model>}. */
    interface Model {

        /** The vendor's own model name. */
        String model();

        /** The name shown to users; empty: the vendor model name. */
        Optional<String> name();

        Optional<String> description();

        /** The context window, in tokens. */
        int contextSize();

        /** US dollars per million prompt tokens. */
        @WithDefault("0")
        double inputPrice();

        /** US dollars per million cached prompt tokens; empty: the input price. */
        Optional<Double> cachedInputPrice();

        /** US dollars per million completion tokens. */
        @WithDefault("0")
        double outputPrice();

        /** Whether the model reasons (a reasoning effort other than {@code none} means something). */
        @WithDefault("false")
        boolean reasoning();

        /** Thinking tokens at effort {@code medium} (vendors that take a budget); empty: 8192 for reasoning models. */
        Optional<Integer> reasoningBudget();
    }
}
