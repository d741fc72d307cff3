package org.strategylab.upstream.service.catalog;

import org.strategylab.upstream.service.sessions.SessionService;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.cache.CacheResult;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.strategylab.sites.SiteRegistry;
import org.strategylab.upstream.client.WdkCatalogClient;
import org.strategylab.upstream.client.WdkResponse;

/**
 * The cache of catalogue answers per site, with a time to live
 * ({@code quarkus.cache.caffeine."wdk-catalog".expire-after-write}). A 404 is an answer and is
 * cached like any other; an upstream failure is not cached, so the next caller tries again. The
 * site id must be known (checked by {@link CatalogReader} before the cache is asked).
 */
@ApplicationScoped
public class CachedCatalog {

    /** The cache name, for its settings. */
    public static final String CACHE = "wdk-catalog";

    /**
     * A catalogue answer.
     *
     * @param status the site's status (200 or 404)
     * @param json   the body when 200, else {@code null}
     */
    public record Answer(int status, JsonNode json) {

        boolean found() {
            return status != 404;
        }
    }

    @Inject
    SiteRegistry sites;

    @Inject
    SessionService sessions;

    @Inject
    WdkCatalogClient wdk;

    /** Every record type of the site, expanded. */
    @CacheResult(cacheName = CACHE)
    public Uni<Answer> recordTypes(String siteId) {
        return wdk.recordTypes(sessions.catalogSession(sites.require(siteId))).map(CachedCatalog::answer);
    }

    /** The searches of a record type. */
    @CacheResult(cacheName = CACHE)
    public Uni<Answer> searches(String siteId, String recordType) {
        return wdk.searches(sessions.catalogSession(sites.require(siteId)), recordType).map(CachedCatalog::answer);
    }

    /** One search with its parameters. */
    @CacheResult(cacheName = CACHE)
    public Uni<Answer> search(String siteId, String recordType, String searchName) {
        return wdk.search(sessions.catalogSession(sites.require(siteId)), recordType, searchName)
                .map(CachedCatalog::answer);
    }

    private static Answer answer(WdkResponse response) {
        if (response.status() == 404) {
            return new Answer(404, null);
        }
        return new Answer(response.status(), response.okJson());
    }
}
