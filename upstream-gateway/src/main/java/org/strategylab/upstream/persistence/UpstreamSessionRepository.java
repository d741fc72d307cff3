package org.strategylab.upstream.persistence;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.smallrye.mutiny.Uni;
import io.vertx.core.buffer.Buffer;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Upstream sessions in PostgreSQL ({@code upstream_sessions}, one row per owner and site). The
 * cookie jar and the account's email and name are one JSON document, encrypted by
 * {@link SessionCipher} before it is written; a row that no longer decrypts (the key changed) reads
 * as no session, so its owner simply starts a new one. Every write raises the row's {@code version};
 * replicas compare it with the version they loaded to see changes made elsewhere (a sign-out on
 * another replica deletes the row).
 */
@ApplicationScoped
public class UpstreamSessionRepository {

    private static final Logger LOG = Logger.getLogger(UpstreamSessionRepository.class);

    /** The encrypted document. */
    record Secret(Map<String, String> cookies, String email, String displayName) {
    }

    private final ObjectMapper json = new ObjectMapper();

    @Inject
    Pool client;

    @Inject
    SessionCipher cipher;

    @ConfigProperty(name = "strategylab.schema")
    String schema;

    /** The stored session of (owner, site), if any. */
    public Uni<Optional<StoredSession>> find(String ownerId, String siteId) {
        return client.preparedQuery("SELECT upstream_user_id, signed_in, cookie_jar, version FROM " + table()
                        + " WHERE owner_id = $1 AND site_id = $2")
                .execute(Tuple.of(ownerId, siteId))
                .map(rows -> read(ownerId, siteId, rows));
    }

    /** The stored version of the session of (owner, site), {@code 0} when there is none. */
    public Uni<Long> version(String ownerId, String siteId) {
        return client.preparedQuery("SELECT version FROM " + table() + " WHERE owner_id = $1 AND site_id = $2")
                .execute(Tuple.of(ownerId, siteId))
                .map(rows -> rows.size() == 0 ? 0L : rows.iterator().next().getLong("version"));
    }

    /**
     * Writes the session only if the stored row is still at {@code expectedVersion} ({@code 0}: only if
     * there is no row), so a copy loaded before another replica changed or deleted the session is
     * never written back over that change.
     *
     * @return the new version, or empty when the stored row was not at {@code expectedVersion}
     */
    public Uni<Optional<Long>> saveIfAt(StoredSession session, long expectedVersion) {
        byte[] sealed = cipher.encrypt(session.ownerId(), session.siteId(), secret(session));
        Tuple values = Tuple.of(session.ownerId(), session.siteId(), session.upstreamUserId(), Buffer.buffer(sealed),
                session.signedIn());
        String sql = expectedVersion == 0
                ? "INSERT INTO " + table() + " (owner_id, site_id, upstream_user_id, cookie_jar, signed_in)"
                        + " VALUES ($1, $2, $3, $4, $5) ON CONFLICT (owner_id, site_id) DO NOTHING RETURNING version"
                : "UPDATE " + table() + " SET upstream_user_id = $3, cookie_jar = $4, signed_in = $5,"
                        + " version = version + 1, updated_at = now()"
                        + " WHERE owner_id = $1 AND site_id = $2 AND version = $6 RETURNING version";
        if (expectedVersion != 0) {
            values.addLong(expectedVersion);
        }
        return client.preparedQuery(sql).execute(values)
                .map(rows -> rows.size() == 0 ? Optional.<Long>empty() : Optional.of(rows.iterator().next().getLong("version")));
    }

    /** Inserts or replaces the session of its (owner, site), whatever its stored version. */
    public Uni<Void> save(StoredSession session) {
        byte[] sealed = cipher.encrypt(session.ownerId(), session.siteId(), secret(session));
        return client.preparedQuery("INSERT INTO " + table() + " AS stored"
                        + " (owner_id, site_id, upstream_user_id, cookie_jar, signed_in) VALUES ($1, $2, $3, $4, $5)"
                        + " ON CONFLICT (owner_id, site_id) DO UPDATE SET upstream_user_id = EXCLUDED.upstream_user_id,"
                        + " cookie_jar = EXCLUDED.cookie_jar, signed_in = EXCLUDED.signed_in,"
                        + " version = stored.version + 1, updated_at = now()")
                .execute(Tuple.of(session.ownerId(), session.siteId(), session.upstreamUserId(),
                        Buffer.buffer(sealed), session.signedIn()))
                .replaceWithVoid();
    }

    /** Forgets the session of (owner, site). */
    public Uni<Void> delete(String ownerId, String siteId) {
        return client.preparedQuery("DELETE FROM " + table() + " WHERE owner_id = $1 AND site_id = $2")
                .execute(Tuple.of(ownerId, siteId))
                .replaceWithVoid();
    }

    /** The stored bytes of a row, exactly as written (for tests that check encryption at rest). */
    public Uni<Optional<byte[]>> rawJar(String ownerId, String siteId) {
        return client.preparedQuery("SELECT cookie_jar FROM " + table() + " WHERE owner_id = $1 AND site_id = $2")
                .execute(Tuple.of(ownerId, siteId))
                .map(rows -> rows.size() == 0 ? Optional.empty()
                        : Optional.of(rows.iterator().next().getBuffer("cookie_jar").getBytes()));
    }

    private Optional<StoredSession> read(String ownerId, String siteId, RowSet<Row> rows) {
        if (rows.size() == 0) {
            return Optional.empty();
        }
        Row row = rows.iterator().next();
        Secret secret;
        try {
            byte[] plain = cipher.decrypt(ownerId, siteId, row.getBuffer("cookie_jar").getBytes());
            secret = json.readValue(plain, Secret.class);
        } catch (IllegalStateException | IOException e) {
            LOG.warnf("The stored upstream session of %s on %s is unreadable (%s); starting a new one", ownerId, siteId,
                    e.getMessage());
            return Optional.empty();
        }
        return Optional.of(new StoredSession(ownerId, siteId, row.getLong("upstream_user_id"),
                row.getBoolean("signed_in"), secret.cookies() == null ? Map.of() : secret.cookies(),
                secret.email(), secret.displayName(), row.getLong("version")));
    }

    private byte[] secret(StoredSession session) {
        try {
            return json.writeValueAsBytes(new Secret(new LinkedHashMap<>(session.cookies()), session.email(),
                    session.displayName()));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Cannot serialise an upstream session", e);
        }
    }

    private String table() {
        return schema + ".upstream_sessions";
    }
}
