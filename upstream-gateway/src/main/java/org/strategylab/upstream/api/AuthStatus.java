package org.strategylab.upstream.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Whether the caller is signed in to a VEuPathDB site through StrategyLab. The upstream session
 * itself (its cookies) never leaves the server.
 *
 * @param siteId   the site
 * @param signedIn whether the upstream session belongs to a registered (not guest) account
 * @param name     the account's name, when signed in
 * @param email    the account's email, when signed in
 * @param warning  what the person signing in must know about who else can act with this account
 *                 (local mode); absent otherwise
 */
public record AuthStatus(String siteId, @JsonProperty("signedIn") boolean signedIn, String name, String email,
        @JsonInclude(JsonInclude.Include.NON_NULL) String warning) {

    /** A status without a warning. */
    public AuthStatus(String siteId, boolean signedIn, String name, String email) {
        this(siteId, signedIn, name, email, null);
    }

    /** The same status carrying a warning. */
    public AuthStatus withWarning(String text) {
        return new AuthStatus(siteId, signedIn, name, email, text);
    }
}
