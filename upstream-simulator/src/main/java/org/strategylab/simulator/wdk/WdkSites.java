package org.strategylab.simulator.wdk;

import io.vertx.core.Vertx;
import io.vertx.ext.web.Router;
import java.util.List;
import org.strategylab.simulator.catalog.Catalog;
import org.strategylab.simulator.faults.FaultInjector;
import org.strategylab.sites.Site;

/**
 * Builds the WDK service router of each served site. Users (and their tokens) are shared by all sites,
 * as VEuPathDB's accounts are; steps, strategies and datasets belong to the site they were made on.
 */
public final class WdkSites {

    private final UserDirectory users;
    private final FaultInjector faults;
    private final IdSequences ids = new IdSequences();

    public WdkSites(List<RegisteredAccount> accounts, FaultInjector faults) {
        this.faults = faults;
        this.users = new UserDirectory(accounts, faults::tokenExpired);
    }

    /** The router to mount at {@code servicePath + "/*"}. */
    public Router serviceRouter(Vertx vertx, Site site, String servicePath, Catalog catalog) {
        SiteWorkspace workspace = new SiteWorkspace(catalog, ids);
        PublicStrategies.seed(workspace);
        SiteContext context = new SiteContext(site, servicePath, catalog, workspace, users, faults, vertx);
        Router router = Router.router(vertx);
        SessionRoutes.identify(router, context);
        SessionRoutes.register(router, context);
        CatalogRoutes.register(router, context);
        ReportRoutes.register(router, context);
        StepRoutes.register(router, context);
        StrategyRoutes.register(router, context);
        PublicStrategies.register(router, context);
        AnalysisRoutes.register(router, context);
        return router;
    }
}
