package org.strategylab.chat.client;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.rest.client.annotation.RegisterProvider;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;
import org.strategylab.edge.peer.PeerCredentialFilter;

/** experiment-service, read as the caller: a mentioned experiment is loaded with the caller's own token (a foreign one is a 404). */
@RegisterRestClient(configKey = "experiment-service")
@RegisterProvider(PeerCredentialFilter.class)
@Produces(MediaType.APPLICATION_JSON)
public interface ExperimentServiceClient {

    @GET
    @Path("/api/v1/experiments/{id}")
    Uni<JsonNode> experiment(@HeaderParam("Authorization") String authorization, @PathParam("id") String id);

    @POST
    @Path("/api/v1/experiments/{id}/refine")
    @Consumes(MediaType.APPLICATION_JSON)
    Uni<JsonNode> refine(@HeaderParam("Authorization") String authorization, @PathParam("id") String id, JsonNode body);

    @POST
    @Path("/api/v1/experiments/{id}/undo")
    Uni<JsonNode> undo(@HeaderParam("Authorization") String authorization, @PathParam("id") String id);

    @POST
    @Path("/api/v1/experiments/{id}/re-evaluate")
    Uni<JsonNode> reEvaluate(@HeaderParam("Authorization") String authorization, @PathParam("id") String id);

    @POST
    @Path("/api/v1/control-tests")
    @Consumes(MediaType.APPLICATION_JSON)
    Uni<JsonNode> controlTest(@HeaderParam("Authorization") String authorization, JsonNode body);

    /** Starts an experiment: 202 {@code {operationId, experimentId}}. */
    @POST
    @Path("/api/v1/experiments")
    @Consumes(MediaType.APPLICATION_JSON)
    Uni<JsonNode> start(@HeaderParam("Authorization") String authorization, JsonNode body);

    /** A gene set the caller owns, as a control set ({@code 201} with the set). */
    @POST
    @Path("/api/v1/control-sets")
    @Consumes(MediaType.APPLICATION_JSON)
    Uni<JsonNode> createControlSet(@HeaderParam("Authorization") String authorization, JsonNode body);

    /** Starts a strategy discovery from control genes: 202 {@code {operationId, discoveryId, statePath}}. */
    @POST
    @Path("/api/v1/strategy-discovery")
    @Consumes(MediaType.APPLICATION_JSON)
    Uni<JsonNode> discover(@HeaderParam("Authorization") String authorization, JsonNode body);

    /** The caller's strategy discovery, with its result once completed. */
    @GET
    @Path("/api/v1/strategy-discovery/{id}")
    Uni<JsonNode> discovery(@HeaderParam("Authorization") String authorization, @PathParam("id") String id);
}
