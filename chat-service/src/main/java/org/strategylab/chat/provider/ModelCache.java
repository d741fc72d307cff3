package org.strategylab.chat.provider;

import dev.langchain4j.model.chat.StreamingChatModel;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The models an adapter built, keyed by the whole choice (model and per-request settings): a
 * client is built once per distinct setting rather than once per turn.
 */
final class ModelCache {

    /** Per-request temperatures and seeds make the key space open; past this, start over. */
    private static final int MAX_MODELS = 256;

    private final Map<ModelChoice, StreamingChatModel> models = new ConcurrentHashMap<>();

    StreamingChatModel get(ModelChoice choice, Function<ModelChoice, StreamingChatModel> build) {
        if (models.size() >= MAX_MODELS) {
            models.clear();
        }
        return models.computeIfAbsent(choice, build);
    }
}
