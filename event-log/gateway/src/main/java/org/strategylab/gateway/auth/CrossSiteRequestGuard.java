package org.strategylab.gateway.auth;

import io.vertx.core.http.Cookie;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.net.HostAndPort;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.strategylab.edge.auth.AuthConfig;
import org.strategylab.edge.problem.ProblemWriter;
import org.strategylab.gateway.config.GatewayConfig;

/**
 * Cross-site request forgery guard for every {@code /api/v1} request, proxied or the gateway's
 * own (sign-out, renew, operation cancel…): an unsafe request (anything but GET, HEAD, OPTIONS)
 * that authenticates with the session cookie is answered only when it comes from the gateway's own
 * pages — {@code Origin} equal to the gateway's origin (or one of
 * {@code strategylab.gateway.trusted-origins}), or else {@code Sec-Fetch-Site: same-origin}.
 * A request with neither header is refused too: every browser sends {@code Origin} on a
 * cross-site POST and on its own fetch POSTs, so only non-browser clients omit both, and those
 * should send a bearer token. Otherwise 403 problem+json {@code CSRF_REJECTED}. Bearer-token
 * requests are not subject to it: a page on another site cannot make a browser send one.
 *
 * <p>The gateway's origin is the scheme and host the request arrived with; behind a reverse proxy
 * enable {@code quarkus.http.proxy.proxy-address-forwarding} (and {@code allow-x-forwarded} with
 * {@code trusted-proxies}) so they are the public ones the browser used.
 */
@ApplicationScoped
public class CrossSiteRequestGuard {

    private static final Set<HttpMethod> SAFE = Set.of(HttpMethod.GET, HttpMethod.HEAD, HttpMethod.OPTIONS);

    @Inject
    AuthConfig auth;

    @Inject
    GatewayConfig config;

    @Inject
    ProblemWriter problems;

    void register(@Observes Router router) {
        // before every other /api/v1 handler: the operation stream (-20) and the proxy (-10)
        router.route("/api/v1/*").order(-30).handler(this::check);
    }

    private void check(RoutingContext context) {
        HttpServerRequest request = context.request();
        if (SAFE.contains(request.method()) || !cookieAuthenticated(request) || sameOrigin(request)) {
            context.next();
            return;
        }
        problems.write(context, 403, "CSRF_REJECTED", "Forbidden",
                "A request with the session cookie must come from this site's own pages (Origin or Sec-Fetch-Site); "
                        + "other clients send the token as a bearer header", List.of());
    }

    private boolean cookieAuthenticated(HttpServerRequest request) {
        String authorization = request.getHeader("Authorization");
        if (authorization != null && authorization.trim().toLowerCase(Locale.ROOT).startsWith("bearer ")) {
            return false;
        }
        Cookie cookie = request.getCookie(auth.cookie());
        return cookie != null && !cookie.getValue().isBlank();
    }

    private boolean sameOrigin(HttpServerRequest request) {
        String origin = request.getHeader("Origin");
        if (origin != null && !origin.equals("null")) {
            return origin.equalsIgnoreCase(ownOrigin(request))
                    || config.trustedOrigins().map(trusted -> trusted.stream().anyMatch(origin::equalsIgnoreCase))
                    .orElse(false);
        }
        return "same-origin".equalsIgnoreCase(request.getHeader("Sec-Fetch-Site"));
    }

    /** {@code scheme://host[:port]} as a browser writes it in {@code Origin} (no default port). */
    static String ownOrigin(HttpServerRequest request) {
        String scheme = request.scheme() == null ? "http" : request.scheme().toLowerCase(Locale.ROOT);
        HostAndPort authority = request.authority();
        if (authority == null) {
            return "";
        }
        int port = authority.port();
        boolean defaultPort = port < 0 || scheme.equals("http") && port == 80 || scheme.equals("https") && port == 443;
        try {
            return new URI(scheme, null, authority.host(), defaultPort ? -1 : port, null, null, null).toString();
        } catch (java.net.URISyntaxException e) {
            return "";
        }
    }
}
