package org.strategylab.upstream.api;

/**
 * A prepared download, served by the site itself.
 *
 * @param id          the site's temporary-result id
 * @param format      the format
 * @param downloadUrl {@code <site service>/temporary-results/{id}}, as WDK serves it (DECISIONS.md item 8)
 */
public record TemporaryResult(String id, String format, String downloadUrl) {
}
