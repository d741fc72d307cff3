package org.strategylab.upstream.rest;

import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.strategylab.edge.auth.AuthConfig;
import org.strategylab.edge.auth.Caller;
import org.strategylab.sites.Site;
import org.strategylab.sites.SiteRegistry;
import org.strategylab.upstream.api.AuthStatus;
import org.strategylab.upstream.api.LoginRequest;
import org.strategylab.upstream.service.sessions.UpstreamSignIn;

/**
 * Sign-in to a VEuPathDB site for the signed-in StrategyLab user ({@code siteId} defaults to the
 * default site). The site's session stays on the server, encrypted; it never reaches the browser.
 */
@Path("/api/v1/veupathdb/auth")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Upstream sign-in")
public class UpstreamAuthResource {

    @Inject
    Caller caller;

    @Inject
    SiteRegistry sites;

    @Inject
    UpstreamSignIn signIn;

    @Inject
    AuthConfig auth;

    /**
     * In local mode a StrategyLab user is only a chosen name: whoever signs in to StrategyLab under
     * that name afterwards acts with the VEuPathDB account signed in here.
     */
    static final String LOCAL_MODE_WARNING = "This StrategyLab runs in local mode, where anyone can sign in under any "
            + "name: whoever signs in as this user can now act with this VEuPathDB account (its strategies and "
            + "saved work) until you sign out of VEuPathDB here. Use it only where you alone use this StrategyLab.";

    @POST
    @Path("/login")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Sign in to a VEuPathDB site with its email and password",
            description = "Limited per user and per client address (429 with Retry-After). In local mode the answer "
                    + "carries a warning: anyone who signs in to StrategyLab under the same name acts with this account.")
    public Uni<AuthStatus> login(@QueryParam("siteId") String siteId, @NotNull @Valid LoginRequest body) {
        return signIn.login(caller.id(), site(siteId), body.email(), body.password())
                .map(status -> status.signedIn() && auth.mode() == AuthConfig.Mode.LOCAL
                        ? status.withWarning(LOCAL_MODE_WARNING) : status);
    }

    @POST
    @Path("/logout")
    @Operation(summary = "Sign out of a VEuPathDB site and forget its session")
    public Uni<AuthStatus> logout(@QueryParam("siteId") String siteId) {
        return signIn.logout(caller.id(), site(siteId));
    }

    @GET
    @Path("/status")
    @Operation(summary = "Whether the caller is signed in to a VEuPathDB site (checked with the site)")
    public Uni<AuthStatus> status(@QueryParam("siteId") String siteId) {
        Site site = site(siteId);
        return caller.idIfKnown().map(id -> signIn.status(id, site))
                .orElseGet(() -> Uni.createFrom().item(new AuthStatus(site.id(), false, null, null)));
    }

    private Site site(String siteId) {
        return siteId == null || siteId.isBlank() ? sites.defaultSite() : sites.require(siteId);
    }
}
