package org.strategylab.chat.provider;

import io.quarkus.arc.DefaultBean;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Optional;

/** Placeholder until the vendor catalog lands: only the mock model. */
@ApplicationScoped
@DefaultBean
public class MockOnlyCatalog implements ModelCatalog {

    private static final ModelEntry MOCK = new ModelEntry("mock/planner", "Mock planner", "mock", "mock-planner",
            "offline", false, true, null, 128000, null, 0, 0, 0);

    @Override
    public List<ModelEntry> models() {
        return List.of(MOCK);
    }

    @Override
    public Optional<ModelEntry> find(String id) {
        return MOCK.id().equals(id) ? Optional.of(MOCK) : Optional.empty();
    }

    @Override
    public ModelEntry defaultModel() {
        return MOCK;
    }

    @Override
    public Optional<ModelEntry> defaultOf(String provider) {
        return "mock".equals(provider) ? Optional.of(MOCK) : Optional.empty();
    }

    @Override
    public String defaultReasoningEffort() {
        return "medium";
    }
}
