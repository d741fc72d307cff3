package org.strategylab.chat.client;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.rest.client.annotation.RegisterProvider;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;
import org.strategylab.edge.peer.PeerCredentialFilter;

/**
 * upstream-gateway's public gene look-ups ({@code lookup_gene_records}): a text search over a
 * site's genes, and which ids name genes of the site. Calls carry the caller's token (resolving
 * ids is for signed-in callers only). Answers are read as JSON trees.
 */
@RegisterRestClient(configKey = "upstream-gateway")
@RegisterProvider(PeerCredentialFilter.class)
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public interface GeneLookupClient {

    /** {@code {results[{geneId,displayName,organism,product,geneName,geneType,location,matchedFields}], totalCount, suggestedOrganisms}}. */
    @GET
    @Path("/api/v1/sites/{siteId}/genes/search")
    Uni<JsonNode> search(@HeaderParam("Authorization") String authorization, @PathParam("siteId") String siteId,
                         @QueryParam("q") String query, @QueryParam("organism") String organism,
                         @QueryParam("limit") int limit);

    /** Body {@code {geneIds[]}}; answers {@code {resolved[{inputId,geneId,organism,product,geneName}], unresolved[]}}. */
    @POST
    @Path("/api/v1/sites/{siteId}/genes/resolve")
    Uni<JsonNode> resolve(@HeaderParam("Authorization") String authorization, @PathParam("siteId") String siteId,
                          JsonNode body);
}
