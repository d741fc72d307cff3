package org.strategylab.chat.tools.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.strategylab.chat.graph.StrategyGraph;
import org.strategylab.chat.support.ChatEvents;
import org.strategylab.chat.support.Chats;
import org.strategylab.chat.tools.ToolContext;
import org.strategylab.chat.tools.ToolRefusal;
import org.strategylab.chat.tools.TurnGraph;
import org.strategylab.chat.tools.TurnScope;
import org.strategylab.testsupport.InProcessKafkaResource;
import org.strategylab.testsupport.TestTokens;
import org.strategylab.testsupport.upstream.UpstreamStackResource;

/** {@code find_example_strategies}: the site's public strategies closest to a request, with their steps. */
@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = UpstreamStackResource.class, restrictToAnnotatedClass = false)
class FindExampleStrategiesToolTest {

    static final ObjectMapper JSON = new ObjectMapper();
    static final String EXPORTED = "Exported proteins: signal peptide without transmembrane domains";

    @Inject
    ChatEvents events;

    @Inject
    FindExampleStrategiesTool examples;

    @Test
    void theMockFindsTheExamplePlanThroughTheLoop() throws Exception {
        String user = Chats.newUser("edda");
        JsonPath started = Chats.send(user,
                "{\"siteId\":\"plasmodb\",\"message\":\"are there example strategies for exported proteins?\"}");
        events.awaitEnd(started.getString("operationId"), Chats.TURN);
        JsonPath view = Chats.as(user).get("/api/v1/strategies/" + started.getString("strategyId")).then().statusCode(200)
                .extract().jsonPath();
        assertEquals(List.of("find_example_strategies"), view.getList("messages[1].toolCalls.name"), view.prettify());
        assertEquals("exported proteins", view.getString("messages[1].toolCalls[0].arguments.query"), view.prettify());
        Object stored = view.get("messages[1].toolCalls[0].result");
        JsonNode result = stored instanceof String text ? JSON.readTree(text) : JSON.valueToTree(stored);
        JsonNode best = result.path("examples").path(0);
        assertEquals(EXPORTED, best.path("name").asText(), result.toPrettyString());
        assertEquals("MINUS", best.path("steps").path("operator").asText(), result.toPrettyString());
        assertEquals("GenesWithSignalPeptide", best.path("steps").path("left").path("searchName").asText());
        assertEquals("GenesByTransmembraneDomains", best.path("steps").path("right").path("searchName").asText());
        assertTrue(best.path("resultGenes").asLong() > 0, result.toPrettyString());
        String answer = view.getString("messages[1].content");
        assertTrue(answer.contains(EXPORTED) && answer.contains("MINUS"), answer);
    }

    @Test
    void aLimitAndARecordTypeAreHonouredAndAnUnknownRecordTypeIsRefusedByName() throws Exception {
        String user = Chats.newUser("fenna");
        ToolContext context = new ToolContext(user, TestTokens.bearer(user).substring("Bearer ".length()), "plasmodb",
                UUID.randomUUID(), new TurnGraph("t", StrategyGraph.empty(), next -> { }), TurnScope.NONE);
        JsonNode two = examples.run(JSON.readTree("{\"query\":\"protein kinases\",\"recordType\":\"transcript\","
                + "\"limit\":2}"), context);
        assertEquals(2, two.path("examples").size(), two.toPrettyString());
        assertEquals("Protein kinases", two.path("examples").path(0).path("name").asText(), two.toPrettyString());
        assertEquals("GO:0004672", two.path("examples").path(0).path("steps").path("parameters").path("go_typeahead")
                .path(0).asText(), two.toPrettyString());

        ToolRefusal badType = assertThrows(ToolRefusal.class,
                () -> examples.run(JSON.readTree("{\"query\":\"kinases\",\"recordType\":\"no-such-type\"}"), context));
        assertTrue(badType.getMessage().contains("'recordType'") && badType.getMessage().contains("no-such-type"),
                badType.getMessage());
        ToolRefusal noQuery = assertThrows(ToolRefusal.class, () -> examples.run(JSON.readTree("{}"), context));
        assertTrue(noQuery.getMessage().contains("'query'"), noQuery.getMessage());
        assertFalse(badType.getMessage().matches("(?s).*(Exception|java\\.|org\\.).*"), badType.getMessage());
    }
}
