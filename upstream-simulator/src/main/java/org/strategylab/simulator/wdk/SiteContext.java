package org.strategylab.simulator.wdk;

import io.vertx.core.Vertx;
import org.strategylab.simulator.catalog.Catalog;
import org.strategylab.simulator.faults.FaultInjector;
import org.strategylab.sites.Site;

/**
 * Everything a served site's routes use.
 *
 * @param servicePath the site's service path from the registry ({@code /plasmo/service})
 */
record SiteContext(Site site, String servicePath, Catalog catalog, SiteWorkspace workspace, UserDirectory users,
                   FaultInjector faults, Vertx vertx) {

    /** The web application path ({@code /plasmo}), for the UI links WDK puts in results. */
    String webPath() {
        return servicePath.endsWith("/service") ? servicePath.substring(0, servicePath.length() - "/service".length()) : servicePath;
    }
}
