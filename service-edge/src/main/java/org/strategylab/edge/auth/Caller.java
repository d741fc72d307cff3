package org.strategylab.edge.auth;

import io.quarkus.security.identity.SecurityIdentity;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import java.util.Optional;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.strategylab.edge.problem.ProblemException;

/**
 * Who is calling: the subject of the verified caller token (bearer header or the HttpOnly
 * cookie). Every owned resource is keyed by {@link #id()}; a service never takes a user id from a
 * request body or query.
 */
@RequestScoped
public class Caller {

    @Inject
    SecurityIdentity identity;

    /**
     * The caller's user id.
     *
     * @throws ProblemException 401 {@code UNAUTHORIZED} when the request carries no valid token
     */
    public String id() {
        return idIfKnown().orElseThrow(Caller::unauthenticated);
    }

    /** The caller's user id, or empty for an anonymous request (public endpoints). */
    public Optional<String> idIfKnown() {
        if (identity == null || identity.isAnonymous()) {
            return Optional.empty();
        }
        // the subject, not the display name: it is the stable id an OIDC provider guarantees
        if (identity.getPrincipal() instanceof JsonWebToken token && token.getSubject() != null) {
            return Optional.of(token.getSubject());
        }
        return Optional.of(identity.getPrincipal().getName());
    }

    /** The 401 every protected endpoint answers to an anonymous caller. */
    public static ProblemException unauthenticated() {
        return ProblemException.unauthenticated();
    }
}
