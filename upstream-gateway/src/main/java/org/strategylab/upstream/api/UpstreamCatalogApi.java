package org.strategylab.upstream.api;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import java.util.List;

/**
 * The public catalogue routes of upstream-gateway ({@code /api/v1/sites/{siteId}/...}) that other
 * services call, typed like {@link UpstreamInternalApi}: the searches and their parameters, genes,
 * organisms and attributes. Checked against upstream-gateway's public resources in its build.
 * Calls carry the caller's {@code authorization} (anonymous callers read the shared catalogue;
 * {@link #resolveGenes} needs a signed-in one). Query parameters passed as {@code null} are left out.
 */
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public interface UpstreamCatalogApi {

    /** The path every catalogue operation on a site lives under. */
    String SITE = "/api/v1/sites/{siteId}";

    /** The site's searches, matching {@code q} best first; {@code mode} is lexical, semantic or hybrid. */
    @GET
    @Path(SITE + "/searches")
    Uni<Page<SearchSummary>> searches(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
                                      @PathParam("siteId") String siteId, @QueryParam("recordType") String recordType,
                                      @QueryParam("q") String query, @QueryParam("mode") String mode,
                                      @QueryParam("limit") Integer limit, @QueryParam("offset") Integer offset);

    /** A search's parameters with their default vocabularies. */
    @GET
    @Path(SITE + "/searches/{recordType}/{searchName}/param-specs")
    Uni<SearchParamSpecs> paramSpecs(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
                                     @PathParam("siteId") String siteId, @PathParam("recordType") String recordType,
                                     @PathParam("searchName") String searchName);

    /** A search's parameters with vocabularies computed for the given values. */
    @POST
    @Path(SITE + "/searches/{recordType}/{searchName}/param-specs")
    Uni<SearchParamSpecs> paramSpecsInContext(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
                                              @PathParam("siteId") String siteId,
                                              @PathParam("recordType") String recordType,
                                              @PathParam("searchName") String searchName, ContextValues values);

    /** The values of a vocabulary parameter, matching {@code q} best first. */
    @GET
    @Path(SITE + "/searches/{recordType}/{searchName}/param-specs/{param}/vocabulary")
    Uni<Page<VocabularyHit>> vocabulary(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
                                        @PathParam("siteId") String siteId, @PathParam("recordType") String recordType,
                                        @PathParam("searchName") String searchName, @PathParam("param") String param,
                                        @QueryParam("q") String query, @QueryParam("mode") String mode,
                                        @QueryParam("limit") Integer limit, @QueryParam("offset") Integer offset);

    /** The parameters depending on a changed one, with their new vocabularies. */
    @POST
    @Path(SITE + "/searches/{recordType}/{searchName}/dependent-params")
    Uni<List<ParamSpec>> dependentParams(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
                                         @PathParam("siteId") String siteId, @PathParam("recordType") String recordType,
                                         @PathParam("searchName") String searchName, DependentParamsRequest request);

    /** Checks parameter values with the site: a 422 problem names each bad one. */
    @POST
    @Path(SITE + "/searches/{recordType}/{searchName}/validate")
    Uni<ValidationResult> validate(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
                                   @PathParam("siteId") String siteId, @PathParam("recordType") String recordType,
                                   @PathParam("searchName") String searchName, ContextValues values);

    /** Genes whose ids, names or products match a text. */
    @GET
    @Path(SITE + "/genes/search")
    Uni<GeneSearchResult> searchGenes(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
                                      @PathParam("siteId") String siteId, @QueryParam("q") String query,
                                      @QueryParam("organism") String organism, @QueryParam("limit") Integer limit,
                                      @QueryParam("offset") Integer offset);

    /** Which ids (at most 1000) name genes of the site; signed-in callers only. */
    @POST
    @Path(SITE + "/genes/resolve")
    Uni<GeneResolution> resolveGenes(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
                                     @PathParam("siteId") String siteId, GeneResolveRequest request);

    /** The organisms a site holds genes of. */
    @GET
    @Path(SITE + "/organisms")
    Uni<Page<Organism>> organisms(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
                                  @PathParam("siteId") String siteId, @QueryParam("limit") Integer limit,
                                  @QueryParam("offset") Integer offset);

    /** The attributes (columns) of a record type. */
    @GET
    @Path(SITE + "/record-types/{recordType}/attributes")
    Uni<List<AttributeField>> attributes(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
                                         @PathParam("siteId") String siteId,
                                         @PathParam("recordType") String recordType);
}
