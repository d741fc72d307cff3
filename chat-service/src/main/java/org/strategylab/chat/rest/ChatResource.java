package org.strategylab.chat.rest;

import jakarta.inject.Inject;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.strategylab.chat.api.ChatRequest;
import org.strategylab.chat.api.ChatStarted;
import org.strategylab.chat.service.ChatService;
import org.strategylab.chat.service.TurnStarted;
import org.strategylab.edge.auth.Caller;
import org.strategylab.eventlog.index.OperationLogHeader;

/** {@code POST /api/v1/chat}: a new turn of a conversation (a new conversation without {@code strategyId}). */
@Path("/api/v1/chat")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class ChatResource {

    @Inject
    Caller caller;

    @Inject
    JsonWebToken token;

    @Inject
    ChatService chat;

    @POST
    @Operation(summary = "Send a message: 202 with the turn's operation (SSE with Accept: text/event-stream at the gateway)")
    @APIResponse(responseCode = "202", description = "Started: {operationId, strategyId, messageId}")
    @APIResponse(responseCode = "404", description = "The conversation or a mentioned strategy or experiment is not the caller's")
    @APIResponse(responseCode = "409", description = "A turn of this conversation is running")
    @APIResponse(responseCode = "422", description = "A field is invalid; errors[] names it")
    public Response send(@NotNull ChatRequest request) {
        TurnStarted turn = chat.start(caller.id(), token.getRawToken(), request);
        ChatStarted started = turn.answer();
        // where the turn's events are, for the gateway that streams them (it never reaches the client)
        return Response.accepted(started).location(URI.create("/api/v1/strategies/" + started.strategyId()))
                .header(OperationLogHeader.NAME, OperationLogHeader.of(turn.operation())).build();
    }
}
