package org.strategylab.gateway.rest;

import io.vertx.core.http.HttpServerRequest;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.strategylab.edge.auth.AuthConfig;
import org.strategylab.edge.problem.ProblemException;
import org.strategylab.gateway.auth.ProtectedResourceMetadata;

/**
 * {@code GET /.well-known/oauth-protected-resource[/mcp]}: the MCP endpoint's protected-resource
 * metadata (RFC 9728), public, in external mode only (a 404 in local mode).
 */
@Path(ProtectedResourceMetadata.WELL_KNOWN)
@Produces(MediaType.APPLICATION_JSON)
public class ProtectedResourceMetadataResource {

    @Inject
    AuthConfig auth;

    @GET
    @Operation(summary = "The MCP endpoint's OAuth protected-resource metadata (external mode)")
    public Map<String, Object> root(@Context HttpServerRequest request) {
        return document(request);
    }

    @GET
    @Path(ProtectedResourceMetadata.MCP_PATH)
    @Operation(summary = "The MCP endpoint's OAuth protected-resource metadata (external mode)")
    public Map<String, Object> mcp(@Context HttpServerRequest request) {
        return document(request);
    }

    private Map<String, Object> document(HttpServerRequest request) {
        return ProtectedResourceMetadata.of(auth, ProtectedResourceMetadata.origin(request))
                .orElseThrow(() -> ProblemException.notFound("NO_AUTHORIZATION_SERVER",
                        "Local mode has no authorization server: sign in at the gateway and send its token"));
    }
}
