package org.strategylab.sites;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Reads the site configuration (the bundled {@code sites.yaml} or a file of the same shape),
 * applies a deployment's {@link SiteOverrides} and validates the result. Every problem is reported
 * at once, each naming its entry and field.
 */
public final class SiteRegistryLoader {

    /** Classpath location of the bundled site list. */
    public static final String BUNDLED_RESOURCE = "/org/strategylab/sites/sites.yaml";

    private static final Pattern SITE_ID = Pattern.compile("[a-z][a-z0-9-]{0,62}");
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory())
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);

    private SiteRegistryLoader() {
    }

    /** The bundled sites with no overrides. */
    public static SiteRegistry bundled() {
        return load(null, SiteOverrides.NONE);
    }

    /**
     * Loads and validates the site configuration.
     *
     * @param file      a YAML file replacing the bundled list, or {@code null} for the bundled one
     * @param overrides the deployment's changes
     * @throws InvalidSiteConfigurationException when the file cannot be read or any entry is invalid
     */
    public static SiteRegistry load(Path file, SiteOverrides overrides) {
        String source = file == null ? "bundled " + BUNDLED_RESOURCE : file.toString();
        try (InputStream in = file == null
                ? SiteRegistryLoader.class.getResourceAsStream(BUNDLED_RESOURCE)
                : Files.newInputStream(file)) {
            if (in == null) {
                throw new InvalidSiteConfigurationException(source, List.of("resource not found"));
            }
            return fromYaml(in, source, overrides);
        } catch (IOException e) {
            throw new InvalidSiteConfigurationException(source, List.of("cannot be read: " + e.getMessage()));
        }
    }

    /**
     * Parses a site document, applies overrides and validates it.
     *
     * @param source name of the document, used in error messages
     */
    public static SiteRegistry fromYaml(InputStream in, String source, SiteOverrides overrides) {
        SitesDocument document;
        try {
            document = YAML.readValue(in, SitesDocument.class);
        } catch (UnrecognizedPropertyException e) {
            throw new InvalidSiteConfigurationException(source,
                    List.of(e.getPathReference() + ": unknown field '" + e.getPropertyName() + "'"));
        } catch (JsonProcessingException e) {
            throw new InvalidSiteConfigurationException(source, List.of("not a valid site document: "
                    + e.getOriginalMessage()));
        } catch (IOException e) {
            throw new InvalidSiteConfigurationException(source, List.of("cannot be read: " + e.getMessage()));
        }
        if (document == null) {
            throw new InvalidSiteConfigurationException(source, List.of("the document is empty"));
        }
        return validate(document, source, overrides);
    }

    private static SiteRegistry validate(SitesDocument document, String source, SiteOverrides overrides) {
        List<String> problems = new ArrayList<>();
        List<SiteEntry> entries = document.sites() == null ? List.of() : document.sites();
        if (entries.isEmpty()) {
            problems.add("sites: at least one site is required");
        }
        List<Site> sites = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < entries.size(); i++) {
            SiteEntry entry = entries.get(i);
            String where = "sites[" + i + "]" + (entry != null && entry.id() != null ? " (" + entry.id() + ")" : "");
            if (entry == null) {
                problems.add(where + ": empty entry");
                continue;
            }
            int before = problems.size();
            if (isBlank(entry.id())) {
                problems.add(where + ".id: required");
            } else if (!SITE_ID.matcher(entry.id()).matches()) {
                problems.add(where + ".id: '" + entry.id() + "' must be lowercase letters, digits or '-'");
            } else if (!seen.add(entry.id())) {
                problems.add(where + ".id: duplicate id '" + entry.id() + "'");
            }
            requireText(problems, where + ".name", entry.name());
            requireText(problems, where + ".displayName", entry.displayName());
            requireText(problems, where + ".projectId", entry.projectId());
            if (entry.isPortal() == null) {
                problems.add(where + ".isPortal: required (true or false)");
            }
            String baseUrl = entry.baseUrl();
            if (isBlank(baseUrl)) {
                problems.add(where + ".baseUrl: required");
            } else {
                baseUrl = overridden(entry.id(), baseUrl, overrides);
                String invalid = httpUrlProblem(baseUrl);
                if (invalid != null) {
                    problems.add(where + ".baseUrl: '" + baseUrl + "' " + invalid);
                }
            }
            if (problems.size() == before) {
                sites.add(new Site(entry.id(), entry.name().trim(), entry.displayName().trim(),
                        stripTrailingSlash(baseUrl), entry.projectId().trim(), entry.isPortal()));
            }
        }
        for (String unknown : overrides.baseUrls().keySet()) {
            if (entries.stream().noneMatch(e -> e != null && unknown.equals(e.id()))) {
                problems.add("base URL override for unknown site '" + unknown + "'");
            }
        }
        overrides.originOverride().ifPresent(origin -> {
            String invalid = originProblem(origin);
            if (invalid != null) {
                problems.add("origin override '" + origin + "' " + invalid);
            }
        });

        String defaultSite = overrides.defaultSite().orElse(document.defaultSite());
        if (isBlank(defaultSite)) {
            problems.add("defaultSite: required");
        } else if (!seen.contains(defaultSite)) {
            problems.add("defaultSite: '" + defaultSite + "' is not one of the configured sites");
        }

        Routing routing = document.routing() == null ? new Routing(null, null) : document.routing();
        Duration portal = seconds(problems, "routing.portalTimeoutSeconds",
                overrides.portalTimeout().orElse(routing.portalTimeoutSeconds()), RoutingTimeouts.DEFAULTS.portal());
        Duration component = seconds(problems, "routing.componentTimeoutSeconds",
                overrides.componentTimeout().orElse(routing.componentTimeoutSeconds()),
                RoutingTimeouts.DEFAULTS.component());

        if (!problems.isEmpty()) {
            throw new InvalidSiteConfigurationException(source, problems);
        }
        return new SiteRegistry(sites, defaultSite, new RoutingTimeouts(portal, component));
    }

    private static String overridden(String siteId, String baseUrl, SiteOverrides overrides) {
        String result = baseUrl;
        if (overrides.originOverride().isPresent() && originProblem(overrides.originOverride().get()) == null) {
            URI original = URI.create(baseUrl.trim());
            result = stripTrailingSlash(overrides.originOverride().get()) + original.getRawPath();
        }
        if (siteId != null && overrides.baseUrls().containsKey(siteId)) {
            result = overrides.baseUrls().get(siteId);
        }
        return result.trim();
    }

    private static Duration seconds(List<String> problems, String field, Integer value, Duration fallback) {
        if (value == null) {
            return fallback;
        }
        if (value <= 0) {
            problems.add(field + ": must be a positive number of seconds, was " + value);
            return fallback;
        }
        return Duration.ofSeconds(value);
    }

    private static String httpUrlProblem(String url) {
        try {
            URI uri = new URI(url);
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if (!scheme.equals("http") && !scheme.equals("https")) {
                return "is not an absolute http(s) URL";
            }
            if (uri.getHost() == null) {
                return "has no host";
            }
            if (uri.getRawQuery() != null || uri.getRawFragment() != null) {
                return "must not carry a query or fragment";
            }
            return null;
        } catch (URISyntaxException e) {
            return "is not a URL (" + e.getReason() + ")";
        }
    }

    private static String originProblem(String origin) {
        String problem = httpUrlProblem(origin);
        if (problem != null) {
            return problem;
        }
        String path = URI.create(origin).getRawPath();
        return path == null || path.isEmpty() || path.equals("/") ? null : "must be scheme://host[:port] without a path";
    }

    private static void requireText(List<String> problems, String field, String value) {
        if (isBlank(value)) {
            problems.add(field + ": required");
        }
    }

    private static boolean isBlank(String value) {
        return value == null || value.isBlank();
    }

    private static String stripTrailingSlash(String url) {
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }

    /** The YAML document as written; everything nullable so validation can name what is missing. */
    record SitesDocument(String defaultSite, Routing routing, List<SiteEntry> sites) {
    }

    record Routing(Integer portalTimeoutSeconds, Integer componentTimeoutSeconds) {
    }

    record SiteEntry(String id, String name, String displayName, String baseUrl, String projectId,
                     @JsonProperty("isPortal") Boolean isPortal) {
    }

}
