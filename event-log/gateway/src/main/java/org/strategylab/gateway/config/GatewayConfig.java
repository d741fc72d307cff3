package org.strategylab.gateway.config;

import io.quarkus.runtime.configuration.MemorySize;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

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

    /**
     * The {@code /api/v1} prefixes a caller may use without signing in; default the site
     * catalog, the model and tool catalogs and the sign-in endpoints. Everything else needs a valid token.
     */
    @WithDefault("/api/v1/sites,/api/v1/models,/api/v1/tools,/api/v1/auth")
    List<String> publicPrefixes();

    /**
     * The largest request body the gateway forwards; default 10M. A larger declared
     * {@code Content-Length} is refused at once, a chunked body when it passes the limit, with 413
     * problem+json {@code PAYLOAD_TOO_LARGE}; the service never sees the rest.
     */
    @WithDefault("10M")
    MemorySize maxBodySize();

    /**
     * Origins besides the gateway's own whose pages may send cookie-authenticated unsafe requests
     * (e.g. {@code https://strategylab.example.org} when the pages are served from another host);
     * default none. Every other cross-site POST, PATCH, PUT or DELETE with the session cookie is a
     * 403 {@code CSRF_REJECTED}.
     */
    Optional<List<String>> trustedOrigins();

    /**
     * How often the gateway reloads the shared deny-list of signed-out tokens from PostgreSQL, so a
     * sign-out on one replica takes effect on the others; default 5 s.
     */
    @WithDefault("PT5S")
    Duration revocationRefresh();

    /** Operation streams (SSE). */
    Stream stream();

    /** How operation streams behave. */
    interface Stream {

        /** The events topics the gateway tails, one shared consumer each; default {@code chat.events,experiment.events}. */
        @WithDefault("chat.events,experiment.events")
        List<String> topics();

        /** How often an idle stream gets a comment line, so proxies do not cut it; default 15 s. */
        @WithDefault("PT15S")
        Duration heartbeat();

        /** The reconnect delay suggested to clients ({@code retry:}); default 3 s. */
        @WithDefault("PT3S")
        Duration retry();

        /**
         * Events a stream may hold for a client that reads too slowly; default 10,000. Beyond it the
         * connection is closed and the client resumes from its cursor, so nothing is lost.
         */
        @WithDefault("10000")
        int bufferLimit();

        /** How long shutdown waits for open streams to flush before closing them; default 5 s. */
        @WithDefault("PT5S")
        Duration drainTimeout();

        /**
         * Streams one user may have open on this gateway instance at once (counted per replica);
         * default 20. One more is refused with 429 and {@code Retry-After}.
         */
        @WithDefault("20")
        int maxStreamsPerUser();

        /**
         * How long one stream connection may last; default 30 min. Then it ends cleanly (a comment
         * says why) and the client resumes from its cursor, so connections move between replicas.
         */
        @WithDefault("PT30M")
        Duration maxConnectionAge();

        /**
         * What each topic's tail keeps of the events it read last, per partition (event bytes);
         * default 2 MiB. A stream opened on a new or recent operation catches up from it instead
         * of reading the broker (a POST answered with its stream starts sooner); 0 turns it off.
         */
        @WithDefault("2M")
        MemorySize recentEvents();

        /** The first wait before a failed tail consumer is started again; default 1 s, doubling per failure. */
        @WithDefault("PT1S")
        Duration tailRestartBackoff();

        /** The longest wait between restarts of a failing tail consumer; default 30 s. */
        @WithDefault("PT30S")
        Duration tailRestartMaxBackoff();
    }

    /** One service behind the gateway. */
    interface Route {

        /** The service's base URL, e.g. {@code http://localhost:18081}. */
        URI target();

        /** The path prefixes it owns, e.g. {@code /api/v1/sites}. */
        List<String> prefixes();
    }
}
