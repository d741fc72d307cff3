package org.strategylab.experiment.client;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.rest.client.reactive.jackson.ClientObjectMapper;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.rest.client.annotation.RegisterProvider;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;
import org.strategylab.edge.peer.PeerCredentialFilter;
import org.strategylab.upstream.api.UpstreamCatalogApi;
import org.strategylab.upstream.api.UpstreamInternalApi;

/**
 * upstream-gateway's internal API and the catalogue routes this service calls, as upstream-gateway
 * declares them (its {@code api} jar): typed records in and out. Every call carries the service
 * credential ({@link PeerCredentialFilter}) and the caller's (or the run's on-behalf-of) bearer
 * token. Its wait is {@code quarkus.rest-client.upstream-gateway.*}; step analyses have a client of
 * their own ({@link UpstreamAnalysesClient}).
 */
@RegisterRestClient(configKey = "upstream-gateway")
@RegisterProvider(PeerCredentialFilter.class)
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public interface UpstreamApiClient extends UpstreamInternalApi, UpstreamCatalogApi {

    /**
     * The service's mapper, except that a field upstream-gateway adds to an answer is ignored
     * (the service refuses unknown fields in the requests it is sent, not in answers it reads).
     */
    @ClientObjectMapper
    static ObjectMapper objectMapper(ObjectMapper defaultObjectMapper) {
        return defaultObjectMapper.copy().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    }
}
