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
import org.strategylab.chat.api.DiscoveredStrategyRequest;
import org.strategylab.chat.api.StrategyView;
import org.strategylab.chat.service.DiscoveredStrategies;
import org.strategylab.edge.auth.Caller;

/** {@code POST /api/v1/strategies/from-discovery}: a strategy a discovery proposed, as a new conversation. */
@Path("/api/v1/strategies/from-discovery")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class DiscoveredStrategyResource {

    @Inject
    Caller caller;

    @Inject
    JsonWebToken token;

    @Inject
    DiscoveredStrategies discovered;

    @POST
    @ResponseStatus(201)
    @Operation(summary = "Open a strategy your strategy discovery proposed (the recommended one, or by rank) as a new conversation")
    public StrategyView open(@NotNull @Valid DiscoveredStrategyRequest request) {
        return discovered.open(caller.id(), token.getRawToken(), request);
    }
}
