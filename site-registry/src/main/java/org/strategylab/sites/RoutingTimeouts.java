package org.strategylab.sites;

import java.time.Duration;

/**
 * How long one upstream call may take, by kind of site. The portal fans each request out to its
 * component sites, so it gets the longer budget.
 *
 * @param portal    timeout for the portal (default 120 s)
 * @param component timeout for a component site (default 30 s)
 */
public record RoutingTimeouts(Duration portal, Duration component) {

    /** The defaults of the specification: 120 s for the portal, 30 s for a component site. */
    public static final RoutingTimeouts DEFAULTS = new RoutingTimeouts(Duration.ofSeconds(120), Duration.ofSeconds(30));

    /** The timeout that applies to calls to {@code site}. */
    public Duration timeoutFor(Site site) {
        return site.isPortal() ? portal : component;
    }
}
