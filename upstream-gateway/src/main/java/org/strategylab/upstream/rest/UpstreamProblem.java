package org.strategylab.upstream.rest;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The problem+json body of an upstream failure: the fields of every StrategyLab problem plus
 * {@code upstreamStatus}, the last status the site answered ({@code null} when no answer came, as
 * for a timeout). The site's own body is never included.
 *
 * @param type           {@code /errors/<code>}
 * @param title          the summary of the status
 * @param status         502, or 504 for a timeout
 * @param detail         which site and operation failed
 * @param instance       the request path
 * @param code           {@code UPSTREAM_ERROR}, {@code UPSTREAM_TIMEOUT}, …
 * @param requestId      the request id
 * @param siteId         the site that failed
 * @param upstreamStatus the site's last status, or {@code null}
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record UpstreamProblem(String type, String title, int status, String detail, String instance, String code,
                              String requestId, String siteId,
                              @JsonInclude(JsonInclude.Include.ALWAYS) Integer upstreamStatus) {
}
