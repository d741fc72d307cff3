package org.strategylab.simulator.wdk;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.http.Cookie;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import java.util.Set;

/** {@code /login}, {@code /logout}, {@code /users/{uid}} and the identity rules behind every request. */
final class SessionRoutes {

    static final String AUTH_COOKIE = "Authorization";
    /** Three years, as WDK sets it. */
    static final long COOKIE_MAX_AGE = 94_608_000L;

    private SessionRoutes() {
    }

    /**
     * WDK's CheckLoginFilter: the bearer token comes from the {@code Authorization} header or cookie; no
     * token (or an expired one) makes a new guest whose token is set as a cookie; a bad token is 401.
     */
    static void identify(Router router, SiteContext site) {
        router.route().handler(ctx -> {
            String token = null;
            String header = ctx.request().getHeader(HttpHeaders.AUTHORIZATION);
            if (header != null && header.regionMatches(true, 0, "Bearer ", 0, 7)) {
                token = header.substring(7).trim();
            } else {
                Cookie cookie = ctx.request().getCookie(AUTH_COOKIE);
                if (cookie != null && !cookie.getValue().isEmpty()) {
                    token = cookie.getValue();
                }
            }
            User user = null;
            if (token != null) {
                UserDirectory.TokenCheck check = site.users().check(token);
                if (check.state() == UserDirectory.TokenState.INVALID) {
                    ctx.response().setStatusCode(401).putHeader(HttpHeaders.CONTENT_TYPE, "text/plain")
                            .end("Unauthorized: the Authorization token is not valid.");
                    return;
                }
                if (check.state() == UserDirectory.TokenState.VALID) {
                    user = check.user();
                }
            }
            if (user == null) {
                user = site.users().newGuest();
                setToken(ctx.response(), site.users().issueToken(user));
            }
            ctx.response().addCookie(Cookie.cookie("wdk_check_auth", "").setMaxAge(0).setPath("/"));
            ctx.put(WdkRequest.USER, user);
            ctx.next();
        });
    }

    static void setToken(io.vertx.core.http.HttpServerResponse response, String token) {
        response.addCookie(Cookie.cookie(AUTH_COOKIE, token).setMaxAge(COOKIE_MAX_AGE).setPath("/"));
    }

    static void register(Router router, SiteContext site) {
        WdkRoutes.route(router, site, HttpMethod.POST, "/login", SessionRoutes::login);
        WdkRoutes.route(router, site, HttpMethod.GET, "/logout", SessionRoutes::logout);
        WdkRoutes.route(router, site, HttpMethod.GET, "/users/:uid", SessionRoutes::user);
    }

    private static void login(WdkRequest request) {
        JsonNode body = request.body();
        JsonShape.object(body, "#", Set.of("email", "password", "redirectUrl"), Set.of());
        String email = JsonShape.string(body, "email", "#");
        String password = JsonShape.string(body, "password", "#");
        String redirectUrl = JsonShape.string(body, "redirectUrl", "#");
        if (email == null || password == null || redirectUrl == null) {
            throw WdkException.badRequest("#: email, password and redirectUrl must be strings");
        }
        if (!request.user.guest()) {
            request.ctx.response().setStatusCode(307).putHeader(HttpHeaders.LOCATION, redirectUrl).end();
            return;
        }
        User user = request.site.users().authenticate(email, password);
        ObjectNode json = JsonNodeFactory.instance.objectNode();
        if (user == null) {
            request.ctx.response().removeCookie(AUTH_COOKIE, false);
            json.put("success", false);
            json.put("message", "Invalid username or password");
            request.ok(json);
            return;
        }
        setToken(request.ctx.response(), request.site.users().issueToken(user));
        json.put("success", true);
        json.put("redirectUrl", redirectUrl);
        request.ok(json);
    }

    private static void logout(WdkRequest request) {
        String redirect = request.ctx.queryParams().get("redirectUrl");
        if (redirect == null) {
            redirect = request.site.webPath() + "/app";
        }
        if (!request.user.guest()) {
            setToken(request.ctx.response(), request.site.users().issueToken(request.site.users().newGuest()));
        }
        request.ctx.response().setStatusCode(307).putHeader(HttpHeaders.LOCATION, redirect).end();
    }

    private static void user(WdkRequest request) {
        User user = request.owner();
        ObjectNode json = JsonNodeFactory.instance.objectNode();
        json.put("id", user.id());
        json.put("isGuest", user.guest());
        if (user.email() == null) {
            json.putNull("email");
        } else {
            json.put("email", user.email());
        }
        ObjectNode properties = json.putObject("properties");
        if (!user.guest()) {
            properties.put("firstName", user.firstName());
            properties.put("middleName", "");
            properties.put("lastName", user.lastName());
            properties.put("organization", user.organization());
        }
        if ("true".equals(request.ctx.queryParams().get("includePreferences"))) {
            ObjectNode preferences = json.putObject("preferences");
            preferences.putObject("global");
            preferences.putObject("project");
        }
        request.ok(json);
    }
}
