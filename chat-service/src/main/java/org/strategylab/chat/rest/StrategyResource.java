package org.strategylab.chat.rest;

import com.fasterxml.jackson.databind.JsonNode;
import jakarta.inject.Inject;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.UUID;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.jboss.resteasy.reactive.ResponseStatus;
import org.strategylab.chat.api.DuplicateRequest;
import org.strategylab.chat.api.GeneSetRequest;
import org.strategylab.chat.api.MessageView;
import org.strategylab.chat.api.Page;
import org.strategylab.chat.api.PushRequest;
import org.strategylab.chat.api.SavedGeneSet;
import org.strategylab.chat.api.StrategyHeader;
import org.strategylab.chat.api.StrategyLink;
import org.strategylab.chat.api.StrategyPatch;
import org.strategylab.chat.api.StrategyView;
import org.strategylab.chat.graph.GraphSnapshot;
import org.strategylab.chat.service.GraphEditService;
import org.strategylab.chat.service.StrategyGeneSets;
import org.strategylab.chat.service.StrategyService;
import org.strategylab.edge.auth.Caller;
import org.strategylab.edge.problem.ProblemException;

/** {@code /api/v1/strategies}: the caller's conversations and the strategies they build. */
@Path("/api/v1/strategies")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class StrategyResource {

    private static final String UUID_PATTERN = "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}";

    @Inject
    Caller caller;

    @Inject
    JsonWebToken token;

    @Inject
    StrategyService strategies;

    @Inject
    GraphEditService edits;

    @Inject
    StrategyGeneSets geneSets;

    @GET
    @Operation(summary = "The caller's strategies, most recently changed first")
    public Page<StrategyHeader> list(@QueryParam("siteId") @Pattern(regexp = "[a-z0-9_-]{1,64}", message = "must be a site id") String siteId,
                                     @QueryParam("limit") @DefaultValue("50") @Min(1) @Max(200) int limit,
                                     @QueryParam("offset") @DefaultValue("0") @Min(0) int offset) {
        return strategies.list(caller.id(), siteId, limit, offset);
    }

    @GET
    @Path("/{id}")
    @Operation(summary = "A strategy with its graph and latest messages")
    public StrategyView get(@PathParam("id") String id) {
        return strategies.get(caller.id(), uuid(id));
    }

    @GET
    @Path("/{id}/messages")
    @Operation(summary = "A conversation's messages, oldest first, with tool calls, reasoning and token usage")
    public Page<MessageView> messages(@PathParam("id") String id,
                                      @QueryParam("limit") @DefaultValue("50") @Min(1) @Max(200) int limit,
                                      @QueryParam("offset") @DefaultValue("0") @Min(0) int offset) {
        return strategies.messages(caller.id(), uuid(id), limit, offset);
    }

    @PATCH
    @Operation(summary = "Rename a strategy or change its description (merge-patch)")
    @Path("/{id}")
    public StrategyHeader patch(@PathParam("id") String id, @NotNull StrategyPatch patch) {
        return strategies.patch(caller.id(), uuid(id), patch);
    }

    @DELETE
    @Path("/{id}")
    @ResponseStatus(204)
    @Operation(summary = "Delete a strategy and its conversation; deleteFromSite=true deletes its strategy on the site too")
    public void delete(@PathParam("id") String id, @QueryParam("deleteFromSite") @DefaultValue("false") boolean deleteFromSite) {
        strategies.delete(caller.id(), token.getRawToken(), uuid(id), deleteFromSite);
    }

    @POST
    @Path("/{id}/push")
    @Operation(summary = "Put the strategy on its site as a real strategy (created, or its steps replaced)")
    public StrategyLink push(@PathParam("id") String id, PushRequest request) {
        boolean saved = request == null || request.isSaved() == null || request.isSaved();
        return strategies.push(caller.id(), token.getRawToken(), uuid(id), saved, request == null ? null : request.name());
    }

    @POST
    @Path("/{id}/duplicate")
    @ResponseStatus(201)
    @Operation(summary = "Copy a strategy into a new conversation of the caller's: the same graph, no messages, "
            + "not linked to the site")
    public StrategyView duplicate(@PathParam("id") String id, DuplicateRequest request) {
        return strategies.duplicate(caller.id(), uuid(id), request == null ? null : request.name());
    }

    @POST
    @Path("/{id}/graph/edits")
    @Operation(summary = "Edit the strategy's graph by hand (one edit: add_search, update_parameters, combine, "
            + "add_transform, delete, undo, redo) through the agent's own graph tools; answers the new graph")
    public GraphSnapshot editGraph(@PathParam("id") String id, JsonNode edit) {
        return edits.edit(caller.id(), token.getRawToken(), uuid(id), edit);
    }

    @POST
    @Path("/{id}/gene-set")
    @ResponseStatus(201)
    @Operation(summary = "Save the genes of the strategy's result (or of the step named) as a gene set the caller owns, "
            + "to use as controls or as an experiment's gene list")
    public SavedGeneSet saveGeneSet(@PathParam("id") String id, GeneSetRequest request) {
        return geneSets.save(caller.id(), token.getRawToken(), uuid(id), request);
    }

    /** A malformed id names no strategy of the caller's: 404, like any other. */
    private static UUID uuid(String id) {
        if (id == null || !id.matches(UUID_PATTERN)) {
            throw ProblemException.notFound("STRATEGY_NOT_FOUND", "no strategy " + id);
        }
        return UUID.fromString(id);
    }
}
