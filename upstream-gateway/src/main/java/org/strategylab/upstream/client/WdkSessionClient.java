package org.strategylab.upstream.client;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** Sign-in and sign-out on a site (upstream-wdk.md §2). */
@ApplicationScoped
public class WdkSessionClient {

    @Inject
    WdkTransport transport;

    /**
     * {@code POST /login} with {@code {email, password, redirectUrl}} (all three required). WDK answers
     * 200 {@code {success:true}} and a new {@code Authorization} cookie, or 200 {@code {success:false}}
     * for bad credentials.
     */
    public Uni<WdkResponse> login(UpstreamSession session, String email, String password) {
        ObjectNode body = WdkJson.object().put("email", email).put("password", password)
                .put("redirectUrl", session.site().webUrl() + "/app");
        return transport.sendRaw(session, "POST /login", (api, cookies) -> api.login(cookies, body));
    }

    /** {@code GET /logout}: WDK ends the session and answers a 307 to the web app. */
    public Uni<WdkResponse> logout(UpstreamSession session) {
        return transport.sendRaw(session, "GET /logout",
                (api, cookies) -> api.logout(cookies, session.site().webUrl() + "/app"));
    }
}
