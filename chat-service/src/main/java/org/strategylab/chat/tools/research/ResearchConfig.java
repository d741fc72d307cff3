package org.strategylab.chat.tools.research;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Optional;

/**
 * Settings of the research tools ({@code strategylab.chat.research.*}); the README's configuration
 * table lists them. A service whose URL is empty is not configured, and its tool says so.
 */
@ConfigMapping(prefix = "strategylab.chat.research")
public interface ResearchConfig {

    /** How long one call to a research service may take before the tool reports it unavailable. */
    @WithDefault("PT20S")
    Duration timeout();

    /** Europe PMC's REST API ({@code literature_search}). */
    Service europePmc();

    /** NCBI's E-utilities ({@code literature_search}'s PubMed source). */
    Service ncbiEutils();

    /** A SearXNG instance's JSON search API ({@code web_search}). */
    Service webSearch();

    interface Service {
        /** Its base URL; empty: the tool is not configured (application.properties holds the defaults). */
        Optional<String> url();
    }
}
