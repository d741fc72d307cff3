package org.strategylab.upstream.service.sessions;

import io.quarkus.cache.Cache;
import io.quarkus.cache.CacheName;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.jboss.logging.Logger;
import org.strategylab.sites.Site;
import org.strategylab.upstream.client.UpstreamSession;
import org.strategylab.upstream.persistence.StoredSession;
import org.strategylab.upstream.persistence.UpstreamSessionRepository;

/**
 * Finds the upstream session of a (user, site): from memory, else from PostgreSQL, else a new one
 * that gets its guest identity on its first call. Every change (new cookies, a resolved user id, a
 * sign-in) is written back, encrypted, before the call that caused it answers. Public catalogue
 * reads share one ownerless session per site, kept in memory only, so they never mint a WDK guest
 * per request.
 *
 * <p>Several replicas share PostgreSQL, each with its own memory. A session in memory is used only
 * while the stored row is still at the version it was loaded or last written at (one indexed read
 * per use); when another replica changed it, or deleted it by signing the user out, the copy in
 * memory is dropped and the session read again. A copy that is no longer current is never written
 * back, so a sign-out elsewhere cannot be undone by a call still running here.
 */
@ApplicationScoped
public class SessionService {

    private static final Logger LOG = Logger.getLogger(SessionService.class);

    /** The cache of loaded sessions; its idle expiry is configured as {@code quarkus.cache.caffeine."upstream-sessions".*}. */
    public static final String CACHE = "upstream-sessions";

    /** A session in memory and the stored version it matches ({@code 0}: not stored). */
    private record Loaded(UpstreamSession session, AtomicLong version) {
    }

    @Inject
    @CacheName(CACHE)
    Cache sessions;

    @Inject
    UpstreamSessionRepository repository;

    private final Map<String, UpstreamSession> catalogSessions = new ConcurrentHashMap<>();

    /** The session of this user on this site, as currently stored. */
    public Uni<UpstreamSession> session(String ownerId, Site site) {
        String key = key(ownerId, site);
        return loaded(key, ownerId, site).chain(loaded -> repository.version(ownerId, site.id()).chain(stored -> {
            if (stored == loaded.version().get()) {
                return Uni.createFrom().item(loaded.session());
            }
            LOG.debugf("The session of %s on %s changed elsewhere (version %d, here %d); reading it again", ownerId,
                    site.id(), stored, loaded.version().get());
            return sessions.invalidate(key).chain(() -> loaded(key, ownerId, site)).map(Loaded::session);
        }));
    }

    /** The shared, ownerless session used for public catalogue reads of a site. */
    public UpstreamSession catalogSession(Site site) {
        return catalogSessions.computeIfAbsent(site.id() + "|" + site.baseUrl(),
                k -> new UpstreamSession(null, site, Map.of(), null, s -> Uni.createFrom().voidItem()));
    }

    /** Whether a session exists for (user, site), in memory or stored, without creating one. */
    public Uni<Boolean> exists(String ownerId, Site site) {
        return repository.find(ownerId, site.id()).map(stored -> stored.isPresent());
    }

    /** Forgets the session of (user, site) everywhere (sign-out); other replicas see the row gone. */
    public Uni<Void> forget(String ownerId, Site site) {
        return sessions.invalidate(key(ownerId, site)).chain(() -> repository.delete(ownerId, site.id()));
    }

    private Uni<Loaded> loaded(String key, String ownerId, Site site) {
        return sessions.getAsync(key, k -> load(ownerId, site));
    }

    private Uni<Loaded> load(String ownerId, Site site) {
        return repository.find(ownerId, site.id()).map(stored -> {
            AtomicLong version = new AtomicLong(stored.map(StoredSession::version).orElse(0L));
            UpstreamSession session = stored
                    .map(s -> new UpstreamSession(ownerId, site, s.cookies(), s.upstreamUserId() == null ? null
                            : new UpstreamSession.Identity(s.upstreamUserId(), s.signedIn(), s.email(), s.displayName()),
                            changed -> persist(changed, version)))
                    .orElseGet(() -> new UpstreamSession(ownerId, site, Map.of(), null, changed -> persist(changed, version)));
            return new Loaded(session, version);
        });
    }

    private Uni<Void> persist(UpstreamSession session, AtomicLong version) {
        UpstreamSession.Identity identity = session.identity().orElse(null);
        StoredSession stored = new StoredSession(session.ownerId(), session.site().id(),
                identity == null ? null : identity.userId(),
                identity != null && identity.signedIn(),
                session.jar().snapshot(),
                identity == null ? null : identity.email(),
                identity == null ? null : identity.displayName());
        long expected = version.get();
        return repository.saveIfAt(stored, expected).chain(written -> {
            if (written.isPresent()) {
                version.compareAndSet(expected, written.get());
                return Uni.createFrom().voidItem();
            }
            // changed or signed out on another replica since this copy was read: theirs wins
            LOG.debugf("Not writing back the session of %s on %s: it changed elsewhere", session.ownerId(),
                    session.site().id());
            return sessions.invalidate(key(session.ownerId(), session.site()));
        });
    }

    private static String key(String ownerId, Site site) {
        return ownerId + "|" + site.id();
    }
}
