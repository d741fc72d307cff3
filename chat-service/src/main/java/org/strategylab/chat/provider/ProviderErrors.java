package org.strategylab.chat.provider;

import dev.langchain4j.exception.HttpException;
import dev.langchain4j.exception.RateLimitException;
import jakarta.ws.rs.WebApplicationException;

/** Turns whatever a vendor client threw into a {@link ProviderFailure} naming the provider. */
public final class ProviderErrors {

    /** Longest vendor detail kept (an HTML error page must not become the event a user reads). */
    private static final int MAX_DETAIL = 500;

    private ProviderErrors() {
    }

    /** The failure as a {@link ProviderFailure} of {@code provider} (unchanged when it already is one). */
    public static ProviderFailure wrap(String provider, Throwable failure) {
        if (failure instanceof ProviderFailure named) {
            return named;
        }
        return new ProviderFailure(provider, status(failure), detail(failure), failure);
    }

    /** The HTTP status somewhere in the cause chain: langchain4j's, the JAX-RS client's, or a rate limit's. */
    static Integer status(Throwable failure) {
        boolean rateLimited = false;
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof HttpException http) {
                return http.statusCode();
            }
            if (t instanceof WebApplicationException web && web.getResponse() != null) {
                return web.getResponse().getStatus();
            }
            rateLimited |= t instanceof RateLimitException;
        }
        return rateLimited ? 429 : null;
    }

    private static String detail(Throwable failure) {
        String detail = null;
        for (Throwable t = failure; t != null && detail == null; t = t.getCause() == t ? null : t.getCause()) {
            if (t.getMessage() != null && !t.getMessage().isBlank()) {
                detail = t.getMessage().strip();
            }
        }
        if (detail == null) {
            detail = failure.getClass().getSimpleName();
        }
        return detail.length() > MAX_DETAIL ? detail.substring(0, MAX_DETAIL) + "…" : detail;
    }
}
