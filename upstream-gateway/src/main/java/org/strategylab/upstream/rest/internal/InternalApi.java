package org.strategylab.upstream.rest.internal;

/** Constants of the internal API (for StrategyLab's own services; not routed by the public gateway). */
final class InternalApi {

    /** The OpenAPI tag of every internal operation. */
    static final String TAG = "Internal (services)";

    /** How callers authenticate, for the OpenAPI document. */
    static final String DESCRIPTION = "For StrategyLab's own services, not routed by the public gateway. Every call"
            + " acts as the user whose caller token the calling service forwards (Authorization: Bearer); that"
            + " user's upstream session on the site is used, so someone else's steps and strategies are 404.";

    /** The path every internal operation on a site lives under. */
    static final String SITE = "/internal/v1/sites/{siteId}";

    private InternalApi() {
    }
}
