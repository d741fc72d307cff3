package org.strategylab.chat.tools.research;

import java.time.Duration;
import java.util.Optional;

/** Research settings for tools built outside Quarkus: the given URLs (null: not configured). */
record TestResearchConfig(String europePmcUrl, String webSearchUrl, String ncbiEutilsUrl) implements ResearchConfig {

    TestResearchConfig(String europePmcUrl, String webSearchUrl) {
        this(europePmcUrl, webSearchUrl, null);
    }

    @Override
    public Duration timeout() {
        return Duration.ofSeconds(10);
    }

    @Override
    public Service europePmc() {
        return () -> Optional.ofNullable(europePmcUrl);
    }

    @Override
    public Service ncbiEutils() {
        return () -> Optional.ofNullable(ncbiEutilsUrl);
    }

    @Override
    public Service webSearch() {
        return () -> Optional.ofNullable(webSearchUrl);
    }
}
