package org.strategylab.sites;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SiteRegistryLoaderTest {

    private static SiteRegistry parse(String yaml, SiteOverrides overrides) {
        return SiteRegistryLoader.fromYaml(new ByteArrayInputStream(yaml.getBytes(StandardCharsets.UTF_8)), "test.yaml",
                overrides);
    }

    private static final String ONE_SITE = """
            defaultSite: plasmodb
            sites:
              - id: plasmodb
                name: PlasmoDB
                displayName: PlasmoDB (Plasmodium)
                baseUrl: https://plasmodb.org/plasmo/service
                projectId: PlasmoDB
                isPortal: false
            """;

    @Test
    void bundledListHoldsEveryVeupathdbSiteIncludingTrichdb() {
        SiteRegistry registry = SiteRegistryLoader.bundled();
        List<String> ids = registry.sites().stream().map(Site::id).toList();
        assertEquals(List.of("veupathdb", "plasmodb", "toxodb", "cryptodb", "piroplasmadb", "giardiadb", "amoebadb",
                "microsporidiadb", "tritrypdb", "trichdb", "fungidb", "hostdb", "vectorbase", "orthomcl"), ids);
        assertEquals("veupathdb", registry.defaultSite().id());
        assertTrue(registry.defaultSite().isPortal());
        assertEquals(1, registry.sites().stream().filter(Site::isPortal).count());
        Site trich = registry.require("trichdb");
        assertEquals("https://trichdb.org/trichdb/service", trich.baseUrl());
        assertEquals("TrichDB", trich.projectId());
    }

    @Test
    void webUrlIsTheBaseUrlWithoutService() {
        Site toxo = SiteRegistryLoader.bundled().require("toxodb");
        assertEquals("https://toxodb.org/toxo", toxo.webUrl());
        assertEquals("https://example.org/app", new Site("x", "X", "X", "https://example.org/app", "X", false).webUrl());
    }

    @Test
    void routingTimeoutsDependOnTheKindOfSite() {
        SiteRegistry registry = SiteRegistryLoader.bundled();
        assertEquals(Duration.ofSeconds(120), registry.routing().timeoutFor(registry.require("veupathdb")));
        assertEquals(Duration.ofSeconds(30), registry.routing().timeoutFor(registry.require("plasmodb")));
    }

    @Test
    void serialisesEveryFieldInCamelCase() throws Exception {
        JsonNode json = new ObjectMapper().valueToTree(SiteRegistryLoader.bundled().require("veupathdb"));
        assertEquals("veupathdb", json.get("id").asText());
        assertEquals("VEuPathDB", json.get("name").asText());
        assertEquals("VEuPathDB Portal (All organisms)", json.get("displayName").asText());
        assertEquals("https://veupathdb.org/veupathdb/service", json.get("baseUrl").asText());
        assertEquals("https://veupathdb.org/veupathdb", json.get("webUrl").asText());
        assertEquals("EuPathDB", json.get("projectId").asText());
        assertTrue(json.get("isPortal").asBoolean());
        assertEquals(7, json.size());
    }

    @Test
    void unknownSiteIsReportedByName() {
        UnknownSiteException e = assertThrows(UnknownSiteException.class,
                () -> SiteRegistryLoader.bundled().require("nosuchsite"));
        assertEquals("nosuchsite", e.siteId());
        assertFalse(SiteRegistryLoader.bundled().find(null).isPresent());
    }

    @Test
    void originOverrideKeepsEachSitesPath() {
        SiteRegistry registry = SiteRegistryLoader.load(null, new SiteOverrides(Optional.empty(),
                Optional.of("http://localhost:8090/"), Map.of(), Optional.empty(), Optional.empty()));
        assertEquals("http://localhost:8090/plasmo/service", registry.require("plasmodb").baseUrl());
        assertEquals("http://localhost:8090/veupathdb/service", registry.require("veupathdb").baseUrl());
        assertEquals("http://localhost:8090/plasmo", registry.require("plasmodb").webUrl());
    }

    @Test
    void perSiteBaseUrlAndDefaultAndTimeoutsOverride() {
        SiteRegistry registry = SiteRegistryLoader.load(null, new SiteOverrides(Optional.of("toxodb"), Optional.empty(),
                Map.of("toxodb", "https://qa.toxodb.org/toxo.qa/service/"), Optional.of(60), Optional.of(10)));
        assertEquals("toxodb", registry.defaultSite().id());
        assertEquals("https://qa.toxodb.org/toxo.qa/service", registry.require("toxodb").baseUrl());
        assertEquals(Duration.ofSeconds(60), registry.routing().portal());
        assertEquals(Duration.ofSeconds(10), registry.routing().component());
    }

    @Test
    void aFileReplacesTheBundledList(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("sites.yaml");
        Files.writeString(file, ONE_SITE);
        SiteRegistry registry = SiteRegistryLoader.load(file, SiteOverrides.NONE);
        assertEquals(1, registry.sites().size());
        assertEquals("plasmodb", registry.defaultSite().id());
        assertEquals(RoutingTimeouts.DEFAULTS, registry.routing());
    }

    @Test
    void everyBadEntryIsNamed() {
        String yaml = """
                defaultSite: nowhere
                routing:
                  portalTimeoutSeconds: 0
                sites:
                  - id: plasmodb
                    name: PlasmoDB
                    displayName: PlasmoDB
                    baseUrl: ftp://plasmodb.org/plasmo/service
                    projectId: PlasmoDB
                    isPortal: false
                  - id: plasmodb
                    name: Again
                    displayName: Again
                    baseUrl: https://again.org/service
                    projectId: Again
                    isPortal: false
                  - id: Bad Id
                    displayName: Bad
                    baseUrl: https://bad.org/service
                    projectId: Bad
                """;
        InvalidSiteConfigurationException e = assertThrows(InvalidSiteConfigurationException.class,
                () -> parse(yaml, SiteOverrides.NONE));
        List<String> problems = e.problems();
        assertTrue(problems.contains("sites[0] (plasmodb).baseUrl: 'ftp://plasmodb.org/plasmo/service' is not an absolute http(s) URL"), problems::toString);
        assertTrue(problems.contains("sites[1] (plasmodb).id: duplicate id 'plasmodb'"), problems::toString);
        assertTrue(problems.contains("sites[2] (Bad Id).id: 'Bad Id' must be lowercase letters, digits or '-'"), problems::toString);
        assertTrue(problems.contains("sites[2] (Bad Id).name: required"), problems::toString);
        assertTrue(problems.contains("sites[2] (Bad Id).isPortal: required (true or false)"), problems::toString);
        assertTrue(problems.contains("defaultSite: 'nowhere' is not one of the configured sites"), problems::toString);
        assertTrue(problems.contains("routing.portalTimeoutSeconds: must be a positive number of seconds, was 0"), problems::toString);
        assertTrue(e.getMessage().startsWith("Invalid site configuration in test.yaml: "));
    }

    @Test
    void unknownFieldsAndOverridesForUnknownSitesAreErrors() {
        InvalidSiteConfigurationException field = assertThrows(InvalidSiteConfigurationException.class,
                () -> parse(ONE_SITE.replace("isPortal: false", "isPortal: false\n    portal: true"), SiteOverrides.NONE));
        assertTrue(field.getMessage().contains("unknown field 'portal'"), field.getMessage());

        InvalidSiteConfigurationException override = assertThrows(InvalidSiteConfigurationException.class,
                () -> parse(ONE_SITE, new SiteOverrides(Optional.empty(), Optional.of("http://localhost:8090/x"),
                        Map.of("toxodb", "https://toxodb.org/toxo/service"), Optional.empty(), Optional.empty())));
        assertTrue(override.problems().contains("base URL override for unknown site 'toxodb'"), override.problems()::toString);
        assertTrue(override.problems().contains("origin override 'http://localhost:8090/x' must be scheme://host[:port] without a path"),
                override.problems()::toString);
    }

    @Test
    void missingFileIsAClearError(@TempDir Path dir) {
        Path missing = dir.resolve("none.yaml");
        InvalidSiteConfigurationException e = assertThrows(InvalidSiteConfigurationException.class,
                () -> SiteRegistryLoader.load(missing, SiteOverrides.NONE));
        assertTrue(e.getMessage().contains(missing.toString()));
        assertTrue(e.getMessage().contains("cannot be read"));
    }
}
