package org.strategylab.gateway.auth;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jboss.logging.Logger;
import org.strategylab.gateway.config.GatewayConfig;

/**
 * The deny-list of signed-out tokens, by token id, until each expires. It lives in PostgreSQL
 * ({@code event_log.revoked_tokens}) so every gateway replica refuses a token signed out on any of
 * them; each replica checks an in-memory copy (token checks stay synchronous and free) that it
 * reloads every {@code strategylab.gateway.revocation-refresh}. A sign-out takes effect at once on
 * the replica that served it, and on the others within that interval.
 */
@ApplicationScoped
public class RevokedTokens {

    private static final Logger LOG = Logger.getLogger(RevokedTokens.class);

    @Inject
    Pool pool;

    @Inject
    Vertx vertx;

    @Inject
    GatewayConfig config;

    private final Map<String, Instant> revoked = new ConcurrentHashMap<>();
    private long timer = -1;

    void start(@Observes StartupEvent event) {
        timer = vertx.setPeriodic(config.revocationRefresh().toMillis(), id -> refresh().subscribe().with(
                done -> { }, failure -> LOG.warnf("could not reload the revoked tokens: %s", failure.toString())));
        refresh().await().indefinitely();
    }

    void stop(@Observes ShutdownEvent event) {
        if (timer >= 0) {
            vertx.cancelTimer(timer);
        }
    }

    /** Whether the token with this id was signed out and has not expired yet. */
    public boolean isRevoked(String tokenId) {
        Instant until = revoked.get(tokenId);
        return until != null && until.isAfter(Instant.now());
    }

    /** Puts the token on the deny-list until it expires; effective here at once. */
    public Uni<Void> revoke(String tokenId, Instant expiresAt) {
        revoked.put(tokenId, expiresAt);
        return pool.preparedQuery("INSERT INTO event_log.revoked_tokens (token_id, expires_at) VALUES ($1, $2) "
                        + "ON CONFLICT (token_id) DO NOTHING")
                .execute(Tuple.of(tokenId, OffsetDateTime.ofInstant(expiresAt, ZoneOffset.UTC)))
                .replaceWithVoid();
    }

    /** Reloads the list from PostgreSQL (what other replicas revoked) and drops expired rows. */
    Uni<Void> refresh() {
        return pool.query("DELETE FROM event_log.revoked_tokens WHERE expires_at < now()").execute()
                .chain(() -> pool.query("SELECT token_id, expires_at FROM event_log.revoked_tokens").execute())
                .invoke(rows -> {
                    Map<String, Instant> fresh = new java.util.HashMap<>();
                    for (Row row : rows) {
                        fresh.put(row.getString("token_id"), row.getOffsetDateTime("expires_at").toInstant());
                    }
                    Instant now = Instant.now();
                    // keep what this replica revoked since the query started; forget only the expired
                    revoked.entrySet().removeIf(entry -> !entry.getValue().isAfter(now));
                    revoked.putAll(fresh);
                })
                .replaceWithVoid();
    }
}
