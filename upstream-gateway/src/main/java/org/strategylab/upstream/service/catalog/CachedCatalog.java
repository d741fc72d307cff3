package org.strategylab.upstream.service.catalog;

import org.strategylab.upstream.service.sessions.SessionService;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.cache.CacheResult;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.strategylab.sites.SiteRegistry;
import org.strategylab.upstream.client.UpstreamFailure;
import org.strategylab.upstream.client.WdkCatalogClient;
import org.strategylab.upstream.client.WdkResponse;

/**
 * The cache of catalogue answers per site, with a time to live
 * ({@code quarkus.cache.caffeine."wdk-catalog".expire-after-write}) and a maximum size. Only
 * successful answers are cached: any other status fails the call as a 502 (a 404 included: the
 * record type or search was just found in the site's own list, so its 404 is the site's failure,
 * not an unknown name) and the next caller asks the site again. The
 * keys are names {@link CatalogReader} has already found in the site's own lists, so no caller can
 * fill the cache with names of its choosing.
 */
@ApplicationScoped
public class CachedCatalog {

    /** The cache name, for its settings. */
    public static final String CACHE = "wdk-catalog";

    /**
     * The cache of public strategy lists and their step trees. Apart from {@link #CACHE} because a
     * cache's keys are the arguments alone: a site's list and its record types would share a key.
     */
    public static final String PUBLIC_STRATEGIES_CACHE = "wdk-public-strategies";

    @Inject
    SiteRegistry sites;

    @Inject
    SessionService sessions;

    @Inject
    WdkCatalogClient wdk;

    /** Every record type of the site, expanded (a JSON array). */
    @CacheResult(cacheName = CACHE)
    public Uni<JsonNode> recordTypes(String siteId) {
        return wdk.recordTypes(sessions.catalogSession(sites.require(siteId)))
                .map(response -> array(response.okJson(), response, "no list of record types"));
    }

    /** The searches of a record type (a JSON array). */
    @CacheResult(cacheName = CACHE)
    public Uni<JsonNode> searches(String siteId, String recordType) {
        // the record type was just found in the site's list, so a 404 here is the site's failure: a 502
        return wdk.searches(sessions.catalogSession(sites.require(siteId)), recordType)
                .map(response -> array(response.okJson(), response, "no list of searches"));
    }

    /** One search with its parameters ({@code {searchData, validation}}). */
    @CacheResult(cacheName = CACHE)
    public Uni<JsonNode> search(String siteId, String recordType, String searchName) {
        // the search was just found in the record type's list, so a 404 here is the site's failure: a 502
        return wdk.search(sessions.catalogSession(sites.require(siteId)), recordType, searchName)
                .map(WdkResponse::okJson);
    }

    /** The site's public strategies, as WDK lists them (a JSON array of strategy listings, no trees). */
    @CacheResult(cacheName = PUBLIC_STRATEGIES_CACHE)
    public Uni<JsonNode> publicStrategies(String siteId) {
        return wdk.publicStrategies(sessions.catalogSession(sites.require(siteId)))
                .map(response -> array(response.okJson(), response, "no list of public strategies"));
    }

    private static JsonNode array(JsonNode json, WdkResponse response, String what) {
        if (!json.isArray()) {
            throw UpstreamFailure.malformed(response.siteId(), response.operation(), response.status(), what);
        }
        return json;
    }
}
