package org.strategylab.chat.tools.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.strategylab.chat.graph.GraphStep;
import org.strategylab.chat.graph.StrategyGraph;
import org.strategylab.chat.persistence.StrategyRepository;
import org.strategylab.chat.persistence.GraphDocuments;
import org.strategylab.chat.support.ChatEvents;
import org.strategylab.chat.support.Chats;
import org.strategylab.chat.tools.ToolContext;
import org.strategylab.chat.tools.ToolRefusal;
import org.strategylab.chat.tools.TurnGraph;
import org.strategylab.chat.tools.TurnScope;
import org.strategylab.testsupport.InProcessKafkaResource;
import org.strategylab.testsupport.TestTokens;
import org.strategylab.testsupport.upstream.UpstreamStackResource;

/** The export tools on a strategy a mock turn built: sample records (pushed or not) and a download link. */
@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = UpstreamStackResource.class, restrictToAnnotatedClass = false)
class ExportToolsTest {

    static final ObjectMapper JSON = new ObjectMapper();

    @Inject
    ChatEvents events;

    @Inject
    StrategyRepository strategies;

    @Inject
    GraphDocuments graphs;

    @Inject
    GetSampleRecordsTool samples;

    @Inject
    GetDownloadUrlTool downloads;

    ToolContext built(String user, String message) {
        JsonPath started = Chats.send(user, "{\"siteId\":\"plasmodb\",\"message\":\"" + message + "\"}");
        events.awaitEnd(started.getString("operationId"), Chats.TURN);
        UUID id = UUID.fromString(started.getString("strategyId"));
        StrategyGraph graph = graphs.read(strategies.find(id).await().atMost(Duration.ofSeconds(10)).orElseThrow());
        String token = TestTokens.bearer(user).substring("Bearer ".length());
        return new ToolContext(user, token, "plasmodb", id, new TurnGraph("t", graph, next -> { }), TurnScope.NONE);
    }

    @Test
    void samplesOfAStepNotOnTheSiteAndADownloadOnlyOnceItIs() throws Exception {
        String user = Chats.newUser("jo");
        long mark = UpstreamStackResource.simulator.journal().mark();
        ToolContext unsaved = built(user, "kinases in falciparum");
        // the step was counted without any strategy made on the site
        assertEquals(List.of(), UpstreamStackResource.simulator.journal().since(mark).stream()
                .filter(r -> r.is("POST", "/users/\\d+/strategies$")).map(r -> r.body()).toList());
        GraphStep root = unsaved.graph().current().root().orElseThrow();
        JsonNode sample = samples.run(JSON.readTree("{\"limit\":5}"), unsaved);
        assertEquals(5, sample.path("records").size(), sample.toString());
        // the graph counts genes, as the site shows them (its display count)
        assertEquals(root.resultCount().longValue(), sample.path("displayTotalCount").asLong(), sample.toString());
        // and the transcript rows beside them, where the site has more rows than genes (issue 38 item 2)
        assertEquals(sample.path("totalCount").asLong(), root.transcriptCount().longValue(), sample.toString());
        assertTrue(root.transcriptCount() > root.resultCount(), "the kinases include genes with several transcripts");
        ToolRefusal refusal = assertThrows(ToolRefusal.class, () -> downloads.run(JSON.readTree("{}"), unsaved));
        assertTrue(refusal.getMessage().contains("push_strategy"), refusal.getMessage());

        ToolContext saved = built(user, "kinases in falciparum, and save it");
        GraphStep pushed = saved.graph().current().root().orElseThrow();
        JsonNode fromSite = samples.run(JSON.readTree("{\"limit\":3}"), saved);
        assertEquals(3, fromSite.path("records").size());
        assertEquals(pushed.resultCount().longValue(), fromSite.path("displayTotalCount").asLong());
        JsonNode link = downloads.run(JSON.readTree("{\"format\":\"tab\"}"), saved);
        assertTrue(link.path("downloadUrl").asText().startsWith(UpstreamStackResource.simulatorUrl), link.toString());
        assertTrue(link.path("downloadUrl").asText().contains("temporary-results"), link.toString());
        assertThrows(ToolRefusal.class, () -> downloads.run(JSON.readTree("{\"format\":\"xlsx\"}"), saved));
    }
}
