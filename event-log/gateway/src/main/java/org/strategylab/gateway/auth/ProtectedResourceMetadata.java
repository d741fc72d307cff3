package org.strategylab.gateway.auth;

import io.vertx.core.http.HttpServerRequest;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.strategylab.edge.auth.AuthConfig;

/**
 * The OAuth 2.0 protected-resource metadata (RFC 9728) of the MCP endpoint, which MCP clients read to
 * learn where to get a token: in external mode the identity provider (the tokens' issuer) is its
 * authorization server. In local mode there is none (the gateway's own sign-in issues tokens), so
 * there is no metadata and a 401 names no metadata document.
 */
public final class ProtectedResourceMetadata {

    /** The MCP endpoint's path at the gateway. */
    public static final String MCP_PATH = "/mcp";
    /** Where the metadata is served (RFC 9728 §3: the well-known prefix, then the resource's path). */
    public static final String WELL_KNOWN = "/.well-known/oauth-protected-resource";

    private ProtectedResourceMetadata() {
    }

    /** The gateway's origin as the caller reached it (a trusted proxy's forwarded scheme and host included). */
    public static String origin(HttpServerRequest request) {
        return request.scheme() + "://" + (request.authority() == null ? "localhost" : request.authority().toString());
    }

    /** The metadata document for the MCP endpoint at {@code origin}, or empty in local mode. */
    public static Optional<Map<String, Object>> of(AuthConfig auth, String origin) {
        if (auth.mode() != AuthConfig.Mode.EXTERNAL) {
            return Optional.empty();
        }
        Map<String, Object> document = new LinkedHashMap<>();
        document.put("resource", origin + MCP_PATH);
        document.put("authorization_servers", List.of(auth.issuer()));
        document.put("bearer_methods_supported", List.of("header"));
        document.put("resource_name", "StrategyLab");
        return Optional.of(document);
    }

    /** The {@code WWW-Authenticate} challenge of a 401 at the MCP endpoint. */
    public static String challenge(AuthConfig auth, String origin) {
        if (auth.mode() != AuthConfig.Mode.EXTERNAL) {
            return "Bearer realm=\"StrategyLab\"";
        }
        return "Bearer resource_metadata=\"" + origin + WELL_KNOWN + MCP_PATH + "\"";
    }
}
