package org.strategylab.chat.rest;

import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.jboss.resteasy.reactive.ResponseStatus;
import org.strategylab.chat.api.ImportRequest;
import org.strategylab.chat.api.StrategyView;
import org.strategylab.chat.service.StrategyImport;
import org.strategylab.edge.auth.Caller;

/** {@code POST /api/v1/strategies/import}: a strategy of the caller's on a site, as a new conversation. */
@Path("/api/v1/strategies/import")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class StrategyImportResource {

    @Inject
    Caller caller;

    @Inject
    JsonWebToken token;

    @Inject
    StrategyImport imports;

    @POST
    @ResponseStatus(201)
    @Operation(summary = "Bring a strategy of yours on a VEuPathDB site into a new conversation, linked to it")
    public StrategyView importStrategy(@NotNull @Valid ImportRequest request) {
        return imports.importStrategy(caller.id(), token.getRawToken(), request);
    }
}
