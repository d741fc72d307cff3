package org.strategylab.upstream.rest;

import java.util.List;
import org.strategylab.sites.Site;

/**
 * A page of sites.
 *
 * @param items         the sites of this page, in configuration order
 * @param total         how many sites there are
 * @param limit         the page size asked for
 * @param offset        the index of the first item
 * @param defaultSiteId the site used when a request names none
 * @param routing       upstream timeouts by kind of site
 */
public record SiteList(List<Site> items, int total, int limit, int offset, String defaultSiteId, Routing routing) {

    /** Upstream call timeouts, in seconds. */
    public record Routing(long portalTimeoutSeconds, long componentTimeoutSeconds) {
    }
}
