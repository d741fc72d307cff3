package org.strategylab.upstream.service.strategies;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import org.jboss.logging.Logger;
import org.strategylab.upstream.api.Page;
import org.strategylab.upstream.api.PublicStrategy;
import org.strategylab.upstream.service.catalog.CachedCatalog;
import org.strategylab.upstream.service.catalog.CatalogReader;
import org.strategylab.upstream.service.catalog.ranking.CatalogRanking;
import org.strategylab.upstream.service.catalog.ranking.Ranker;

/**
 * A site's public strategies as example plans: the site's list (cached), perhaps of one record type,
 * ranked by meaning against a request with the catalogue's hybrid ranking, each of the chosen ones with
 * its step tree ({@link PublicStrategyTrees}).
 */
@ApplicationScoped
public class PublicStrategyExamples {

    private static final Logger LOG = Logger.getLogger(PublicStrategyExamples.class);

    @Inject
    CatalogReader catalog;

    @Inject
    CachedCatalog cache;

    @Inject
    CatalogRanking ranking;

    @Inject
    PublicStrategyTrees trees;

    /**
     * The public strategies best matching the query, best first (all of them in the site's order
     * without a query).
     *
     * @param recordType only strategies whose result is of this record type, or {@code null} for all
     * @throws org.strategylab.edge.problem.ProblemException 404 for an unknown site or record type
     */
    public Uni<Page<PublicStrategy>> find(String siteId, String query, String recordType, int limit) {
        Uni<Void> checked = recordType == null || recordType.isBlank() ? catalog.recordTypes(siteId).replaceWithVoid()
                : catalog.requireRecordType(siteId, recordType);
        return checked.chain(() -> cache.publicStrategies(siteId)).chain(list -> ranked(siteId, list, query)
                .map(all -> all.stream().filter(s -> recordType == null || recordType.isBlank()
                        || recordType.equals(s.recordType())).toList()))
                .chain(all -> withTrees(siteId, all.subList(0, Math.min(limit, all.size())))
                        .map(items -> new Page<>(items, all.size(), limit, 0)));
    }

    private Uni<List<PublicStrategy>> ranked(String siteId, JsonNode list, String query) {
        if (query == null || query.isBlank()) {
            List<PublicStrategy> all = new ArrayList<>();
            list.forEach(s -> all.add(listing(s, null)));
            return Uni.createFrom().item(all);
        }
        return ranking.publicStrategies(siteId, list, query).map(hits -> {
            List<PublicStrategy> all = new ArrayList<>();
            for (Ranker.Ranked hit : hits) {
                all.add(listing(list.get(hit.index()), hit));
            }
            return all;
        });
    }

    private static PublicStrategy listing(JsonNode json, Ranker.Ranked hit) {
        JsonNode size = json.path("estimatedSize");
        return new PublicStrategy(json.path("name").asText(""), text(json, "description"), text(json, "author"),
                text(json, "organization"), text(json, "recordClassName"),
                size.canConvertToLong() && size.asLong() >= 0 ? size.asLong() : null, text(json, "signature"),
                hit == null ? null : hit.score(), hit == null ? null : hit.reason(), null);
    }

    private static String text(JsonNode json, String key) {
        JsonNode value = json.get(key);
        return value == null || value.isNull() ? null : value.asText();
    }

    private Uni<List<PublicStrategy>> withTrees(String siteId, List<PublicStrategy> chosen) {
        if (chosen.isEmpty()) {
            return Uni.createFrom().item(List.of());
        }
        List<Uni<PublicStrategy>> reads = chosen.stream().map(s -> s.signature() == null ? Uni.createFrom().item(s)
                : trees.rootStep(siteId, s.signature()).map(s::withRootStep).onFailure().recoverWithItem(failure -> {
                    // the example is still worth its name and description; the site would not show its steps
                    LOG.infof("The steps of public strategy %s on %s could not be read: %s", s.signature(), siteId,
                            failure.toString());
                    return s;
                })).toList();
        // one after another: the copies are made in one shared guest session
        Uni<List<PublicStrategy>> result = Uni.createFrom().item(new ArrayList<>());
        for (Uni<PublicStrategy> read : reads) {
            result = result.chain(done -> read.map(s -> {
                done.add(s);
                return done;
            }));
        }
        return result;
    }
}
