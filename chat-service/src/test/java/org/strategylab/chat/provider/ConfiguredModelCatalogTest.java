package org.strategylab.chat.provider;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.runtime.configuration.DurationConverter;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.io.IOException;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The catalog built from settings, read the way Quarkus reads them (SmallRye Config mapping). */
class ConfiguredModelCatalogTest {

    private static final String P = "strategylab.chat.models.";

    /** Two models of each cloud vendor and one of ollama; no keys unless a test adds them. */
    private static Map<String, String> twoVendors() {
        Map<String, String> props = new HashMap<>();
        model(props, "openai", 0, "gpt-5", "true", "1.25", "0.125", "10");
        model(props, "openai", 1, "gpt-4.1", "false", "2", null, "8");
        model(props, "anthropic", 0, "claude-sonnet-4-5", "true", "3", "0.3", "15");
        model(props, "anthropic", 1, "claude-haiku-4-5", "true", "1", "0.1", "5");
        model(props, "ollama", 0, "qwen3:8b", "true", null, null, null);
        return props;
    }

    private static void model(Map<String, String> props, String vendor, int i, String model, String reasoning,
                              String input, String cached, String output) {
        String key = P + vendor + ".models[" + i + "].";
        props.put(key + "model", model);
        props.put(key + "context-size", "200000");
        props.put(key + "reasoning", reasoning);
        if (input != null) {
            props.put(key + "input-price", input);
            props.put(key + "output-price", output);
        }
        if (cached != null) {
            props.put(key + "cached-input-price", cached);
        }
    }

    private static ConfiguredModelCatalog catalog(Map<String, String> props) {
        return new ConfiguredModelCatalog(settings(new PropertiesConfigSource(props, "test", 500)));
    }

    private static ModelSettings settings(PropertiesConfigSource source) {
        SmallRyeConfig config = new SmallRyeConfigBuilder().withMapping(ModelSettings.class).withSources(source)
                .addDefaultInterceptors() // ${ENV:} expressions, as Quarkus expands them
                // Quarkus reads "120s"; plain SmallRye needs its converter for that
                .withConverter(Duration.class, 200, new DurationConverter())
                .build();
        return config.getConfigMapping(ModelSettings.class);
    }

    @Test
    void withoutKeysEveryVendorModelIsDisabledNamingItsSettingAndMockIsTheDefault() {
        ConfiguredModelCatalog catalog = catalog(twoVendors());

        assertEquals(List.of("openai/gpt-5", "openai/gpt-4.1", "anthropic/claude-sonnet-4-5",
                        "anthropic/claude-haiku-4-5", "ollama/qwen3:8b", "mock/planner"),
                catalog.models().stream().map(ModelEntry::id).toList());
        ModelEntry gpt = catalog.find("openai/gpt-5").orElseThrow();
        assertFalse(gpt.enabled());
        assertEquals("strategylab.chat.models.openai.api-key (env OPENAI_API_KEY)", gpt.missingKey());
        assertEquals("strategylab.chat.models.anthropic.api-key (env ANTHROPIC_API_KEY)",
                catalog.find("anthropic/claude-haiku-4-5").orElseThrow().missingKey());
        assertEquals("strategylab.chat.models.ollama.base-url (env OLLAMA_BASE_URL)",
                catalog.find("ollama/qwen3:8b").orElseThrow().missingKey());
        ModelEntry mock = catalog.find("mock/planner").orElseThrow();
        assertTrue(mock.enabled());
        assertEquals("mock", mock.provider());
        assertEquals(0, mock.inputPrice() + mock.cachedInputPrice() + mock.outputPrice());
        assertEquals("mock/planner", catalog.defaultModel().id());
        assertEquals("medium", catalog.defaultReasoningEffort());
    }

    @Test
    void aKeyEnablesItsVendorAndItsFirstModelBecomesTheDefault() {
        Map<String, String> props = twoVendors();
        props.put(P + "anthropic.api-key", "sk-ant-test");
        ConfiguredModelCatalog catalog = catalog(props);

        ModelEntry sonnet = catalog.find("anthropic/claude-sonnet-4-5").orElseThrow();
        assertTrue(sonnet.enabled());
        assertNull(sonnet.missingKey());
        assertTrue(catalog.find("anthropic/claude-haiku-4-5").orElseThrow().enabled());
        assertFalse(catalog.find("openai/gpt-5").orElseThrow().enabled());
        assertEquals("anthropic/claude-sonnet-4-5", catalog.defaultModel().id());
        // a request naming only a provider gets that provider's first model, enabled or not
        assertEquals("openai/gpt-5", catalog.defaultOf("openai").orElseThrow().id());
        assertEquals("anthropic/claude-sonnet-4-5", catalog.defaultOf("anthropic").orElseThrow().id());
        assertEquals("mock/planner", catalog.defaultOf("mock").orElseThrow().id());
        assertTrue(catalog.defaultOf("cohere").isEmpty());
    }

    @Test
    void ollamaIsEnabledByItsBaseUrlWithoutAKey() {
        Map<String, String> props = twoVendors();
        props.put(P + "ollama.base-url", "http://localhost:11434");
        ConfiguredModelCatalog catalog = catalog(props);

        assertTrue(catalog.find("ollama/qwen3:8b").orElseThrow().enabled());
        assertEquals("ollama/qwen3:8b", catalog.defaultModel().id());
    }

    @Test
    void theConfiguredDefaultWinsWhenEnabledAndFallsBackWhenItsKeyIsMissing() {
        Map<String, String> props = twoVendors();
        props.put(P + "anthropic.api-key", "sk-ant-test");
        props.put(P + "default-model", "anthropic/claude-haiku-4-5");
        assertEquals("anthropic/claude-haiku-4-5", catalog(props).defaultModel().id());
        assertEquals("anthropic/claude-haiku-4-5", catalog(props).defaultOf("anthropic").orElseThrow().id());

        props.put(P + "default-model", "openai/gpt-5");
        assertEquals("anthropic/claude-sonnet-4-5", catalog(props).defaultModel().id());
    }

    @Test
    void aDefaultModelOutsideTheCatalogOrAnUnknownEffortStopsTheStart() {
        Map<String, String> props = twoVendors();
        props.put(P + "default-model", "openai/gpt-9");
        IllegalStateException unknown = assertThrows(IllegalStateException.class, () -> catalog(props));
        assertTrue(unknown.getMessage().contains("default-model") && unknown.getMessage().contains("openai/gpt-9"),
                unknown.getMessage());

        Map<String, String> effort = twoVendors();
        effort.put(P + "default-reasoning-effort", "maximum");
        IllegalStateException bad = assertThrows(IllegalStateException.class, () -> catalog(effort));
        assertTrue(bad.getMessage().contains("default-reasoning-effort"), bad.getMessage());
    }

    @Test
    void pricesAndBudgetsComeFromTheSettingsWithDocumentedDefaults() {
        ConfiguredModelCatalog catalog = catalog(twoVendors());

        ModelEntry gpt41 = catalog.find("openai/gpt-4.1").orElseThrow();
        assertEquals(2.0, gpt41.cachedInputPrice(), "no cached price: the input price");
        assertFalse(gpt41.supportsReasoning());
        assertNull(gpt41.defaultReasoningBudget(), "no budget for a model that does not reason");
        assertEquals(8192, catalog.find("openai/gpt-5").orElseThrow().defaultReasoningBudget());
        ModelEntry sonnet = catalog.find("anthropic/claude-sonnet-4-5").orElseThrow();
        // 800k uncached at $3, 200k cached at $0.30, 100k out at $15, per million
        assertEquals(2.4 + 0.06 + 1.5, sonnet.costUsd(1_000_000, 200_000, 100_000), 1e-9);
        ModelEntry local = catalog.find("ollama/qwen3:8b").orElseThrow();
        assertEquals(0, local.inputPrice() + local.outputPrice());
    }

    @Test
    void theShippedModelListParsesWithAFewModelsPerVendor() throws IOException {
        ConfiguredModelCatalog catalog = new ConfiguredModelCatalog(settings(new PropertiesConfigSource(
                ConfiguredModelCatalogTest.class.getClassLoader().getResource("application.properties"), 500)));

        Set<String> ids = new HashSet<>();
        for (String vendor : List.of("openai", "anthropic", "gemini", "ollama")) {
            List<ModelEntry> models = catalog.models().stream().filter(m -> m.provider().equals(vendor)).toList();
            assertTrue(models.size() >= 2, vendor + " ships a few models");
            for (ModelEntry model : models) {
                assertTrue(ids.add(model.id()));
                assertTrue(model.contextSize() > 0, model.id());
                boolean local = vendor.equals("ollama");
                assertEquals(local, model.inputPrice() == 0 && model.outputPrice() == 0, model.id() + " prices");
                assertTrue(model.cachedInputPrice() <= model.inputPrice(), model.id());
            }
        }
        assertEquals("mock/planner", catalog.defaultModel().id(), "no key in the shipped settings");
    }
}
