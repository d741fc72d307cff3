package org.strategylab.chat.client;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.rest.client.reactive.jackson.ClientObjectMapper;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.rest.client.annotation.RegisterProvider;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;
import org.strategylab.edge.peer.PeerCredentialFilter;
import org.strategylab.upstream.api.UpstreamCatalogApi;
import org.strategylab.upstream.api.UpstreamInternalApi;

/**
 * upstream-gateway, the only service that talks to VEuPathDB: the catalogue the agent explores and
 * the internal strategy API it builds and counts strategies with, as upstream-gateway declares them
 * (its {@code api} jar: typed records in and out). Every call carries the service credential
 * ({@link PeerCredentialFilter}) and, where it acts for someone, the caller's bearer token.
 */
@RegisterRestClient(configKey = "upstream-gateway")
@RegisterProvider(PeerCredentialFilter.class)
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public interface UpstreamApiClient extends UpstreamInternalApi, UpstreamCatalogApi {

    /**
     * The public site list ({@code {items[{id, displayName, isPortal, …}], …}}). Not part of the
     * typed API: its entries are site-registry's {@code Site}, a module this service does not use,
     * and the list is handed to the model as it is.
     */
    @GET
    @Path("/api/v1/sites")
    Uni<JsonNode> sites();

    /** One site of the public site list (404 for an unknown one). */
    @GET
    @Path("/api/v1/sites/{siteId}")
    Uni<JsonNode> site(@PathParam("siteId") String siteId);

    /** A site's record types, a page of {@code {name, displayName, description, searchCount, …}} (public). */
    @GET
    @Path("/api/v1/sites/{siteId}/record-types")
    Uni<JsonNode> recordTypes(@PathParam("siteId") String siteId);

    /**
     * A site's public strategies ranked for a request (public): a page of {@code {name, description, author,
     * recordType, estimatedSize, score, match, rootStep}}, each step tree as upstream-gateway reads it.
     */
    @GET
    @Path("/api/v1/sites/{siteId}/public-strategies")
    Uni<JsonNode> publicStrategies(@PathParam("siteId") String siteId, @jakarta.ws.rs.QueryParam("query") String query,
                                   @jakarta.ws.rs.QueryParam("recordType") String recordType,
                                   @jakarta.ws.rs.QueryParam("limit") int limit);

    /**
     * The service's mapper, except that a field upstream-gateway adds to an answer is ignored
     * (the service refuses unknown fields in the requests it is sent, not in answers it reads).
     */
    @ClientObjectMapper
    static ObjectMapper objectMapper(ObjectMapper defaultObjectMapper) {
        return defaultObjectMapper.copy().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    }
}
