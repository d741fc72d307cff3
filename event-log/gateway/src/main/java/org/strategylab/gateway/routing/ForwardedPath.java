package org.strategylab.gateway.routing;

import java.util.Locale;

/**
 * The request target the gateway forwards: the normalised path it matched the route on (dot
 * segments resolved, percent-encoded unreserved characters decoded, by Vert.x) and the query as
 * sent. Paths the services could read differently from the gateway are refused instead: an
 * encoded {@code /} or {@code \} (one segment here, perhaps two after decoding there), a raw
 * {@code \}, and dot segments with parameters ({@code ..;}, which servlet containers treat as
 * {@code ..}).
 */
final class ForwardedPath {

    private ForwardedPath() {
    }

    /** Whether the normalised path has none of the ambiguous forms. */
    static boolean isPlain(String normalizedPath) {
        String lower = normalizedPath.toLowerCase(Locale.ROOT);
        if (lower.contains("%2f") || lower.contains("%5c") || lower.contains("\\")) {
            return false;
        }
        for (String segment : lower.split("/", -1)) {
            String decodedDots = segment.replace("%2e", ".");
            if (decodedDots.startsWith(".;") || decodedDots.startsWith("..;")) {
                return false;
            }
        }
        return true;
    }

    /** The target to forward: the normalised path and the raw query, if any. */
    static String uri(String normalizedPath, String query) {
        return query == null ? normalizedPath : normalizedPath + "?" + query;
    }
}
