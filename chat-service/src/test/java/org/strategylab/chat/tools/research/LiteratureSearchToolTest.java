package org.strategylab.chat.tools.research;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.strategylab.chat.tools.ToolRefusal;

/** {@code literature_search} against a local server speaking Europe PMC's REST search format. */
class LiteratureSearchToolTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Two hits as Europe PMC answers them with resultType=core: a MEDLINE article and a preprint. */
    static final String CORE_PAGE = """
            {"version":"6.9","hitCount":1342,"nextCursorMark":"AoIIP4AAACg0MDI3NjQ5Nw==",
             "request":{"queryString":"PfCDPK1 gametocyte","resultType":"core","cursorMark":"*","pageSize":2,"sort":"","synonym":false},
             "resultList":{"result":[
              {"id":"24786642","source":"MED","pmid":"24786642","pmcid":"PMC4020931","doi":"10.1371/journal.ppat.1004074",
               "title":"Calcium-dependent protein kinase 1 is required for <i>Plasmodium</i> gametogenesis.",
               "authorString":"Bansal A, Ojo KK, Mu J, Maly DJ, Van Voorhis WC, Miller LH.",
               "journalInfo":{"issue":"4","volume":"10","yearOfPublication":2014,"dateOfPublication":"2014 Apr",
                              "journal":{"title":"PLoS pathogens","ISOAbbreviation":"PLoS Pathog","medlineAbbreviation":"PLoS Pathog"}},
               "pubYear":"2014","abstractText":"<h4>Background</h4>Calcium-dependent protein kinases are key regulators.",
               "isOpenAccess":"Y","inEPMC":"Y","inPMC":"Y","citedByCount":57},
              {"id":"PPR612345","source":"PPR","doi":"10.1101/2023.01.02.522500",
               "title":"A preprint about gametocyte kinases","authorString":"Doe J.","pubYear":"2023",
               "bookOrReportDetails":{"publisher":"bioRxiv"}}
             ]}}
            """;

    ResearchApiServer europePmc;
    RecordingScope scope = new RecordingScope();

    @BeforeEach
    void start() throws Exception {
        europePmc = new ResearchApiServer();
    }

    @AfterEach
    void stop() {
        europePmc.close();
    }

    LiteratureSearchTool tool(String url) {
        return new LiteratureSearchTool(new TestResearchConfig(url, null));
    }

    @Test
    void answersThePublicationsCompactlyAndEmitsThemAsCitations() throws Exception {
        europePmc.answer("/europepmc/webservices/rest/search", 200, CORE_PAGE);
        Instant before = Instant.now();

        JsonNode result = tool(europePmc.url() + "/europepmc/webservices/rest").run(
                JSON.readTree("{\"query\":\"PfCDPK1 gametocyte\",\"limit\":2}"), scope.context(UUID.randomUUID()));

        assertEquals(1, europePmc.received().size());
        assertEquals(Map.of("query", "PfCDPK1 gametocyte", "format", "json", "resultType", "core", "pageSize", "2"),
                ResearchApiServer.parameters(europePmc.received().get(0)));
        assertEquals(1342, result.path("hitCount").asLong());
        JsonNode first = result.path("publications").get(0);
        assertEquals("24786642", first.path("pmid").asText());
        assertEquals("PMC4020931", first.path("pmcid").asText());
        assertEquals("PLoS pathogens", first.path("journal").asText(), "core results carry the journal in journalInfo");
        assertEquals("Calcium-dependent protein kinase 1 is required for Plasmodium gametogenesis.", first.path("title").asText(),
                "markup is dropped for the model");
        assertEquals("Background Calcium-dependent protein kinases are key regulators.", first.path("abstractText").asText());
        JsonNode preprint = result.path("publications").get(1);
        assertFalse(preprint.has("pmid"), "no made-up ids");
        assertEquals("10.1101/2023.01.02.522500", preprint.path("doi").asText());

        List<JsonNode> events = scope.of("citations");
        assertEquals(1, events.size());
        JsonNode citations = events.get(0).path("citations");
        assertEquals(2, citations.size());
        JsonNode article = citations.get(0);
        assertEquals("europepmc:MED:24786642", article.path("id").asText());
        assertEquals("europepmc", article.path("source").asText());
        assertEquals("https://europepmc.org/article/MED/24786642", article.path("url").asText());
        assertEquals("Bansal A, Ojo KK, Mu J, Maly DJ, Van Voorhis WC, Miller LH.", article.path("authors").asText());
        assertEquals(2014, article.path("year").asInt());
        assertEquals("10.1371/journal.ppat.1004074", article.path("doi").asText());
        assertEquals("24786642", article.path("pmid").asText());
        assertTrue(article.path("snippet").asText().startsWith("Background Calcium-dependent"));
        assertFalse(Instant.parse(article.path("accessedAt").asText()).isBefore(before.minusSeconds(1)));
        assertEquals("https://europepmc.org/article/PPR/PPR612345", citations.get(1).path("url").asText());
        assertFalse(citations.get(1).has("pmid"));
    }

    @Test
    void noHitsAnswersAnEmptyListAndNoCitations() throws Exception {
        europePmc.answer("/search", 200, """
                {"version":"6.9","hitCount":0,"request":{"queryString":"zzzz","resultType":"core"},"resultList":{"result":[]}}
                """);

        JsonNode result = tool(europePmc.url()).run(JSON.readTree("{\"query\":\"zzzz\"}"), scope.context(UUID.randomUUID()));

        assertEquals(0, result.path("hitCount").asInt());
        assertEquals(0, result.path("publications").size());
        assertEquals("5", ResearchApiServer.parameters(europePmc.received().get(0)).get("pageSize"), "the default limit");
        assertEquals(List.of(), scope.events);
    }

    @Test
    void anUnreachableServiceIsReportedAsUnavailableNeverAnswered() throws Exception {
        String url = europePmc.url();
        europePmc.close();

        JsonNode result = tool(url).run(JSON.readTree("{\"query\":\"kinase\"}"), scope.context(UUID.randomUUID()));

        assertFalse(result.path("available").asBoolean(true));
        assertTrue(result.path("error").asText().startsWith("literature search is unavailable: Europe PMC could not be reached"),
                result.toString());
        assertFalse(result.has("publications"));
        assertEquals(List.of(), scope.events);
    }

    @Test
    void aFailingServiceIsReportedWithItsStatus() throws Exception {
        europePmc.answer("/search", 503, "{\"error\":\"maintenance\"}");

        JsonNode result = tool(europePmc.url()).run(JSON.readTree("{\"query\":\"kinase\"}"), scope.context(UUID.randomUUID()));

        assertEquals("literature search is unavailable: Europe PMC answered HTTP 503", result.path("error").asText());
        assertEquals(List.of(), scope.events);
    }

    @Test
    void anEmptyUrlMeansNotConfiguredAndNothingIsAsked() throws Exception {
        JsonNode result = tool(null).run(JSON.readTree("{\"query\":\"kinase\"}"), scope.context(UUID.randomUUID()));

        assertFalse(result.path("available").asBoolean(true));
        assertTrue(result.path("error").asText().startsWith("literature search is not configured"), result.toString());
        assertEquals(List.of(), europePmc.received());
    }

    @Test
    void aMissingQueryIsRefused() {
        ToolRefusal refusal = assertThrows(ToolRefusal.class,
                () -> tool(europePmc.url()).run(JSON.createObjectNode(), scope.context(UUID.randomUUID())));
        assertTrue(refusal.getMessage().contains("'query'"));
        assertEquals(List.of(), europePmc.received());
    }

    /** NCBI's esearch answer (JSON, as eutils.ncbi.nlm.nih.gov writes it). */
    static final String ESEARCH = """
            {"header":{"type":"esearch","version":"0.3"},"esearchresult":{"count":"57","retmax":"3","retstart":"0",
            "idlist":["24786642","31234567","30111111"],"translationset":[],"querytranslation":"PfCDPK1[All Fields]"}}
            """;
    /** NCBI's esummary answer for those PMIDs. */
    static final String ESUMMARY = """
            {"header":{"type":"esummary","version":"0.3"},"result":{"uids":["24786642","31234567","30111111"],
            "24786642":{"uid":"24786642","pubdate":"2014 Apr","source":"PLoS Pathog","title":"Calcium-dependent protein kinase 1 is required for Plasmodium gametogenesis.",
              "authors":[{"name":"Bansal A","authtype":"Author"}],"fulljournalname":"PLoS pathogens",
              "articleids":[{"idtype":"pubmed","value":"24786642"},{"idtype":"doi","value":"10.1371/journal.ppat.1004074"}]},
            "31234567":{"uid":"31234567","pubdate":"2019 Jun 12","source":"Nat Commun","title":"CDPK1 and gametocyte activation.",
              "authors":[{"name":"Kumar S","authtype":"Author"},{"name":"Haile MT","authtype":"Author"}],
              "fulljournalname":"Nature communications","articleids":[{"idtype":"pubmed","value":"31234567"},
              {"idtype":"doi","value":"10.1038/s41467-019-10000-0"},{"idtype":"pmc","value":"PMC6570000"}]},
            "30111111":{"uid":"30111111","pubdate":"2018","source":"Mol Microbiol","title":"A second kinase.","authors":[],
              "fulljournalname":"Molecular microbiology","articleids":[{"idtype":"pubmed","value":"30111111"}]}}}
            """;

    @Test
    void pubMedFillsWhatEuropePmcLeftAndAPmidComesOnce() throws Exception {
        europePmc.answer("/search", 200, CORE_PAGE);
        try (ResearchApiServer ncbi = new ResearchApiServer()) {
            ncbi.answer("/esearch.fcgi", 200, ESEARCH);
            ncbi.answer("/esummary.fcgi", 200, ESUMMARY);
            LiteratureSearchTool tool = new LiteratureSearchTool(new TestResearchConfig(europePmc.url(), null, ncbi.url()));

            JsonNode result = tool.run(JSON.readTree("{\"query\":\"PfCDPK1 gametocyte\",\"limit\":4}"),
                    scope.context(UUID.randomUUID()));

            assertEquals("Europe PMC + PubMed", result.path("source").asText());
            assertEquals(1342, result.path("hitCount").asLong(), "the larger source's count");
            List<String> pmids = new java.util.ArrayList<>();
            result.path("publications").forEach(p -> pmids.add(p.path("pmid").asText("-")));
            assertEquals(List.of("24786642", "-", "31234567", "30111111"), pmids, "24786642 once, from Europe PMC");
            JsonNode kumar = result.path("publications").get(2);
            assertEquals("Nature communications", kumar.path("journal").asText());
            assertEquals("PMC6570000", kumar.path("pmcid").asText());
            assertEquals("10.1038/s41467-019-10000-0", kumar.path("doi").asText());
            assertEquals("2019", kumar.path("pubYear").asText());
            assertEquals("Kumar S, Haile MT.", kumar.path("authorString").asText());
            assertEquals(Map.of("db", "pubmed", "term", "PfCDPK1 gametocyte", "retmode", "json", "sort", "relevance",
                    "retmax", "4"), ResearchApiServer.parameters(ncbi.received().get(0)));
            assertEquals(Map.of("db", "pubmed", "id", "24786642,31234567,30111111", "retmode", "json"),
                    ResearchApiServer.parameters(ncbi.received().get(1)));

            JsonNode citations = scope.of("citations").get(0).path("citations");
            assertEquals(4, citations.size());
            assertEquals("pubmed:31234567", citations.get(2).path("id").asText());
            assertEquals("https://pubmed.ncbi.nlm.nih.gov/31234567/", citations.get(2).path("url").asText());
            assertEquals(2019, citations.get(2).path("year").asInt());
            assertFalse(citations.get(3).has("authors"), "no authors, none made up");
        }
    }

    @Test
    void pubMedAnswersAloneWhenEuropePmcFailsAndSaysSo() throws Exception {
        europePmc.answer("/search", 503, "{\"error\":\"maintenance\"}");
        try (ResearchApiServer ncbi = new ResearchApiServer()) {
            ncbi.answer("/esearch.fcgi", 200, ESEARCH);
            ncbi.answer("/esummary.fcgi", 200, ESUMMARY);
            JsonNode result = new LiteratureSearchTool(new TestResearchConfig(europePmc.url(), null, ncbi.url()))
                    .run(JSON.readTree("{\"query\":\"PfCDPK1\",\"limit\":2}"), scope.context(UUID.randomUUID()));

            assertEquals("PubMed", result.path("source").asText());
            assertEquals("not answered: Europe PMC answered HTTP 503", result.path("partial").asText());
            assertEquals(2, result.path("publications").size());
            assertEquals("24786642", result.path("publications").get(0).path("pmid").asText());
            assertEquals(57, result.path("hitCount").asLong());

            JsonNode alone = new LiteratureSearchTool(new TestResearchConfig(null, null, ncbi.url()))
                    .run(JSON.readTree("{\"query\":\"PfCDPK1\",\"limit\":1}"), scope.context(UUID.randomUUID()));
            assertEquals("PubMed", alone.path("source").asText());
            assertFalse(alone.has("partial"));
        }
    }
}
