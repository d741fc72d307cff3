package org.strategylab.edge.peer;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.util.List;
import java.util.Optional;

/**
 * The service-to-service credential, under {@code strategylab.peer}: a shared secret the gateway
 * and sibling services send in {@link PeerCredential#HEADER}, so a service answers only requests
 * that came through the gateway or from another service, never a caller who reached its port.
 */
@ConfigMapping(prefix = "strategylab.peer")
public interface PeerConfig {

    /**
     * The shared secret (at least 32 characters). Unset: no check, and the service relies on its
     * loopback-only binding alone (tests, a single-machine run without the launcher). The local run
     * generates one and gives it to every service and the gateway.
     */
    Optional<String> secret();

    /**
     * Whether this process refuses requests without the secret; default true. The gateway sets it
     * to false: it is the front door (it sends the secret, it does not require it).
     */
    @WithDefault("true")
    boolean enforce();

    /**
     * Paths open without the secret (prefixes, whole segments): health and metrics, so probes and
     * scrapers need no secret; default {@code /q/health,/q/metrics}. They carry no user data.
     */
    @WithDefault("/q/health,/q/metrics")
    List<String> openPaths();
}
