package org.strategylab.upstream.service.sessions;

import io.quarkus.cache.Cache;
import io.quarkus.cache.CacheName;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
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
 */
@ApplicationScoped
public class SessionService {

    /** The cache of loaded sessions; its idle expiry is configured as {@code quarkus.cache.caffeine."upstream-sessions".*}. */
    public static final String CACHE = "upstream-sessions";

    @Inject
    @CacheName(CACHE)
    Cache sessions;

    @Inject
    UpstreamSessionRepository repository;

    private final Map<String, UpstreamSession> catalogSessions = new ConcurrentHashMap<>();

    /** The session of this user on this site. */
    public Uni<UpstreamSession> session(String ownerId, Site site) {
        return sessions.getAsync(key(ownerId, site), k -> load(ownerId, site));
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

    /** Forgets the session of (user, site) everywhere (sign-out). */
    public Uni<Void> forget(String ownerId, Site site) {
        return sessions.invalidate(key(ownerId, site)).chain(() -> repository.delete(ownerId, site.id()));
    }

    private Uni<UpstreamSession> load(String ownerId, Site site) {
        return repository.find(ownerId, site.id()).map(stored -> stored
                .map(s -> new UpstreamSession(ownerId, site, s.cookies(), s.upstreamUserId() == null ? null
                        : new UpstreamSession.Identity(s.upstreamUserId(), s.signedIn(), s.email(), s.displayName()),
                        this::persist))
                .orElseGet(() -> new UpstreamSession(ownerId, site, Map.of(), null, this::persist)));
    }

    private Uni<Void> persist(UpstreamSession session) {
        UpstreamSession.Identity identity = session.identity().orElse(null);
        return repository.save(new StoredSession(session.ownerId(), session.site().id(),
                identity == null ? null : identity.userId(),
                identity != null && identity.signedIn(),
                session.jar().snapshot(),
                identity == null ? null : identity.email(),
                identity == null ? null : identity.displayName()));
    }

    private static String key(String ownerId, Site site) {
        return ownerId + "|" + site.id();
    }
}
