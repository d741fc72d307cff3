package org.strategylab.sites;

import java.util.Map;
import java.util.Optional;

/**
 * Changes a deployment makes to the loaded site list.
 *
 * @param defaultSite      replaces the configured default site id
 * @param originOverride   {@code scheme://host[:port]} that replaces the origin of every base URL
 *                         while keeping its path: the local run points every site at the upstream
 *                         simulator this way ({@code http://localhost:8090/plasmo/service})
 * @param baseUrls         per-site base URLs by site id; applied after {@code originOverride}
 * @param portalTimeout    replaces the portal timeout, in seconds
 * @param componentTimeout replaces the component-site timeout, in seconds
 */
public record SiteOverrides(
        Optional<String> defaultSite,
        Optional<String> originOverride,
        Map<String, String> baseUrls,
        Optional<Integer> portalTimeout,
        Optional<Integer> componentTimeout) {

    /** No changes. */
    public static final SiteOverrides NONE =
            new SiteOverrides(Optional.empty(), Optional.empty(), Map.of(), Optional.empty(), Optional.empty());

    public SiteOverrides {
        baseUrls = Map.copyOf(baseUrls);
    }
}
