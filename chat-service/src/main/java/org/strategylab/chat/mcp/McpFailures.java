package org.strategylab.chat.mcp;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkiverse.mcp.server.JsonRpcErrorCodes;
import io.quarkiverse.mcp.server.McpException;
import io.quarkiverse.mcp.server.ToolCallException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.WebApplicationException;
import java.time.Duration;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.strategylab.edge.peer.CallFailures;
import org.strategylab.edge.peer.PeerFailure;
import org.strategylab.edge.problem.ProblemException;

/**
 * What a refusal or failure behind a tool becomes for the MCP client, in a person's words and never
 * with a Java name: a field the service refused is a JSON-RPC {@code -32602} (invalid params) naming
 * the argument; something that is not the caller's (or missing) is a tool error saying "not found";
 * anything else a tool error with the service's explanation. A resource that is not found is the
 * protocol's {@code -32002}.
 */
@ApplicationScoped
public class McpFailures {

    private static final Duration WAIT = Duration.ofSeconds(200);

    @Inject
    ObjectMapper mapper;

    /** The answer of a call to {@code peer}, made for a tool; {@code action} says what it was doing. */
    public <T> T tool(String peer, String action, Supplier<T> call) {
        try {
            return call.get();
        } catch (RuntimeException thrown) {
            throw forTool(failure(peer, action, thrown));
        }
    }

    /** The answer of a call to {@code peer}, made for a resource read. */
    public <T> T resource(String peer, String action, String uri, Supplier<T> call) {
        try {
            return call.get();
        } catch (RuntimeException thrown) {
            PeerFailure failure = failure(peer, action, thrown);
            if (failure.status() == 404) {
                throw new McpException("Resource not found: " + uri, JsonRpcErrorCodes.RESOURCE_NOT_FOUND);
            }
            throw forTool(failure);
        }
    }

    /** A bad argument: JSON-RPC invalid params naming it. */
    public static McpException invalidArgument(String name, String message) {
        return new McpException("Invalid argument [" + name + "] - " + message, JsonRpcErrorCodes.INVALID_PARAMS);
    }

    /** Something of the caller's that does not exist (or is someone else's): a tool error saying so. */
    public static ToolCallException notFound(String what) {
        return new ToolCallException("Not found: " + what);
    }

    /** A failure of this service's own (a {@link ProblemException} from a use case) for the client. */
    public static RuntimeException forTool(ProblemException problem) {
        return forTool(new PeerFailure("chat-service", problem.status(), problem.code(),
                problem.getMessage(), problem.errors()));
    }

    static RuntimeException forTool(PeerFailure failure) {
        if (failure.status() == 404) {
            return notFound(CallFailures.personsText(failure, "it is not one of yours"));
        }
        if ((failure.status() == 400 || failure.status() == 422) && !failure.errors().isEmpty()) {
            String fields = failure.errors().stream()
                    .map(e -> "[" + argumentName(e.pointer()) + "] - " + e.message())
                    .collect(Collectors.joining("; "));
            return new McpException("Invalid argument " + fields, JsonRpcErrorCodes.INVALID_PARAMS);
        }
        return new ToolCallException(CallFailures.personsText(failure, "the request failed"));
    }

    private PeerFailure failure(String peer, String action, RuntimeException thrown) {
        if (thrown instanceof McpException || thrown instanceof ToolCallException) {
            throw thrown;
        }
        if (thrown instanceof PeerFailure failure) {
            return failure;
        }
        if (thrown instanceof WebApplicationException web) {
            return PeerFailure.of(peer, web, mapper);
        }
        Throwable mapped = CallFailures.peerFailure(peer, peer, action, WAIT, thrown, mapper);
        if (mapped instanceof PeerFailure failure) {
            return failure;
        }
        return new PeerFailure(peer, 502, "PEER_FAILED", CallFailures.personsText(mapped,
                peer + " failed while " + action), java.util.List.of());
    }

    /** A JSON pointer into the request body ({@code /kFolds}, {@code /enrichmentTypes/1}) as the tool's argument. */
    static String argumentName(String pointer) {
        if (pointer == null || pointer.isBlank()) {
            return "arguments";
        }
        String trimmed = pointer.startsWith("/") ? pointer.substring(1) : pointer;
        return trimmed.replace('/', '.');
    }
}
