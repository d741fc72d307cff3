package org.strategylab.upstream.service.strategies;

import io.quarkus.cache.CacheResult;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;
import org.strategylab.sites.SiteRegistry;
import org.strategylab.upstream.api.StrategyTree;
import org.strategylab.upstream.client.UpstreamSession;
import org.strategylab.upstream.client.WdkResponse;
import org.strategylab.upstream.client.WdkStrategyClient;
import org.strategylab.upstream.service.catalog.CachedCatalog;
import org.strategylab.upstream.service.sessions.SessionService;

/**
 * The step trees of a site's public strategies. WDK shows a public strategy's steps only to its
 * author, and lets anyone copy it by its signature, as its own pages do to open one: so the tree is read
 * from a copy made in the shared catalogue session (a guest), and the copy is deleted afterwards. Trees
 * are cached as the other catalogue answers are; the signatures come from the site's own public list.
 */
@ApplicationScoped
public class PublicStrategyTrees {

    private static final Logger LOG = Logger.getLogger(PublicStrategyTrees.class);

    @Inject
    SiteRegistry sites;

    @Inject
    SessionService sessions;

    @Inject
    WdkStrategyClient wdk;

    @Inject
    StrategyTreeReader reader;

    @Inject
    StrategyService strategies;

    /** The root step of the public strategy with this signature. */
    @CacheResult(cacheName = CachedCatalog.PUBLIC_STRATEGIES_CACHE)
    public Uni<StrategyTree.Node> rootStep(String siteId, String signature) {
        UpstreamSession session = sessions.catalogSession(sites.require(siteId));
        return wdk.copy(session, signature).map(WdkResponse::createdId)
                .chain(copy -> reader.read(session, copy)
                        .eventually(() -> strategies.delete(session, copy).onFailure().recoverWithItem(failure -> {
                            LOG.debugf("Deleting the copy %d of public strategy %s on %s failed: %s", copy, signature,
                                    siteId, failure.toString());
                            return null;
                        })))
                .map(StrategyTree::rootStep);
    }
}
