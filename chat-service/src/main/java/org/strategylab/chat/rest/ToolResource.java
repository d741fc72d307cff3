package org.strategylab.chat.rest;

import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.strategylab.chat.tools.ToolRegistry;

/** {@code GET /api/v1/tools}: the agent's tools (public). */
@Path("/api/v1/tools")
@Produces(MediaType.APPLICATION_JSON)
public class ToolResource {

    /** One tool. */
    public record ToolInfo(String name, String description, String group) {
    }

    /** The list. */
    public record ToolList(List<ToolInfo> tools) {
    }

    @Inject
    ToolRegistry registry;

    @GET
    @Operation(summary = "The tools the agent can use")
    public ToolList tools() {
        return new ToolList(registry.all().stream().map(t -> new ToolInfo(t.name(), t.description(), t.group())).toList());
    }
}
