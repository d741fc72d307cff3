package org.strategylab.upstream.service.strategies;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.jboss.logging.Logger;
import org.strategylab.upstream.api.CleanupResult;
import org.strategylab.upstream.client.UpstreamSession;
import org.strategylab.upstream.client.WdkResponse;
import org.strategylab.upstream.client.WdkStrategyClient;
import org.strategylab.upstream.config.UpstreamConfig;

/**
 * Finds and deletes leaked helper strategies: those named with the internal prefix
 * ({@code __svc_internal__:}) that a crash or a lost connection left behind (spec rules 4.5.5,
 * 4.5.8). Helpers this instance is using right now are never touched, nor are helpers changed within
 * the grace period (another replica may be using them).
 */
@ApplicationScoped
public class InternalStrategyJanitor {

    private static final Logger LOG = Logger.getLogger(InternalStrategyJanitor.class);

    @Inject
    UpstreamConfig config;

    @Inject
    WdkStrategyClient strategies;

    /** Helper strategies in use on this instance, as {@code siteId|strategyId}. */
    private final Set<String> active = ConcurrentHashMap.newKeySet();

    /** The name a helper strategy gets. */
    public String internalName(String label) {
        return config.internalStrategies().prefix() + label;
    }

    /** Whether a strategy name marks a helper strategy (hidden from users). */
    public boolean isInternal(String name) {
        return name != null && name.startsWith(config.internalStrategies().prefix());
    }

    /** Notes that a helper strategy is in use here. */
    void using(UpstreamSession session, long strategyId) {
        active.add(session.site().id() + "|" + strategyId);
    }

    /** Notes that a helper strategy is no longer in use here. */
    void released(UpstreamSession session, long strategyId) {
        active.remove(session.site().id() + "|" + strategyId);
    }

    /** Deletes the session's leaked helper strategies. */
    public Uni<CleanupResult> sweep(UpstreamSession session) {
        Instant cutoff = Instant.now().minus(config.internalStrategies().cleanupGrace());
        return strategies.list(session).map(WdkResponse::okJson).chain(listing -> {
            List<Long> leaked = new ArrayList<>();
            for (JsonNode strategy : listing) {
                long id = strategy.path("strategyId").asLong();
                if (isInternal(strategy.path("name").asText(null))
                        && !active.contains(session.site().id() + "|" + id)
                        && changedBefore(strategy, cutoff)) {
                    leaked.add(id);
                }
            }
            if (leaked.isEmpty()) {
                return Uni.createFrom().item(new CleanupResult(listing.size(), 0, List.of()));
            }
            List<Uni<Long>> deletions = new ArrayList<>();
            for (Long id : leaked) {
                deletions.add(strategies.delete(session, id).map(response -> response.ok() || response.status() == 404 ? id : null)
                        .onFailure().recoverWithNull());
            }
            return Uni.join().all(deletions).andCollectFailures().map(ids -> {
                List<Long> deleted = ids.stream().filter(Objects::nonNull).toList();
                if (!deleted.isEmpty()) {
                    LOG.infof("Deleted %d leaked helper strategies of %s on %s", deleted.size(), session.ownerId(),
                            session.site().id());
                }
                return new CleanupResult(listing.size(), deleted.size(), deleted);
            });
        });
    }

    /**
     * Sweeps once per loaded session, before its first helper strategy, ignoring failures: the
     * clean-up must never fail the work that triggered it.
     */
    Uni<Void> sweepOnce(UpstreamSession session) {
        if (!session.claimJanitorRun()) {
            return Uni.createFrom().voidItem();
        }
        return sweep(session).replaceWithVoid()
                .onFailure().invoke(e -> LOG.debugf("Clean-up of helper strategies failed: %s", e.getMessage()))
                .onFailure().recoverWithNull();
    }

    private static boolean changedBefore(JsonNode strategy, Instant cutoff) {
        String modified = strategy.path("lastModified").asText(null);
        if (modified == null) {
            return true;
        }
        try {
            return !parse(modified).isAfter(cutoff);
        } catch (DateTimeParseException e) {
            return true;
        }
    }

    private static Instant parse(String timestamp) {
        try {
            return Instant.parse(timestamp);
        } catch (DateTimeParseException e) {
            return OffsetDateTime.parse(timestamp).toInstant();
        }
    }
}
