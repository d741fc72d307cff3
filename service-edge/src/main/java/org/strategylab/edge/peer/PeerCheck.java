package org.strategylab.edge.peer;

import io.quarkus.runtime.StartupEvent;
import io.quarkus.vertx.http.runtime.filters.Filters;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.List;
import org.strategylab.edge.problem.ProblemWriter;

/**
 * Refuses every request that does not carry the service-to-service secret
 * ({@link PeerCredential#HEADER}) with 403 {@code PEER_CREDENTIAL_REQUIRED}, before routing and
 * authentication: a caller who reaches a service's port directly (instead of through the gateway)
 * gets nothing, not even with a valid user token. {@code /internal/v1/**} is covered like
 * everything else. Health and metrics stay open ({@code strategylab.peer.open-paths}).
 */
@ApplicationScoped
public class PeerCheck {

    // after RequestIds (1000), so the refusal carries the request id
    private static final int ORDER = 900;

    @Inject
    PeerConfig config;

    @Inject
    ProblemWriter problems;

    void validate(@Observes StartupEvent event) {
        config.secret().ifPresent(secret -> {
            if (secret.length() < PeerCredential.MIN_LENGTH) {
                throw new IllegalStateException("strategylab.peer.secret must be at least " + PeerCredential.MIN_LENGTH
                        + " characters");
            }
        });
    }

    void register(@Observes Filters filters) {
        if (!config.enforce() || config.secret().isEmpty()) {
            return;
        }
        String secret = config.secret().get();
        List<String> open = config.openPaths();
        filters.register(context -> check(context, secret, open), ORDER);
    }

    private void check(RoutingContext context, String secret, List<String> open) {
        if (isOpen(context.request().path(), open)
                || PeerCredential.matches(secret, context.request().getHeader(PeerCredential.HEADER))) {
            context.next();
            return;
        }
        problems.write(context, 403, "PEER_CREDENTIAL_REQUIRED", "Forbidden",
                "This service answers only the gateway and its sibling services", List.of());
    }

    static boolean isOpen(String path, List<String> open) {
        if (path == null) {
            return false;
        }
        for (String prefix : open) {
            if (path.equals(prefix) || path.startsWith(prefix.endsWith("/") ? prefix : prefix + "/")) {
                return true;
            }
        }
        return false;
    }
}
