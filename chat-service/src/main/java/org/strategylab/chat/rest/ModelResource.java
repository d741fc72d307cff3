package org.strategylab.chat.rest;

import com.fasterxml.jackson.annotation.JsonProperty;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.strategylab.chat.provider.ModelCatalog;
import org.strategylab.chat.provider.ModelEntry;

/** The models a turn may run on. Public: no sign-in needed (the gateway lists it among its public prefixes). */
@Path("/api/v1/models")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Models")
public class ModelResource {

    @Inject
    ModelCatalog catalog;

    @GET
    @Operation(summary = "List the models, whether each is enabled, the default model and reasoning effort")
    public ModelList list() {
        return new ModelList(catalog.models(), catalog.defaultModel().id(), catalog.defaultReasoningEffort());
    }

    /**
     * The catalog as {@code GET /api/v1/models} answers it (api-contract.md §7).
     *
     * @param models                 every model, enabled or not, in display order
     * @param defaultModel           the catalog id of the model a request naming none runs on
     * @param defaultReasoningEffort the effort a request naming none runs with
     */
    public record ModelList(List<ModelEntry> models, @JsonProperty("default") String defaultModel,
                            String defaultReasoningEffort) {
    }
}
