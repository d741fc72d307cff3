package org.strategylab.upstream.service.sessions;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import org.strategylab.edge.problem.FieldError;
import org.strategylab.edge.problem.ProblemException;
import org.strategylab.sites.Site;
import org.strategylab.upstream.api.AuthStatus;
import org.strategylab.upstream.client.UpstreamFailure;
import org.strategylab.upstream.client.UpstreamSession;
import org.strategylab.upstream.client.WdkSessionClient;
import org.strategylab.upstream.client.WdkTransport;

/**
 * Signs a StrategyLab user in to and out of a VEuPathDB site. The session WDK gives back is kept
 * server-side per (user, site), encrypted at rest; the browser only ever learns whether it is
 * signed in.
 */
@ApplicationScoped
public class UpstreamSignIn {

    @Inject
    SessionService sessions;

    @Inject
    WdkSessionClient wdk;

    @Inject
    WdkTransport transport;

    /**
     * Signs in with an email and password.
     *
     * @throws ProblemException 422 {@code INVALID_CREDENTIALS} when the site rejects them
     */
    public Uni<AuthStatus> login(String ownerId, Site site, String email, String password) {
        return sessions.session(ownerId, site).chain(session -> {
            if (session.identity().map(UpstreamSession.Identity::signedIn).orElse(false)) {
                // WDK answers a signed-in caller's /login with a redirect: sign in from a fresh session
                session.reset();
            }
            // give the session its guest identity first, so the login answer sets exactly one token
            return session.identity(transport::readIdentity)
                    .chain(guest -> wdk.login(session, email, password))
                    .chain(response -> {
                        JsonNode body = response.okJson();
                        if (!body.path("success").asBoolean(false)) {
                            return Uni.createFrom().failure(invalidCredentials());
                        }
                        return transport.readIdentity(session);
                    })
                    .chain(identity -> {
                        if (!identity.signedIn()) {
                            return Uni.createFrom().failure(new UpstreamFailure(UpstreamFailure.Kind.MALFORMED,
                                    site.id(), "POST /login", 200, "The site accepted the login but kept a guest", null));
                        }
                        session.identified(identity.userId(), true, identity.email(), identity.displayName());
                        return transport.primeWebSession(session).replaceWith(status(site, identity));
                    })
                    .call(session::saveIfChanged);
        });
    }

    /** Signs out: ends the session on the site (best effort) and forgets it here. */
    public Uni<AuthStatus> logout(String ownerId, Site site) {
        return sessions.exists(ownerId, site).chain(exists -> {
            if (!exists) {
                return sessions.forget(ownerId, site);
            }
            return sessions.session(ownerId, site)
                    .chain(session -> wdk.logout(session).replaceWithVoid()
                            .onFailure(UpstreamFailure.class).recoverWithNull()
                            .invoke(session::reset))
                    .chain(() -> sessions.forget(ownerId, site));
        }).replaceWith(new AuthStatus(site.id(), false, null, null));
    }

    /**
     * Whether the user is signed in, checked with the site (an expired token shows up as signed
     * out). A user without a session gets {@code signedIn: false} without any upstream call; when
     * the site cannot be asked, the last known state is answered.
     */
    public Uni<AuthStatus> status(String ownerId, Site site) {
        return sessions.exists(ownerId, site).chain(exists -> {
            if (!exists) {
                return Uni.createFrom().item(new AuthStatus(site.id(), false, null, null));
            }
            return sessions.session(ownerId, site).chain(session -> transport.readIdentity(session)
                    .invoke(identity -> session.identified(identity.userId(), identity.signedIn(), identity.email(),
                            identity.displayName()))
                    .call(session::saveIfChanged)
                    .map(identity -> status(site, identity))
                    .onFailure(UpstreamFailure.class).recoverWithItem(() -> session.identity()
                            .map(identity -> status(site, identity))
                            .orElse(new AuthStatus(site.id(), false, null, null))));
        });
    }

    private static AuthStatus status(Site site, UpstreamSession.Identity identity) {
        return identity.signedIn()
                ? new AuthStatus(site.id(), true, identity.displayName(), identity.email())
                : new AuthStatus(site.id(), false, null, null);
    }

    private static ProblemException invalidCredentials() {
        return new ProblemException(422, "INVALID_CREDENTIALS", "Unprocessable Content",
                "The site rejected this email and password",
                List.of(new FieldError("/password", "the email and password do not match a VEuPathDB account")));
    }
}
