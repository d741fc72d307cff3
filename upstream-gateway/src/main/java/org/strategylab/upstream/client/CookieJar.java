package org.strategylab.upstream.client;

import jakarta.ws.rs.core.NewCookie;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.StringJoiner;

/**
 * The cookies one upstream session holds on one site. Every cookie the site sets is kept (the
 * {@code Authorization} token that is the WDK identity, {@code JSESSIONID}, and anything else), as
 * a browser would: dropping one makes WDK mint a new guest on the next call (upstream-wdk.md §2).
 * Thread-safe; parallel calls of one session share it.
 */
public final class CookieJar {

    /** The cookie that carries WDK's bearer token (the user's identity). */
    public static final String IDENTITY = "Authorization";

    private final Map<String, String> cookies = new LinkedHashMap<>();

    /** An empty jar. */
    public CookieJar() {
    }

    /** A jar holding these cookies (name to value), e.g. restored from storage. */
    public CookieJar(Map<String, String> initial) {
        cookies.putAll(initial);
    }

    /** The {@code Cookie} request header for the jar, or {@code null} when it is empty (no header). */
    public synchronized String header() {
        if (cookies.isEmpty()) {
            return null;
        }
        StringJoiner header = new StringJoiner("; ");
        cookies.forEach((name, value) -> header.add(name + "=" + value));
        return header.toString();
    }

    /** The identity token, or {@code null} when the session has none yet. */
    public synchronized String identity() {
        return cookies.get(IDENTITY);
    }

    /** Whether the session has an identity (so parallel calls all act as the same WDK user). */
    public synchronized boolean hasIdentity() {
        return cookies.containsKey(IDENTITY);
    }

    /**
     * Takes the cookies a response set: new values replace old ones, an expired cookie (max-age 0)
     * is removed.
     *
     * @return whether the jar changed
     */
    public synchronized boolean absorb(Collection<NewCookie> setCookies) {
        boolean changed = false;
        for (NewCookie cookie : setCookies) {
            String name = cookie.getName();
            if (cookie.getMaxAge() == 0 || cookie.getValue() == null || cookie.getValue().isEmpty()) {
                changed |= cookies.remove(name) != null;
            } else if (!cookie.getValue().equals(cookies.get(name))) {
                cookies.put(name, cookie.getValue());
                changed = true;
            }
        }
        return changed;
    }

    /** Drops one cookie, e.g. an identity token the site refuses. */
    public synchronized boolean forget(String name) {
        return cookies.remove(name) != null;
    }

    /** Empties the jar (sign-out). */
    public synchronized void clear() {
        cookies.clear();
    }

    /** A copy of the cookies, name to value, for storage. */
    public synchronized Map<String, String> snapshot() {
        return new LinkedHashMap<>(cookies);
    }
}
