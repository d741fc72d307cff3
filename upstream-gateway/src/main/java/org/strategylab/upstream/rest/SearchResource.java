package org.strategylab.upstream.rest;

import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.strategylab.upstream.api.ContextValues;
import org.strategylab.upstream.api.DependentParamsRequest;
import org.strategylab.upstream.api.Page;
import org.strategylab.upstream.api.ParamSpec;
import org.strategylab.upstream.api.SearchParamSpecs;
import org.strategylab.upstream.api.SearchSummary;
import org.strategylab.upstream.api.ValidationResult;
import org.strategylab.upstream.api.VocabularyHit;
import org.strategylab.upstream.service.catalog.ranking.RankMode;
import org.strategylab.upstream.service.catalog.CatalogService;

/** A site's searches, their parameters and the validation of parameter values. Public. */
@Path("/api/v1/sites/{siteId}/searches")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Catalogue")
public class SearchResource {

    @Inject
    CatalogService catalog;

    @GET
    @Operation(summary = "The searches of a site, optionally of one record type and matching a text query (best first)",
            description = "With q, only matching searches, best first, each with score and match (why it matched). "
                    + "mode=lexical (every word must appear), semantic (by meaning) or hybrid (both; the default).")
    public Uni<Page<SearchSummary>> list(@PathParam("siteId") String siteId,
                                         @QueryParam("recordType") String recordType,
                                         @QueryParam("q") String query,
                                         @QueryParam("mode") String mode,
                                         @QueryParam("limit") @DefaultValue("100") @Min(1) @Max(CatalogResources.MAX_LIMIT) int limit,
                                         @QueryParam("offset") @DefaultValue("0") @Min(0) int offset) {
        RankMode rankMode = RankMode.of(mode);
        return catalog.searches(siteId, recordType, query, rankMode).map(all -> Page.of(all, limit, offset));
    }

    @GET
    @Path("/{recordType}/{searchName}/param-specs/{param}/vocabulary")
    @Operation(summary = "The values of a vocabulary parameter, optionally matching a text query (best first)",
            description = "Every node of a tree vocabulary (leaf marks leaves). With q, only matching values, best first, "
                    + "each with score and match; mode as for the searches.")
    public Uni<Page<VocabularyHit>> vocabulary(@PathParam("siteId") String siteId, @PathParam("recordType") String recordType,
                                               @PathParam("searchName") String searchName, @PathParam("param") String param,
                                               @QueryParam("q") String query,
                                               @QueryParam("mode") String mode,
                                               @QueryParam("limit") @DefaultValue("100") @Min(1) @Max(CatalogResources.MAX_LIMIT) int limit,
                                               @QueryParam("offset") @DefaultValue("0") @Min(0) int offset) {
        RankMode rankMode = RankMode.of(mode);
        return catalog.vocabulary(siteId, recordType, searchName, param, query, rankMode).map(all -> Page.of(all, limit, offset));
    }

    @GET
    @Path("/{recordType}/{searchName}/param-specs")
    @Operation(summary = "The parameters of a search with their default vocabularies")
    public Uni<SearchParamSpecs> paramSpecs(@PathParam("siteId") String siteId, @PathParam("recordType") String recordType,
                                            @PathParam("searchName") String searchName) {
        return catalog.paramSpecs(siteId, recordType, searchName, Map.of());
    }

    @POST
    @Path("/{recordType}/{searchName}/param-specs")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "The parameters of a search with vocabularies computed for the given values")
    public Uni<SearchParamSpecs> paramSpecsInContext(@PathParam("siteId") String siteId,
                                                     @PathParam("recordType") String recordType,
                                                     @PathParam("searchName") String searchName,
                                                     ContextValues body) {
        return catalog.paramSpecs(siteId, recordType, searchName, body == null ? Map.of() : body.contextValues());
    }

    @POST
    @Path("/{recordType}/{searchName}/validate")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Check parameter values with the site")
    @APIResponse(responseCode = "200", description = "The values are valid; normalizedContextValues is what the site receives")
    @APIResponse(responseCode = "422", description = "Some values are invalid; errors[] names each parameter")
    public Uni<ValidationResult> validate(@PathParam("siteId") String siteId, @PathParam("recordType") String recordType,
                                          @PathParam("searchName") String searchName, @NotNull ContextValues body) {
        return catalog.validate(siteId, recordType, searchName, body.contextValues());
    }

    @POST
    @Path("/{recordType}/{searchName}/dependent-params")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "The parameters that depend on a changed one, with their new vocabularies")
    public Uni<List<ParamSpec>> dependentParams(@PathParam("siteId") String siteId,
                                                @PathParam("recordType") String recordType,
                                                @PathParam("searchName") String searchName,
                                                @NotNull @Valid DependentParamsRequest body) {
        return catalog.dependentParams(siteId, recordType, searchName, body.changedParam().name(),
                body.changedParam().value(), body.contextValues());
    }
}
