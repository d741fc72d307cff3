package org.strategylab.chat.mcp;

import io.quarkiverse.mcp.server.JsonRpcErrorCodes;
import io.quarkiverse.mcp.server.McpException;
import io.quarkus.security.identity.SecurityIdentity;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.jwt.JsonWebToken;

/**
 * Who calls an MCP tool or resource: the subject of the bearer token of the HTTP request that carried
 * the MCP message (the extension associates that request's identity with each call), and the token
 * itself, which every call to a sibling service carries, so a tool acts exactly as the REST API does
 * for that user (ownership, limits, fair share).
 */
@ApplicationScoped
public class McpCaller {

    @Inject
    SecurityIdentity identity;

    /** The verified caller of the current MCP request. */
    public User current() {
        if (identity == null || identity.isAnonymous()
                || !(identity.getPrincipal() instanceof JsonWebToken token) || token.getSubject() == null) {
            // the HTTP permission on /mcp refuses anonymous requests first; this is a second line
            throw new McpException("Sign in first: send a bearer token", JsonRpcErrorCodes.SECURITY_ERROR);
        }
        return new User(token.getSubject(), token.getRawToken());
    }

    /**
     * The caller of one MCP request.
     *
     * @param id    the user id (the token's subject)
     * @param token the raw bearer token, forwarded as the caller's own
     */
    public record User(String id, String token) {

        /** The {@code Authorization} header value of calls made for this user. */
        public String bearer() {
            return "Bearer " + token;
        }
    }
}
