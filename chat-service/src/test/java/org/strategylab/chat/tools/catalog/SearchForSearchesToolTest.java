package org.strategylab.chat.tools.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.strategylab.chat.provider.ModelChoice;
import org.strategylab.chat.tools.ToolContext;
import org.strategylab.chat.tools.TurnScope;
import org.strategylab.testsupport.InProcessKafkaResource;
import org.strategylab.testsupport.TestTokens;
import org.strategylab.testsupport.upstream.UpstreamStackResource;

/**
 * {@code search_for_searches} through the real upstream-gateway's catalogue search, over cryptodb's
 * recorded catalogue in the simulator: by meaning in an ordinary turn, by words only in a turn whose
 * chat request said {@code disableRag: true}.
 */
@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = UpstreamStackResource.class, restrictToAnnotatedClass = false)
class SearchForSearchesToolTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Inject
    SearchForSearchesTool tool;

    @Inject
    ListSitesTool sites;

    @Test
    void listSitesNamesEachSiteUpstreamGatewayServes() {
        JsonNode result = sites.run(JSON.createObjectNode(), context(false));
        assertEquals("cryptodb", result.path("currentSite").asText());
        List<String> ids = new ArrayList<>();
        result.path("sites").forEach(site -> ids.add(site.path("id").asText()));
        // every site has its id (before, the tool read the page's fields as sites and gave empty ids)
        assertTrue(ids.containsAll(List.of("plasmodb", "toxodb", "veupathdb")), ids.toString());
        assertFalse(ids.contains(""), ids.toString());
    }

    /** A turn's scope as the tools see it, with or without {@code disableRag}. */
    private record Scope(boolean disableRag) implements TurnScope {
        @Override
        public ModelChoice model() {
            throw new IllegalStateException("no model in this test");
        }

        @Override
        public void emit(String type, Object payload) {
        }

        @Override
        public void whenCancelled(Runnable action) {
        }
    }

    private static ToolContext context(boolean disableRag) {
        String user = "catalogue-reader-" + UUID.randomUUID();
        return new ToolContext(user, TestTokens.forUser(user), "cryptodb", UUID.randomUUID(), null, new Scope(disableRag));
    }

    private static List<String> names(JsonNode result) {
        List<String> names = new ArrayList<>();
        result.path("searches").forEach(s -> names.add(s.path("name").asText()));
        return names;
    }

    @Test
    void aResearchersWordsFindTheSearchByMeaning() throws Exception {
        JsonNode result = tool.run(JSON.readTree("{\"query\":\"secreted proteins\",\"recordType\":\"transcript\"}"),
                context(false));

        assertEquals("hybrid", result.path("mode").asText());
        JsonNode first = result.path("searches").get(0);
        assertEquals("GenesWithSignalPeptide", first.path("name").asText(), "by meaning: " + result);
        assertTrue(first.path("score").asDouble() > 0, "the score is shown: " + first);
        assertTrue(first.path("why").asText().startsWith("meaning "), "why it matched is shown: " + first);
    }

    @Test
    void aTurnThatDisabledRetrievalAsksForWordsOnly() throws Exception {
        JsonNode result = tool.run(JSON.readTree("{\"query\":\"secreted proteins\",\"recordType\":\"transcript\"}"),
                context(true));

        assertEquals("lexical", result.path("mode").asText());
        assertFalse(names(result).contains("GenesWithSignalPeptide"),
                "no word of 'secreted proteins' is in the signal peptide search's texts: " + result);
        result.path("searches").forEach(s -> assertFalse(s.path("why").asText().contains("meaning"),
                "no similarity in a lexical answer: " + s));
        JsonNode byWords = tool.run(JSON.readTree("{\"query\":\"signal peptide\",\"recordType\":\"transcript\"}"),
                context(true));
        assertEquals("GenesWithSignalPeptide", byWords.path("searches").get(0).path("name").asText(), byWords.toString());
    }
}
