package org.strategylab.gateway.openapi;

import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;

/**
 * {@code GET /api/v1/openapi}: one OpenAPI 3.1 document of every public {@code /api/v1} path,
 * the gateway's own and the services' behind it ({@link PublicApiDocument}). Public, like the
 * AsyncAPI document: no token needed.
 */
@Path("/api/v1/openapi")
public class PublicApiResource {

    @Inject
    PublicApiDocument document;

    @GET
    @Operation(operationId = "getOpenApi", summary = "This document: the public API as one OpenAPI 3.1 document")
    public Uni<Response> get() {
        return document.json().map(json -> Response.ok(json, "application/json;charset=UTF-8")
                .header("Cache-Control", "no-cache").build());
    }
}
