package org.strategylab.chat.rest;

import jakarta.inject.Inject;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.strategylab.chat.api.Page;
import org.strategylab.chat.service.StrategyImport;
import org.strategylab.edge.auth.Caller;
import org.strategylab.upstream.api.StrategySummary;

/** {@code GET /api/v1/strategies/on-site}: the caller's strategies on a site, to import one. */
@Path("/api/v1/strategies/on-site")
@Produces(MediaType.APPLICATION_JSON)
public class SiteStrategiesResource {

    @Inject
    Caller caller;

    @Inject
    JsonWebToken token;

    @Inject
    StrategyImport imports;

    @GET
    @Operation(summary = "Your strategies on a VEuPathDB site (as the site knows you), to bring one into a conversation")
    public Page<StrategySummary> list(
            @QueryParam("siteId") @NotNull @Pattern(regexp = "[a-z0-9_-]{1,64}", message = "must be a site id") String siteId,
            @QueryParam("limit") @DefaultValue("50") @Min(1) @Max(200) int limit,
            @QueryParam("offset") @DefaultValue("0") @Min(0) int offset) {
        // the site knows a caller by their session there: an anonymous caller is refused first (401)
        caller.id();
        return imports.onSite(token.getRawToken(), siteId, limit, offset);
    }
}
