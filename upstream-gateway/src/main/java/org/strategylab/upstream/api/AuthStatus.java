package org.strategylab.upstream.api;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Whether the caller is signed in to a VEuPathDB site through StrategyLab. The upstream session
 * itself (its cookies) never leaves the server.
 *
 * @param siteId   the site
 * @param signedIn whether the upstream session belongs to a registered (not guest) account
 * @param name     the account's name, when signed in
 * @param email    the account's email, when signed in
 */
public record AuthStatus(String siteId, @JsonProperty("signedIn") boolean signedIn, String name, String email) {
}
