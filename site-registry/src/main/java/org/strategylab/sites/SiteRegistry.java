package org.strategylab.sites;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The sites StrategyLab can drive, the default site and the routing timeouts. Immutable; build it
 * with {@link SiteRegistryLoader}, which validates every entry.
 */
public final class SiteRegistry {

    private final Map<String, Site> sitesById;
    private final String defaultSiteId;
    private final RoutingTimeouts routing;

    SiteRegistry(List<Site> sites, String defaultSiteId, RoutingTimeouts routing) {
        Map<String, Site> byId = new LinkedHashMap<>();
        sites.forEach(site -> byId.put(site.id(), site));
        this.sitesById = java.util.Collections.unmodifiableMap(byId);
        this.defaultSiteId = defaultSiteId;
        this.routing = routing;
    }

    /** Every site, in configuration order. */
    public List<Site> sites() {
        return List.copyOf(sitesById.values());
    }

    /** The site with this id, if there is one. */
    public Optional<Site> find(String siteId) {
        return Optional.ofNullable(siteId).map(sitesById::get);
    }

    /**
     * The site with this id.
     *
     * @throws UnknownSiteException when there is none
     */
    public Site require(String siteId) {
        return find(siteId).orElseThrow(() -> new UnknownSiteException(siteId));
    }

    /** The site used when a request names none. */
    public Site defaultSite() {
        return sitesById.get(defaultSiteId);
    }

    /** The routing timeouts. */
    public RoutingTimeouts routing() {
        return routing;
    }
}
