package org.strategylab.edge.http;

import io.quarkus.runtime.configuration.MemorySize;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/**
 * Request-line and header limits every service enforces itself, under {@code strategylab.http},
 * so a refusal is a problem+json body ({@link RequestLimits}). Netty's own limits
 * ({@code quarkus.http.limits.max-initial-line-length}, {@code max-header-size}) are set four times
 * higher in service-edge's defaults: they stay only as a backstop against absurd requests, which
 * Vert.x refuses with an empty body.
 */
@ConfigMapping(prefix = "strategylab.http")
public interface HttpLimitsConfig {

    /** The longest request line (method, target, version) answered; longer is 414; default 4096. */
    @WithDefault("4096")
    int maxRequestLine();

    /** The most header bytes (names and values) answered; more is 431; default 20K. */
    @WithDefault("20K")
    MemorySize maxHeaderSize();
}
