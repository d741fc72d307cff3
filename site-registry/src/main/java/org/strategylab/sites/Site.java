package org.strategylab.sites;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * One VEuPathDB site: a WDK service that StrategyLab can drive.
 *
 * @param id          stable identifier used in StrategyLab's API paths ({@code plasmodb})
 * @param name        short name ({@code PlasmoDB})
 * @param displayName name shown to users ({@code PlasmoDB (Plasmodium)})
 * @param baseUrl     the WDK service root, ending in {@code /service}
 * @param projectId   the WDK project id, the second primary-key column of every record
 * @param isPortal    whether the site is the portal that aggregates the component sites
 */
@JsonPropertyOrder({"id", "name", "displayName", "baseUrl", "webUrl", "projectId", "isPortal"})
public record Site(
        String id,
        String name,
        String displayName,
        String baseUrl,
        String projectId,
        @JsonProperty("isPortal") boolean isPortal) {

    private static final String SERVICE_SUFFIX = "/service";

    /** The site's web UI address: the base URL without its trailing {@code /service}. */
    @JsonProperty("webUrl")
    public String webUrl() {
        String trimmed = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
        return trimmed.endsWith(SERVICE_SUFFIX)
                ? trimmed.substring(0, trimmed.length() - SERVICE_SUFFIX.length())
                : trimmed;
    }

    /** A copy of this site served from another base URL (used for local runs and overrides). */
    public Site withBaseUrl(String newBaseUrl) {
        return new Site(id, name, displayName, newBaseUrl, projectId, isPortal);
    }
}
