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
 * searches, and one search's parameters. Unknown sites, record types and searches are 404
 * problems.
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
        return cache.recordTypes(siteId).map(CachedCatalog.Answer::json);
    }

    /**
     * The searches of a record type, without parameters.
     *
     * @throws ProblemException 404 {@code RECORD_TYPE_NOT_FOUND}
     */
    public Uni<JsonNode> searches(String siteId, String recordType) {
        sites.require(siteId);
        return cache.searches(siteId, recordType).map(answer -> {
            if (!answer.found()) {
                throw recordTypeNotFound(siteId, recordType);
            }
            return answer.json();
        });
    }

    /**
     * One search with its parameters and default vocabularies ({@code searchData}).
     *
     * @throws ProblemException 404 {@code SEARCH_NOT_FOUND}
     */
    public Uni<JsonNode> search(String siteId, String recordType, String searchName) {
        sites.require(siteId);
        return cache.search(siteId, recordType, searchName).map(answer -> {
            if (!answer.found()) {
                throw searchNotFound(siteId, recordType, searchName);
            }
            JsonNode data = answer.json().get("searchData");
            if (data == null || !data.isObject()) {
                throw UpstreamFailure.malformed(siteId, "GET /record-types/{rt}/searches/{s}", answer.status(),
                        "no searchData");
            }
            return data;
        });
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
