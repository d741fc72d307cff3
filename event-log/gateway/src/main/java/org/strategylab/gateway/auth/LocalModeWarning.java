package org.strategylab.gateway.auth;

import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;
import org.strategylab.edge.auth.AuthConfig;

/**
 * Says loudly at start-up that local mode has no passwords: anyone who can reach the gateway can
 * sign in as any user. The pages say the same (from {@code GET /api/v1/auth/mode}).
 */
@ApplicationScoped
public class LocalModeWarning {

    private static final Logger LOG = Logger.getLogger(LocalModeWarning.class);

    @Inject
    AuthConfig auth;

    @ConfigProperty(name = "quarkus.http.host", defaultValue = "127.0.0.1")
    String host;

    void warn(@Observes StartupEvent event) {
        if (auth.mode() != AuthConfig.Mode.LOCAL) {
            return;
        }
        boolean loopback = host.equals("127.0.0.1") || host.equals("localhost") || host.equals("::1");
        LOG.warnf("LOCAL MODE — NO PASSWORDS: anyone who can reach this gateway can sign in as any user "
                + "(strategylab.auth.mode=local). Listening on %s%s. For more than one person on one machine, use an "
                + "identity provider (strategylab.auth.mode=external).", host,
                loopback ? " (this machine only)" : " — REACHABLE FROM THE NETWORK");
    }
}
