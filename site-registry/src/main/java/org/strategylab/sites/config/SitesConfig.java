package org.strategylab.sites.config;

import io.smallrye.config.ConfigMapping;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * Deployment settings for the site registry, under {@code strategylab.sites}. Everything is
 * optional: without settings the bundled {@code sites.yaml} is used as it is.
 */
@ConfigMapping(prefix = "strategylab.sites")
public interface SitesConfig {

    /** A YAML file that replaces the bundled site list (same shape as the bundled one). */
    Optional<Path> file();

    /** Replaces the default site id (bundled: {@code veupathdb}). */
    Optional<String> defaultSite();

    /**
     * {@code scheme://host[:port]} that replaces the origin of every site's base URL, keeping the
     * path. The local run sets it to the upstream simulator.
     */
    Optional<String> originOverride();

    /** Per-site base URLs, e.g. {@code strategylab.sites.base-url.plasmodb=https://qa.plasmodb.org/plasmo.qa/service}. */
    Map<String, String> baseUrl();

    /** Portal timeout in seconds (bundled: 120). */
    Optional<Integer> portalTimeoutSeconds();

    /** Component-site timeout in seconds (bundled: 30). */
    Optional<Integer> componentTimeoutSeconds();
}
