package org.strategylab.chat.service;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Optional;
import org.strategylab.chat.api.ChatRequest;
import org.strategylab.chat.provider.ModelCatalog;
import org.strategylab.chat.provider.ModelEntry;
import org.strategylab.edge.problem.FieldError;

/** Which catalog model a request runs on: its {@code model}, else its {@code provider}'s default, else the catalog's default. */
@ApplicationScoped
public class ModelSelection {

    public static final List<String> PROVIDERS = List.of("openai", "anthropic", "gemini", "ollama", "mock");

    @Inject
    ModelCatalog catalog;

    /** The model, or the field error that says why there is none. */
    public record Choice(ModelEntry model, FieldError error) {
    }

    public Choice choose(ChatRequest request) {
        Optional<ModelEntry> model;
        String pointer;
        if (request.model() != null && !request.model().isBlank()) {
            model = catalog.find(request.model().trim());
            pointer = "/model";
            if (model.isEmpty()) {
                return new Choice(null, new FieldError(pointer, "unknown model '" + request.model()
                        + "'; GET /api/v1/models lists them"));
            }
            if (request.provider() != null && !request.provider().isBlank()
                    && !provider(request.provider()).equals(model.get().provider())) {
                return new Choice(null, new FieldError("/provider", "model " + model.get().id() + " is served by "
                        + model.get().provider() + ", not " + request.provider()));
            }
        } else if (request.provider() != null && !request.provider().isBlank()) {
            pointer = "/provider";
            String provider = provider(request.provider());
            if (!PROVIDERS.contains(provider)) {
                return new Choice(null, new FieldError(pointer, "unknown provider '" + request.provider()
                        + "'; one of " + String.join(", ", PROVIDERS)));
            }
            model = catalog.defaultOf(provider);
            if (model.isEmpty()) {
                return new Choice(null, new FieldError(pointer, "no model of provider " + provider + " is in the catalog"));
            }
        } else {
            pointer = "/model";
            model = Optional.of(catalog.defaultModel());
        }
        ModelEntry entry = model.get();
        if (!entry.enabled()) {
            return new Choice(null, new FieldError(pointer, "model " + entry.id() + " is not enabled: set "
                    + (entry.missingKey() == null ? "its provider's key" : entry.missingKey())));
        }
        return new Choice(entry, null);
    }

    /** PathFinder's clients call Gemini {@code google}. */
    private static String provider(String name) {
        String provider = name.trim().toLowerCase(java.util.Locale.ROOT);
        return "google".equals(provider) ? "gemini" : provider;
    }
}
