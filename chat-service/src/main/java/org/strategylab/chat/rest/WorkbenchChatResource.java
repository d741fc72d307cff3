package org.strategylab.chat.rest;

import jakarta.inject.Inject;
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
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.strategylab.chat.api.ChatRequest;
import org.strategylab.chat.api.ChatStarted;
import org.strategylab.chat.api.MessageView;
import org.strategylab.chat.api.Page;
import org.strategylab.chat.service.ChatService;
import org.strategylab.chat.service.TurnStarted;
import org.strategylab.chat.service.WorkbenchConversations;
import org.strategylab.edge.auth.Caller;
import org.strategylab.eventlog.index.OperationLogHeader;

/**
 * The workbench chat of an experiment (spec §4.4, api-contract.md §4.6): the gateway routes
 * {@code /api/v1/experiments/{id}/chat} here, the rest of the experiment to experiment-service.
 */
@Path("/api/v1/experiments/{id}/chat")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class WorkbenchChatResource {

    /** A started workbench turn: {@code streamId} is PathFinder's name for the conversation. */
    public record WorkbenchStarted(String operationId, String streamId, String strategyId, String messageId) {
    }

    @Inject
    Caller caller;

    @Inject
    JsonWebToken token;

    @Inject
    ChatService chat;

    @Inject
    WorkbenchConversations conversations;

    @POST
    @Operation(summary = "A turn of the experiment's workbench chat: 202 with the operation (SSE with Accept: text/event-stream at the gateway)")
    public Response send(@PathParam("id") String id, @NotNull ChatRequest request) {
        TurnStarted turn = chat.startWorkbench(caller.id(), token.getRawToken(), id, request);
        ChatStarted started = turn.answer();
        return Response.accepted(new WorkbenchStarted(started.operationId(), started.strategyId(), started.strategyId(),
                started.messageId())).header(OperationLogHeader.NAME, OperationLogHeader.of(turn.operation())).build();
    }

    @GET
    @Path("/messages")
    @Operation(summary = "The messages of the experiment's workbench chat, oldest first (none before the first)")
    public Page<MessageView> messages(@PathParam("id") String id,
                                      @QueryParam("limit") @DefaultValue("50") @Min(1) @Max(200) int limit,
                                      @QueryParam("offset") @DefaultValue("0") @Min(0) int offset) {
        return conversations.messages(caller.id(), token.getRawToken(), id, limit, offset);
    }
}
