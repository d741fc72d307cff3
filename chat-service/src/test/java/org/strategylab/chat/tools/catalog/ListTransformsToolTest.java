package org.strategylab.chat.tools.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.util.List;
import java.util.UUID;
import org.eclipse.microprofile.config.ConfigProvider;
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

/** {@code list_transforms}: the site's transform searches, as upstream-gateway's catalogue marks them. */
@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = UpstreamStackResource.class, restrictToAnnotatedClass = false)
class ListTransformsToolTest {

    static final ObjectMapper JSON = new ObjectMapper();

    @Inject
    ChatEvents events;

    @Inject
    ListTransformsTool transforms;

    /** The catalogue's own transforms of a record type on plasmodb. */
    static List<String> catalogueTransforms(String user, String recordType) {
        return Chats.as(user).baseUri(ConfigProvider.getConfig().getValue("quarkus.rest-client.upstream-gateway.url",
                        String.class))
                .get("/api/v1/sites/plasmodb/searches?limit=500&recordType=" + recordType).then().statusCode(200)
                .extract().jsonPath().getList("items.findAll { it.kind == 'transform' }.name");
    }

    @Test
    void theMockAnswersWithTheSitesTransforms() throws Exception {
        String user = Chats.newUser("tess");
        JsonPath started = Chats.send(user, "{\"siteId\":\"plasmodb\",\"message\":\"which transforms can I use?\"}");
        events.awaitEnd(started.getString("operationId"), Chats.TURN);
        JsonPath view = Chats.as(user).get("/api/v1/strategies/" + started.getString("strategyId")).then().statusCode(200)
                .extract().jsonPath();
        assertEquals(List.of("list_transforms"), view.getList("messages[1].toolCalls.name"), view.prettify());
        List<String> expected = catalogueTransforms(user, "transcript");
        assertTrue(expected.contains("GenesByOrthologs"), expected.toString());
        Object stored = view.get("messages[1].toolCalls[0].result");
        com.fasterxml.jackson.databind.JsonNode result = stored instanceof String text
                ? new com.fasterxml.jackson.databind.ObjectMapper().readTree(text)
                : new com.fasterxml.jackson.databind.ObjectMapper().valueToTree(stored);
        List<String> names = new java.util.ArrayList<>();
        result.path("transforms").forEach(t -> names.add(t.path("name").asText()));
        assertEquals(expected, names);
        String answer = view.getString("messages[1].content");
        assertTrue(answer.contains(expected.size() + " transforms") && answer.contains("(GenesByOrthologs)"), answer);
    }

    @Test
    void aRecordTypeWithoutTransformsSaysSoAndAnUnknownOneIsTheSitesRefusal() throws Exception {
        String user = Chats.newUser("uli");
        ToolContext context = new ToolContext(user, TestTokens.bearer(user).substring("Bearer ".length()), "plasmodb",
                UUID.randomUUID(), new TurnGraph("t", StrategyGraph.empty(), next -> { }), TurnScope.NONE);
        List<String> types = Chats.as(user).baseUri(ConfigProvider.getConfig().getValue(
                "quarkus.rest-client.upstream-gateway.url", String.class)).get("/api/v1/sites/plasmodb/record-types")
                .then().statusCode(200).extract().jsonPath().getList("items.name");
        for (String type : types) {
            var listed = transforms.run(JSON.readTree("{\"recordType\":\"" + type + "\"}"), context);
            assertEquals(catalogueTransforms(user, type), listed.path("transforms").findValuesAsText("name"), type);
            assertEquals(listed.path("transforms").isEmpty(), listed.path("note").asText().contains("no transform"), type);
        }
        ToolRefusal bad = org.junit.jupiter.api.Assertions.assertThrows(ToolRefusal.class,
                () -> transforms.run(JSON.readTree("{\"recordType\":\"no-such-type\"}"), context));
        assertTrue(bad.getMessage().contains("'recordType'") && bad.getMessage().contains("no-such-type"),
                bad.getMessage());
        assertFalse(bad.getMessage().matches("(?s).*(Exception|java\\.|org\\.).*"), bad.getMessage());
    }
}
