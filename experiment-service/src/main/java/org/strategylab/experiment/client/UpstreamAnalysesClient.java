package org.strategylab.experiment.client;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.rest.client.reactive.jackson.ClientObjectMapper;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.rest.client.annotation.RegisterProvider;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;
import org.strategylab.edge.peer.PeerCredentialFilter;
import org.strategylab.upstream.api.UpstreamAnalysesApi;

/**
 * upstream-gateway's step analyses, as it declares them. A client of its own because an analysis
 * waits for the site up to the analysis wait (spec §8: 300 s), longer than any other call may: its
 * read timeout is set apart ({@code quarkus.rest-client.upstream-gateway-analyses.*}).
 */
@RegisterRestClient(configKey = "upstream-gateway-analyses")
@RegisterProvider(PeerCredentialFilter.class)
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public interface UpstreamAnalysesClient extends UpstreamAnalysesApi {

    /** As {@link UpstreamApiClient#objectMapper}: fields upstream-gateway adds are ignored. */
    @ClientObjectMapper
    static ObjectMapper objectMapper(ObjectMapper defaultObjectMapper) {
        return UpstreamApiClient.objectMapper(defaultObjectMapper);
    }
}
