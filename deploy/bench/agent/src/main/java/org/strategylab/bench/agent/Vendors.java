package org.strategylab.bench.agent;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The model vendors chat-service can call, how the environment enables each (chat-service's
 * {@code application.properties}: a key, or for Ollama its address) and its default base URL
 * (chat-service's {@code ModelSettings}).
 */
final class Vendors {

    /** A vendor: its provider name, the variable that enables it, its default base URL (null: none). */
    record Vendor(String provider, String enabledBy, String defaultBaseUrl) {

        /** The setting of its base URL in chat-service. */
        String baseUrlSetting() {
            return "strategylab.chat.models." + provider + ".base-url";
        }

        /** The setting of its key in chat-service. */
        String apiKeySetting() {
            return "strategylab.chat.models." + provider + ".api-key";
        }

        /** Whether {@code env} enables it. */
        boolean enabledIn(Map<String, String> env) {
            String value = env.get(enabledBy);
            return value != null && !value.isBlank();
        }

        /** Its base URL as chat-service would use it with {@code env}: the override's, Ollama's variable's, or the default. */
        String baseUrl(Map<String, String> env) {
            String override = env.get("STRATEGYLAB_CHAT_MODELS_" + provider.toUpperCase(Locale.ROOT) + "_BASE_URL");
            if (override != null && !override.isBlank()) {
                return override;
            }
            return defaultBaseUrl != null ? defaultBaseUrl : env.get(enabledBy);
        }
    }

    static final List<Vendor> ALL = List.of(
            new Vendor("openai", "OPENAI_API_KEY", "https://api.openai.com/v1"),
            new Vendor("anthropic", "ANTHROPIC_API_KEY", "https://api.anthropic.com/v1/"),
            new Vendor("gemini", "GEMINI_API_KEY", "https://generativelanguage.googleapis.com/v1beta"),
            new Vendor("ollama", "OLLAMA_BASE_URL", null));

    private Vendors() {
    }

    static Vendor named(String provider) {
        return ALL.stream().filter(v -> v.provider().equals(provider)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no vendor '" + provider + "'; one of openai, anthropic, gemini, ollama"));
    }
}
