package org.strategylab.gateway.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/** The gateway's routing settings, under {@code strategylab.gateway}. */
@ConfigMapping(prefix = "strategylab.gateway")
public interface GatewayConfig {

    /** The services behind the gateway, by name. */
    Map<String, Route> routes();

    /** How long a service may take to accept a connection before the gateway answers 502. */
    @WithDefault("PT5S")
    Duration connectTimeout();

    /**
     * How long a proxied exchange may stay silent before the gateway answers 504 (or, once the
     * response has started, closes it). Longer than the longest upstream timeout (portal 120 s).
     */
    @WithDefault("PT150S")
    Duration idleTimeout();

    /** Connections kept per service. */
    @WithDefault("200")
    int maxConnectionsPerService();

    /** One service behind the gateway. */
    interface Route {

        /** The service's base URL, e.g. {@code http://localhost:18081}. */
        URI target();

        /** The path prefixes it owns, e.g. {@code /api/v1/sites}. */
        List<String> prefixes();
    }
}
