package org.strategylab.experiment.client;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.rest.client.annotation.RegisterProvider;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;
import org.strategylab.edge.peer.PeerCredentialFilter;

/**
 * upstream-gateway's step analyses. A client of its own because an analysis waits for the site up to
 * the analysis wait (spec §8: 300 s), longer than any other call may: its read timeout is set apart
 * ({@code quarkus.rest-client.upstream-gateway-analyses.*}).
 */
@RegisterRestClient(configKey = "upstream-gateway-analyses")
@RegisterProvider(PeerCredentialFilter.class)
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public interface UpstreamAnalysesClient {

    @POST
    @Path("/internal/v1/sites/{siteId}/analyses")
    Uni<JsonNode> analyse(@HeaderParam("Authorization") String authorization, @PathParam("siteId") String siteId,
                          JsonNode request);
}
