package org.strategylab.chat.provider;

import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The catalog from {@link ModelSettings}: every configured vendor model (enabled when its vendor
 * has a key, or for ollama a base URL), then {@code mock/planner}, which always works. Built once
 * at start; a default model that names no catalog entry stops the start.
 */
@ApplicationScoped
@Startup
public class ConfiguredModelCatalog implements ModelCatalog {

    /** The catalog id of the offline model. */
    public static final String MOCK_MODEL_ID = "mock/planner";

    /** The reasoning efforts a request may name. */
    public static final Set<String> REASONING_EFFORTS = Set.of("none", "low", "medium", "high");

    /** Thinking tokens at effort {@code medium} when a reasoning model's settings name none. */
    static final int DEFAULT_REASONING_BUDGET = 8192;

    private static final String PREFIX = "strategylab.chat.models.";

    private List<ModelEntry> models;
    private ModelEntry defaultModel;
    private String defaultReasoningEffort;

    @Inject
    public ConfiguredModelCatalog(ModelSettings settings) {
        List<ModelEntry> entries = new ArrayList<>();
        addVendor(entries, "openai", settings.openai(), settings.openai().apiKey().isPresent(),
                PREFIX + "openai.api-key (env OPENAI_API_KEY)");
        addVendor(entries, "anthropic", settings.anthropic(), settings.anthropic().apiKey().isPresent(),
                PREFIX + "anthropic.api-key (env ANTHROPIC_API_KEY)");
        addVendor(entries, "gemini", settings.gemini(), settings.gemini().apiKey().isPresent(),
                PREFIX + "gemini.api-key (env GEMINI_API_KEY)");
        // a local Ollama needs no key: setting its address is what turns it on
        addVendor(entries, "ollama", settings.ollama(), settings.ollama().baseUrl().isPresent(),
                PREFIX + "ollama.base-url (env OLLAMA_BASE_URL)");
        entries.add(mockEntry());
        this.models = List.copyOf(entries);
        rejectDuplicates(models);

        this.defaultReasoningEffort = settings.defaultReasoningEffort();
        if (!REASONING_EFFORTS.contains(defaultReasoningEffort)) {
            throw new IllegalStateException(PREFIX + "default-reasoning-effort is '" + defaultReasoningEffort
                    + "'; expected one of none, low, medium, high");
        }
        this.defaultModel = chooseDefault(settings.defaultModel());
    }

    @Override
    public List<ModelEntry> models() {
        return models;
    }

    @Override
    public Optional<ModelEntry> find(String id) {
        return models.stream().filter(m -> m.id().equals(id)).findFirst();
    }

    @Override
    public ModelEntry defaultModel() {
        return defaultModel;
    }

    @Override
    public Optional<ModelEntry> defaultOf(String provider) {
        if (defaultModel.provider().equals(provider)) {
            return Optional.of(defaultModel);
        }
        return models.stream().filter(m -> m.provider().equals(provider)).findFirst();
    }

    @Override
    public String defaultReasoningEffort() {
        return defaultReasoningEffort;
    }

    private static void addVendor(List<ModelEntry> entries, String provider, ModelSettings.Vendor vendor,
                                  boolean enabled, String missingKey) {
        for (ModelSettings.Model model : vendor.models().orElse(List.of())) {
            Integer budget = model.reasoning()
                    ? model.reasoningBudget().orElse(DEFAULT_REASONING_BUDGET) : null;
            entries.add(new ModelEntry(provider + "/" + model.model(), model.name().orElse(model.model()), provider,
                    model.model(), model.description().orElse(null), model.reasoning(), enabled,
                    enabled ? null : missingKey, model.contextSize(), budget, model.inputPrice(),
                    model.cachedInputPrice().orElse(model.inputPrice()), model.outputPrice()));
        }
    }

    private static ModelEntry mockEntry() {
        return new ModelEntry(MOCK_MODEL_ID, "Mock planner", "mock", "planner",
                "Deterministic offline planner: reads the message, calls the real tools, needs no key or network",
                false, true, null, 128_000, null, 0, 0, 0);
    }

    private static void rejectDuplicates(List<ModelEntry> models) {
        Set<String> seen = new HashSet<>();
        for (ModelEntry model : models) {
            if (!seen.add(model.id())) {
                throw new IllegalStateException(PREFIX + "<provider>.models lists '" + model.id() + "' twice");
            }
        }
    }

    /**
     * The configured default when it is enabled; a configured default whose vendor has no key falls
     * back like an unset one (a machine without keys still starts), but an unknown id is a typo.
     */
    private ModelEntry chooseDefault(Optional<String> configured) {
        if (configured.isPresent()) {
            ModelEntry named = find(configured.get()).orElseThrow(() -> new IllegalStateException(
                    PREFIX + "default-model names '" + configured.get() + "', which is not in the catalog"));
            if (named.enabled()) {
                return named;
            }
        }
        return models.stream()
                .filter(m -> m.enabled() && !m.provider().equals("mock"))
                .findFirst()
                .orElseGet(() -> find(MOCK_MODEL_ID).orElseThrow());
    }
}
