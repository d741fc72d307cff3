package org.strategylab.sites.config;

import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import org.strategylab.sites.SiteOverrides;
import org.strategylab.sites.SiteRegistry;
import org.strategylab.sites.SiteRegistryLoader;

/**
 * Makes the validated {@link SiteRegistry} a CDI bean. It is built at start-up, so a bad site
 * entry stops the service with an error that names it instead of failing the first request.
 */
@ApplicationScoped
public class SiteRegistryProducer {

    @Produces
    @Singleton
    @Startup
    SiteRegistry siteRegistry(SitesConfig config) {
        SiteOverrides overrides = new SiteOverrides(
                config.defaultSite(),
                config.originOverride(),
                config.baseUrl(),
                config.portalTimeoutSeconds(),
                config.componentTimeoutSeconds());
        return SiteRegistryLoader.load(config.file().orElse(null), overrides);
    }
}
