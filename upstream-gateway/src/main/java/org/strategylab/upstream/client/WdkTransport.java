package org.strategylab.upstream.client;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.ConnectException;
import java.time.Duration;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import org.jboss.logging.Logger;
import org.strategylab.sites.Site;
import org.strategylab.upstream.config.UpstreamConfig;

/**
 * Sends one WDK call for a session: the session's cookies go out, every cookie that comes back is
 * kept, the site's deadline applies, and 5xx answers, timeouts, dropped connections and WDK's
 * delayed result (202 {@code WDK-DELAYED-RESULT}) are retried with exponential back-off (Mutiny;
 * SmallRye Fault Tolerance does not resolve here, STACK.md §8). Nothing else is retried: a 4xx is
 * an answer the operation has to deal with.
 *
 * <p>Only calls that can be repeated without effect are retried that freely ({@link Replay#SAFE}:
 * reads, PUT, PATCH, DELETE, report POSTs). A call that creates something ({@link Replay#CREATES}:
 * steps, strategies, datasets, analysis instances, temporary results) may have been carried out
 * by WDK although its answer never arrived (a timeout, a dropped connection, a 500 after the
 * insert); sending it again would create a second one. Such a call is retried only when WDK
 * certainly did not act on it: the connection was refused (nothing was sent), or the site
 * answered 503 (the web application was not serving).
 *
 * <p>When WDK replaces the session's identity (an expired token makes the caller a new guest,
 * upstream-wdk.md §2) or refuses it (401 for a token it cannot verify, which is then dropped), the
 * session forgets its user id; a call that failed because of it (403 on the old
 * {@code /users/{uid}}, or the 401) is sent once more as the new guest, unless the session was
 * signed in: a signed-in user must not silently continue as a guest, so that call fails as
 * {@link UpstreamFailure.Kind#SESSION_EXPIRED}.
 */
@ApplicationScoped
public class WdkTransport {

    private static final Logger LOG = Logger.getLogger(WdkTransport.class);

    /** A call that needs the session's cookies only. */
    @FunctionalInterface
    public interface Call {
        Uni<Response> send(WdkApi api, String cookies);
    }

    /** A call under {@code /users/{uid}}: it also needs the numeric WDK user id. */
    @FunctionalInterface
    public interface UserCall {
        Uni<Response> send(WdkApi api, String cookies, String uid);
    }

    /** Whether a call may be sent again after a failure that may have come after WDK acted on it. */
    public enum Replay {
        /** Repeating it has no further effect (reads, PUT, PATCH, DELETE, report POSTs): retried on every retriable failure. */
        SAFE,
        /** It creates something: retried only when the site certainly did not act on it (connection refused, 503). */
        CREATES
    }

    /** An answer and whether WDK replaced the session's identity while giving it. */
    private record Exchange(WdkResponse response, boolean identityReplaced) {
    }

    @Inject
    SiteClients clients;

    @Inject
    UpstreamConfig config;

    /** Sends a call that does not name the user (catalogue, anonymous reports, records, temporary results). */
    public Uni<WdkResponse> send(UpstreamSession session, String operation, Call call) {
        return send(session, operation, Replay.SAFE, call);
    }

    /** Sends a call that does not name the user, retried as {@code replay} allows. */
    public Uni<WdkResponse> send(UpstreamSession session, String operation, Replay replay, Call call) {
        return exchange(session, operation, replay, (api, cookies, uid) -> call.send(api, cookies), false);
    }

    /** Sends a call under {@code /users/{uid}} with the session's resolved numeric user id. */
    public Uni<WdkResponse> sendAsUser(UpstreamSession session, String operation, UserCall call) {
        return sendAsUser(session, operation, Replay.SAFE, call);
    }

    /** Sends a call under {@code /users/{uid}}, retried as {@code replay} allows. */
    public Uni<WdkResponse> sendAsUser(UpstreamSession session, String operation, Replay replay, UserCall call) {
        return exchange(session, operation, replay, call, false);
    }

    /**
     * Sends a call without first giving the session an identity: sign-in, which replaces the
     * identity on purpose. The caller re-reads the identity afterwards.
     */
    public Uni<WdkResponse> sendRaw(UpstreamSession session, String operation, Call call) {
        return attempts(session, operation, Replay.SAFE, (api, cookies, uid) -> call.send(api, cookies), null)
                .map(Exchange::response)
                .call(session::saveIfChanged);
    }

    /** Fetches {@code <web>/app} to obtain a {@code JSESSIONID}; failures are ignored (best effort). */
    public Uni<Void> primeWebSession(UpstreamSession session) {
        Site site = session.site();
        String sent = session.jar().identity();
        return Uni.createFrom().deferred(() -> clients.webApp(site).app(session.jar().header()))
                .ifNoItem().after(config.client().timeout()).fail()
                .invoke(response -> absorb(session, response, sent))
                .replaceWithVoid()
                .onFailure().recoverWithItem(failure -> {
                    LOG.debugf("Priming the web session of %s failed: %s", site.id(), failure.toString());
                    return null;
                })
                .call(session::saveIfChanged);
    }

    /** Reads {@code /users/current}: the numeric id, whether the user is a guest, the profile. */
    public Uni<UpstreamSession.Identity> readIdentity(UpstreamSession session) {
        UserCall current = (api, cookies, uid) -> api.user(cookies, "current");
        return attempts(session, "GET /users/current", Replay.SAFE, current, null)
                .chain(exchange -> exchange.response().status() == 401 && exchange.identityReplaced()
                        // the refused token was dropped: ask again, as a new guest
                        ? attempts(session, "GET /users/current", Replay.SAFE, current, null)
                        : Uni.createFrom().item(exchange))
                .map(exchange -> identityOf(exchange.response().okJson(), exchange.response()));
    }

    private Uni<WdkResponse> exchange(UpstreamSession session, String operation, Replay replay, UserCall call,
                                      boolean secondTry) {
        return session.identity(this::readIdentity)
                .chain(identity -> attempts(session, operation, replay, call, String.valueOf(identity.userId()))
                        .chain(exchange -> afterIdentityCheck(session, operation, replay, call, identity, exchange,
                                secondTry)))
                .call(session::saveIfChanged);
    }

    private Uni<WdkResponse> afterIdentityCheck(UpstreamSession session, String operation, Replay replay, UserCall call,
                                                UpstreamSession.Identity before, Exchange exchange,
                                                boolean secondTry) {
        if (!exchange.identityReplaced()) {
            return Uni.createFrom().item(exchange.response());
        }
        // only the identity this call used is lost: a racing call may have resolved the new one already
        session.identityLost(before);
        int status = exchange.response().status();
        boolean lostAccess = status == 401 || status == 403 || status == 404;
        if (before.signedIn() || (lostAccess && secondTry)) {
            return Uni.createFrom().failure(new UpstreamFailure(UpstreamFailure.Kind.SESSION_EXPIRED,
                    session.site().id(), operation, status,
                    "The upstream session on " + session.site().id() + " expired", null));
        }
        if (lostAccess) {
            LOG.infof("The guest session of %s on %s expired; continuing as a new guest", session.ownerId(),
                    session.site().id());
            return exchange(session, operation, replay, call, true);
        }
        return Uni.createFrom().item(exchange.response());
    }

    /** One call with its retries; {@code uid} may be {@code null} for calls that do not use it. */
    private Uni<Exchange> attempts(UpstreamSession session, String operation, Replay replay, UserCall call,
                                   String uid) {
        Site site = session.site();
        UpstreamConfig.Retry retry = config.retry();
        Uni<Exchange> once = Uni.createFrom().deferred(() -> attempt(session, operation, call, uid));
        if (retry.maxAttempts() <= 1) {
            return once;
        }
        Predicate<Throwable> again = replay == Replay.SAFE
                ? WdkTransport::retriable : WdkTransport::certainlyNotCarriedOut;
        return once
                .onFailure(again).invoke(failure -> LOG.infof("%s; retrying", failure.getMessage()))
                .onFailure(again).retry()
                .withBackOff(retry.initialBackoff(), retry.maxBackoff()).withJitter(0.2)
                .atMost(retry.maxAttempts() - 1L)
                .onFailure().transform(failure -> exhausted(failure, site, operation));
    }

    private Uni<Exchange> attempt(UpstreamSession session, String operation, UserCall call, String uid) {
        Site site = session.site();
        AtomicInteger inFlight = clients.inFlight(site);
        Duration deadline = clients.deadline(site);
        String sentIdentity = session.jar().identity();
        inFlight.incrementAndGet();
        return call.send(clients.api(site), session.jar().header(), uid)
                .ifNoItem().after(deadline).failWith(() -> new UpstreamFailure(UpstreamFailure.Kind.TIMEOUT,
                        site.id(), operation, null,
                        site.id() + " did not answer " + operation + " within " + deadline.toMillis() + " ms", null))
                .onFailure(failure -> !(failure instanceof UpstreamFailure))
                .transform(failure -> transportFailure(failure, site, operation))
                .map(response -> read(session, operation, response, sentIdentity))
                .onTermination().invoke(inFlight::decrementAndGet)
                .invoke(exchange -> failIfRetriable(exchange.response()));
    }

    private Exchange read(UpstreamSession session, String operation, Response response, String sentIdentity) {
        boolean replaced = absorb(session, response, sentIdentity);
        if (response.getStatus() == 401 && sentIdentity != null) {
            // WDK refuses a token it cannot verify (401) instead of minting a guest: drop it so the
            // session starts over rather than failing forever. A call that raced another one with
            // the same stale token finds it dropped already: it too goes again as the new guest.
            if (sentIdentity.equals(session.jar().identity())) {
                session.jar().forget(CookieJar.IDENTITY);
                session.cookiesChanged();
            }
            replaced = true;
        }
        MediaType type = response.getMediaType();
        String body = response.hasEntity() ? response.readEntity(String.class) : "";
        if (response.getStatus() >= 500) {
            // the body is WDK-internal; its log marker is what WDK's operators can look up
            LOG.warnf("%s answered %d to %s (x-log-marker %s)", session.site().id(), response.getStatus(), operation,
                    response.getHeaderString("x-log-marker"));
        }
        return new Exchange(new WdkResponse(session.site().id(), operation, response.getStatus(),
                type == null ? null : type.toString(), body == null ? "" : body), replaced);
    }

    /** Keeps the cookies of a response; answers whether the identity token was replaced. */
    private static boolean absorb(UpstreamSession session, Response response, String sentIdentity) {
        if (response.getCookies().isEmpty()) {
            return false;
        }
        if (session.jar().absorb(response.getCookies().values())) {
            session.cookiesChanged();
        }
        String now = session.jar().identity();
        return sentIdentity != null && !sentIdentity.equals(now);
    }

    private static void failIfRetriable(WdkResponse response) {
        if (response.delayedResult()) {
            throw new UpstreamFailure(UpstreamFailure.Kind.DELAYED, response.siteId(), response.operation(), 202,
                    response.siteId() + " has not finished " + response.operation() + " (WDK-DELAYED-RESULT)", null);
        }
        if (response.status() >= 500) {
            throw UpstreamFailure.status(response.siteId(), response.operation(), response.status());
        }
    }

    private static boolean retriable(Throwable failure) {
        return failure instanceof UpstreamFailure upstream && upstream.retriable();
    }

    /**
     * Whether the site certainly did not carry the call out, so even a create may be sent again: the
     * connection was refused (the request never left), or the site answered 503 (its web application
     * was not serving). A timeout, a dropped connection or another 5xx may come after the work was done.
     */
    private static boolean certainlyNotCarriedOut(Throwable failure) {
        if (!(failure instanceof UpstreamFailure upstream)) {
            return false;
        }
        if (upstream.kind() == UpstreamFailure.Kind.STATUS) {
            return upstream.upstreamStatus() != null && upstream.upstreamStatus() == 503;
        }
        if (upstream.kind() == UpstreamFailure.Kind.TRANSPORT) {
            for (Throwable t = upstream.getCause(); t != null; t = t.getCause()) {
                if (t instanceof ConnectException) {
                    return true;
                }
            }
        }
        return false;
    }

    private static UpstreamFailure transportFailure(Throwable failure, Site site, String operation) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof TimeoutException || t.getClass().getSimpleName().contains("Timeout")) {
                return new UpstreamFailure(UpstreamFailure.Kind.TIMEOUT, site.id(), operation, null,
                        site.id() + " did not answer " + operation + " in time", failure);
            }
        }
        return new UpstreamFailure(UpstreamFailure.Kind.TRANSPORT, site.id(), operation, null,
                "The connection to " + site.id() + " failed during " + operation + ": " + failure.getClass().getSimpleName(),
                failure);
    }

    /** Mutiny reports exhausted back-off retries as an IllegalStateException around the last failure. */
    private static Throwable exhausted(Throwable failure, Site site, String operation) {
        if (failure instanceof UpstreamFailure) {
            return failure;
        }
        if (failure.getCause() instanceof UpstreamFailure upstream) {
            return upstream;
        }
        return transportFailure(failure, site, operation);
    }

    private static UpstreamSession.Identity identityOf(JsonNode user, WdkResponse response) {
        JsonNode id = user.get("id");
        if (id == null || !id.canConvertToLong()) {
            throw UpstreamFailure.malformed(response.siteId(), response.operation(), response.status(), "no user id");
        }
        boolean guest = user.path("isGuest").asBoolean(true);
        String email = user.path("email").isTextual() ? user.get("email").asText() : null;
        String first = user.path("properties").path("firstName").asText("");
        String last = user.path("properties").path("lastName").asText("");
        String name = (first + " " + last).trim();
        return new UpstreamSession.Identity(id.asLong(), !guest, guest ? null : email, name.isEmpty() ? null : name);
    }
}
