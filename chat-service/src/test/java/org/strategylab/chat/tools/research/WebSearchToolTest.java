package org.strategylab.chat.tools.research;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@code web_search} against a local server speaking SearXNG's JSON search API. */
class WebSearchToolTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** A SearXNG answer to {@code /search?q=…&format=json}; one result has no url and is skipped. */
    static final String SEARXNG_PAGE = """
            {"query":"PlasmoDB strategies","number_of_results":0,
             "results":[
              {"url":"https://plasmodb.org/plasmo/app/static-content/landing.html","title":"PlasmoDB",
               "content":"PlasmoDB is a genomic database for the genus <b>Plasmodium</b>.","engine":"duckduckgo",
               "parsed_url":["https","plasmodb.org","/plasmo/app","","",""],"engines":["duckduckgo","brave"],"positions":[1,2],"score":4.0,"category":"general"},
              {"title":"broken","content":"no url","engine":"brave"},
              {"url":"https://veupathdb.org/veupathdb/app/search","title":"VEuPathDB search strategies","content":"","engine":"brave","score":1.0}
             ],
             "answers":[],"corrections":[],"infoboxes":[],"suggestions":["plasmodb tutorial"],"unresponsive_engines":[]}
            """;

    ResearchApiServer searxng;
    RecordingScope scope = new RecordingScope();

    @BeforeEach
    void start() throws Exception {
        searxng = new ResearchApiServer();
    }

    @AfterEach
    void stop() {
        searxng.close();
    }

    WebSearchTool tool(String url) {
        return new WebSearchTool(new TestResearchConfig(null, url));
    }

    @Test
    void answersThePagesAndEmitsThemAsCitations() throws Exception {
        searxng.answer("/search", 200, SEARXNG_PAGE);

        JsonNode result = tool(searxng.url() + "/").run(JSON.readTree("{\"query\":\"PlasmoDB strategies\"}"),
                scope.context(UUID.randomUUID()));

        assertEquals(Map.of("q", "PlasmoDB strategies", "format", "json"),
                ResearchApiServer.parameters(searxng.received().get(0)));
        JsonNode pages = result.path("results");
        assertEquals(2, pages.size(), "a result without a url is no page");
        assertEquals("https://plasmodb.org/plasmo/app/static-content/landing.html", pages.get(0).path("url").asText());
        assertEquals("PlasmoDB is a genomic database for the genus Plasmodium .", pages.get(0).path("content").asText());
        assertFalse(pages.get(1).has("content"), "an empty snippet is left out");
        JsonNode citations = scope.of("citations").get(0).path("citations");
        assertEquals(2, citations.size());
        assertEquals("web", citations.get(0).path("source").asText());
        assertEquals("PlasmoDB", citations.get(0).path("title").asText());
        assertEquals("https://veupathdb.org/veupathdb/app/search", citations.get(1).path("url").asText());
        assertTrue(citations.get(0).path("snippet").asText().startsWith("PlasmoDB is a genomic database"));
    }

    @Test
    void notConfiguredByDefaultAndSaysSo() throws Exception {
        JsonNode result = tool(null).run(JSON.readTree("{\"query\":\"x\"}"), scope.context(UUID.randomUUID()));

        assertEquals("web search is not configured (strategylab.chat.research.web-search.url is empty)",
                result.path("error").asText());
        assertEquals(List.of(), scope.events);
    }

    @Test
    void anInstanceRefusingTheJsonFormatIsReportedAsUnavailable() throws Exception {
        // SearXNG answers 403 Forbidden when json is not among its search.formats
        searxng.answer("/search", 403, "{}");

        JsonNode result = tool(searxng.url()).run(JSON.readTree("{\"query\":\"x\"}"), scope.context(UUID.randomUUID()));

        assertEquals("web search is unavailable: the web search service answered HTTP 403", result.path("error").asText());
        assertEquals(List.of(), scope.events);
    }
}
