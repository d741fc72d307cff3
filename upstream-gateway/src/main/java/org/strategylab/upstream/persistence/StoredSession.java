package org.strategylab.upstream.persistence;

import java.util.Map;

/**
 * An upstream session as stored: who it belongs to, the WDK user it stands for, and its secret
 * part (the cookies and the upstream account's email and name), which is kept encrypted.
 *
 * @param ownerId        the StrategyLab user
 * @param siteId         the site
 * @param upstreamUserId the numeric WDK user id, or {@code null} when not resolved yet
 * @param signedIn       whether the WDK user is a registered (not guest) user
 * @param cookies        the cookie jar, name to value
 * @param email          the upstream account's email (signed-in sessions), or {@code null}
 * @param displayName    the upstream account's name (signed-in sessions), or {@code null}
 * @param version        the row's version, raised by every write; {@code 0} for a session not stored yet
 */
public record StoredSession(String ownerId, String siteId, Long upstreamUserId, boolean signedIn,
                            Map<String, String> cookies, String email, String displayName, long version) {

    public StoredSession {
        cookies = Map.copyOf(cookies);
    }

    /** A session to write, whose stored version does not matter. */
    public StoredSession(String ownerId, String siteId, Long upstreamUserId, boolean signedIn,
                         Map<String, String> cookies, String email, String displayName) {
        this(ownerId, siteId, upstreamUserId, signedIn, cookies, email, displayName, 0);
    }
}
