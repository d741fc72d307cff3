package org.strategylab.upstream.client;

import io.smallrye.mutiny.Uni;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.strategylab.sites.Site;

/**
 * One user's session on one VEuPathDB site: the cookie jar, the WDK user it stands for, and
 * whether that user is signed in. The numeric WDK user id is resolved once (from
 * {@code /users/current}, which also gives a cookie-less session its guest identity) and used in
 * every {@code /users/{uid}/…} path (spec §5.2). Until the identity exists, every call of the
 * session waits for the one resolution in flight, so parallel first calls never mint several
 * guests (upstream-wdk.md §2).
 */
public final class UpstreamSession {

    /** What a session knows about its WDK user. */
    public record Identity(long userId, boolean signedIn, String email, String displayName) {
    }

    private final String ownerId;
    private final Site site;
    private final CookieJar jar;
    private final Function<UpstreamSession, Uni<Void>> persister;
    private volatile Identity identity;
    private Uni<Identity> resolution;
    private volatile boolean dirty;
    private volatile boolean janitorDone;

    /**
     * @param ownerId   the StrategyLab user, or {@code null} for the shared catalogue session
     * @param site      the site
     * @param cookies   the stored cookies (empty for a new session)
     * @param identity  the stored identity, or {@code null} when it must be resolved
     * @param persister saves the session after a change (a no-op for the catalogue session)
     */
    public UpstreamSession(String ownerId, Site site, Map<String, String> cookies, Identity identity,
                           Function<UpstreamSession, Uni<Void>> persister) {
        this.ownerId = ownerId;
        this.site = site;
        this.jar = new CookieJar(cookies);
        this.identity = jar.hasIdentity() ? identity : null;
        this.persister = persister;
    }

    public String ownerId() {
        return ownerId;
    }

    public Site site() {
        return site;
    }

    public CookieJar jar() {
        return jar;
    }

    /** The resolved identity, if any. */
    public Optional<Identity> identity() {
        return Optional.ofNullable(identity);
    }

    /**
     * The identity, resolving it once with {@code resolver} when unknown. Concurrent callers share
     * the one resolution; a failed resolution is forgotten so the next call tries again.
     */
    public Uni<Identity> identity(Function<UpstreamSession, Uni<Identity>> resolver) {
        Identity known = identity;
        if (known != null) {
            return Uni.createFrom().item(known);
        }
        synchronized (this) {
            if (identity != null) {
                return Uni.createFrom().item(identity);
            }
            if (resolution == null) {
                Uni<Identity> shared = Uni.createFrom().deferred(() -> resolver.apply(this))
                        .invoke(this::identified)
                        .onFailure().invoke(this::resolutionFailed)
                        .memoize().indefinitely();
                resolution = shared;
            }
            return resolution;
        }
    }

    private synchronized void identified(Identity resolved) {
        identity = resolved;
        resolution = null;
        dirty = true;
    }

    private synchronized void resolutionFailed(Throwable failure) {
        resolution = null;
    }

    /** Replaces what is known about the user (after a sign-in or a status check). */
    public synchronized void identified(long userId, boolean signedIn, String email, String displayName) {
        identity = new Identity(userId, signedIn, email, displayName);
        resolution = null;
        dirty = true;
    }

    /**
     * WDK replaced the session's identity (its token expired, or it signed out): the old user id and
     * sign-in no longer hold, and the next call resolves the new ones.
     */
    public synchronized void identityLost() {
        identity = null;
        resolution = null;
        dirty = true;
    }

    /**
     * Like {@link #identityLost()}, unless another call already lost {@code seen} (the identity is
     * unknown, and maybe being resolved anew) or replaced it with the new one.
     */
    public synchronized void identityLost(Identity seen) {
        if (identity != null && identity.equals(seen)) {
            identityLost();
        }
    }

    /** Empties the session (sign-out). */
    public synchronized void reset() {
        jar.clear();
        identityLost();
    }

    /** Notes that the cookies changed, so the session must be saved. */
    public void cookiesChanged() {
        dirty = true;
    }

    /** Saves the session if it changed since the last save. */
    public Uni<Void> saveIfChanged() {
        if (!dirty) {
            return Uni.createFrom().voidItem();
        }
        dirty = false;
        // a failed save leaves the session marked changed, so the next call saves it again
        return persister.apply(this).onFailure().invoke(failure -> dirty = true);
    }

    /**
     * Whether the clean-up of leaked helper strategies still has to run for this session (it runs
     * once per session load, best effort).
     *
     * @return {@code true} the first time only
     */
    public synchronized boolean claimJanitorRun() {
        if (janitorDone) {
            return false;
        }
        janitorDone = true;
        return true;
    }
}
