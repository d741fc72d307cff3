package org.strategylab.upstream.service.catalog;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.strategylab.edge.problem.ProblemException;
import org.strategylab.sites.SiteRegistry;
import org.strategylab.upstream.client.UpstreamFailure;

/**
 * A site's catalogue as WDK describes it, read through {@link CachedCatalog}: record types,
 * searches, and one search's parameters. A record type or search name is looked up in the site's
 * own (cached) list before it goes into an upstream path, so a caller's {@code ..}, {@code ..;} or
 * {@code a/b} never reaches the site: unknown sites, record types and searches are 404 problems
 * naming them.
 */
@ApplicationScoped
public class CatalogReader {

    @Inject
    SiteRegistry sites;

    @Inject
    CachedCatalog cache;

    /** Every record type of the site, expanded (attributes, primary-key columns, searches). */
    public Uni<JsonNode> recordTypes(String siteId) {
        sites.require(siteId);
        return cache.recordTypes(siteId);
    }

    /**
     * The searches of a record type, without parameters.
     *
     * @throws ProblemException 404 {@code RECORD_TYPE_NOT_FOUND}
     */
    public Uni<JsonNode> searches(String siteId, String recordType) {
        return recordTypes(siteId).chain(types -> {
            if (!named(types, recordType)) {
                throw recordTypeNotFound(siteId, recordType);
            }
            return cache.searches(siteId, recordType);
        });
    }

    /**
     * One search with its parameters and default vocabularies ({@code searchData}).
     *
     * @throws ProblemException 404 {@code RECORD_TYPE_NOT_FOUND} or {@code SEARCH_NOT_FOUND}
     */
    public Uni<JsonNode> search(String siteId, String recordType, String searchName) {
        return searches(siteId, recordType).chain(searches -> {
            if (!named(searches, searchName)) {
                throw searchNotFound(siteId, recordType, searchName);
            }
            return cache.search(siteId, recordType, searchName);
        }).map(answer -> {
            JsonNode data = answer.get("searchData");
            if (data == null || !data.isObject()) {
                throw UpstreamFailure.malformed(siteId, "GET /record-types/{rt}/searches/{s}", 200, "no searchData");
            }
            return data;
        });
    }

    /**
     * Checks that the site has the record type.
     *
     * @throws ProblemException 404 {@code RECORD_TYPE_NOT_FOUND}
     */
    public Uni<Void> requireRecordType(String siteId, String recordType) {
        return recordTypes(siteId).map(types -> {
            if (!named(types, recordType)) {
                throw recordTypeNotFound(siteId, recordType);
            }
            return null;
        });
    }

    /** Whether a WDK list (record types or searches) has an entry with this url segment. */
    private static boolean named(JsonNode list, String urlSegment) {
        if (urlSegment == null) {
            return false;
        }
        for (JsonNode entry : list) {
            if (urlSegment.equals(entry.path("urlSegment").asText(null))) {
                return true;
            }
        }
        return false;
    }

    static ProblemException recordTypeNotFound(String siteId, String recordType) {
        return ProblemException.notFound("RECORD_TYPE_NOT_FOUND",
                "Site '" + siteId + "' has no record type '" + recordType + "'");
    }

    static ProblemException searchNotFound(String siteId, String recordType, String searchName) {
        return ProblemException.notFound("SEARCH_NOT_FOUND",
                "Site '" + siteId + "' has no search '" + searchName + "' for record type '" + recordType + "'");
    }
}
