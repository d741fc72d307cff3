package org.strategylab.chat.tools.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
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
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.strategylab.chat.graph.StepFilter;
import org.strategylab.chat.graph.StrategyGraph;
import org.strategylab.chat.persistence.GraphDocuments;
import org.strategylab.chat.persistence.StrategyRepository;
import org.strategylab.chat.support.ChatEvents;
import org.strategylab.chat.support.Chats;
import org.strategylab.chat.tools.ToolContext;
import org.strategylab.chat.tools.ToolRefusal;
import org.strategylab.chat.tools.TurnGraph;
import org.strategylab.chat.tools.TurnScope;
import org.strategylab.testsupport.InProcessKafkaResource;
import org.strategylab.testsupport.TestTokens;
import org.strategylab.testsupport.upstream.UpstreamStackResource;

/**
 * {@code list_step_filters}, {@code set_step_filter} and {@code remove_step_filter}: the filters the site
 * offers for a step's search, set and removed through the loop with the mock, each checked and counted by
 * the site, the graph keeping them.
 */
@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = UpstreamStackResource.class, restrictToAnnotatedClass = false)
class StepFilterToolsTest {

    static final ObjectMapper JSON = new ObjectMapper();
    static final String VIVAX = "Plasmodium vivax P01";
    static final String FALCIPARUM = "Plasmodium falciparum 3D7";

    @Inject
    ChatEvents events;

    @Inject
    StrategyRepository strategies;

    @Inject
    GraphDocuments graphs;

    @Inject
    ListStepFiltersTool list;

    @Inject
    SetStepFilterTool set;

    @Inject
    RemoveStepFilterTool remove;

    String turn(String user, String strategyId, String message) {
        JsonPath started = Chats.send(user, "{\"siteId\":\"plasmodb\"" + (strategyId == null ? ""
                : ",\"strategyId\":\"" + strategyId + "\"") + ",\"message\":\"" + message + "\"}");
        events.awaitEnd(started.getString("operationId"), Chats.TURN);
        return started.getString("strategyId");
    }

    JsonPath view(String user, String strategyId) {
        return Chats.as(user).get("/api/v1/strategies/" + strategyId).then().statusCode(200).extract().jsonPath();
    }

    StrategyGraph stored(String strategyId) {
        return graphs.read(strategies.find(UUID.fromString(strategyId)).await().atMost(Duration.ofSeconds(10)).orElseThrow());
    }

    /** A stored tool call's result: kept as the JSON text the tool answered. */
    private static JsonNode result(Object stored) throws Exception {
        return stored instanceof String text ? JSON.readTree(text) : JSON.valueToTree(stored);
    }

    @Test
    void theMockListsSetsAndRemovesAFilterAndTheSiteCountsEachChange() throws Exception {
        String user = Chats.newUser("fern");
        String strategyId = turn(user, null, "kinases in falciparum");
        JsonPath built = view(user, strategyId);
        String stepId = built.getString("graph.rootStepId");
        long kinases = built.getLong("graph.steps.find { it.id == '" + stepId + "' }.resultCount");
        assertTrue(kinases > 0, built.prettify());
        String number = stepId.substring("step-".length());

        turn(user, strategyId, "show the filters of step " + number);
        JsonPath listed = view(user, strategyId);
        assertEquals(List.of("list_step_filters"), listed.getList("messages[3].toolCalls.name"), listed.prettify());
        JsonNode offered = result(listed.get("messages[3].toolCalls[0].result"));
        List<String> names = offered.path("offered").findValuesAsText("name");
        assertTrue(names.contains("organism_filter_array") && names.contains("matched_transcript_filter_array"),
                offered.toPrettyString());
        assertFalse(names.contains("representativeTranscriptOnly"), "a view-only filter is not offered for a step");
        assertTrue(offered.path("set").isEmpty(), offered.toPrettyString());
        assertTrue(listed.getString("messages[3].content").contains("(organism_filter_array)"),
                listed.getString("messages[3].content"));

        // falciparum kinases kept to vivax genes: none, as the site counts them
        turn(user, strategyId, "only keep genes from " + VIVAX + " in step " + number);
        JsonPath vivax = view(user, strategyId);
        assertEquals(List.of("list_step_filters", "set_step_filter"), vivax.getList("messages[5].toolCalls.name"),
                vivax.prettify());
        Map<String, Object> step = vivax.getMap("graph.steps.find { it.id == '" + stepId + "' }");
        assertEquals(List.of(Map.of("name", "organism_filter_array", "value", Map.of("values", List.of(VIVAX)))),
                step.get("filters"), vivax.prettify());
        assertEquals(0L, ((Number) step.get("resultCount")).longValue(), vivax.prettify());
        assertTrue(vivax.getString("messages[5].content").contains("returns 0 genes"), vivax.getString("messages[5].content"));
        assertEquals(List.of(new StepFilter("organism_filter_array",
                        JSON.readTree("{\"values\":[\"" + VIVAX + "\"]}"), null)),
                stored(strategyId).step(stepId).orElseThrow().filters(), "the stored graph keeps the filter");

        // the same filter again replaces its value: falciparum kinases kept to falciparum genes, all of them
        turn(user, strategyId, "only keep genes from " + FALCIPARUM + " in step " + number);
        Map<String, Object> again = view(user, strategyId).getMap("graph.steps.find { it.id == '" + stepId + "' }");
        assertEquals(List.of(Map.of("name", "organism_filter_array", "value", Map.of("values", List.of(FALCIPARUM)))),
                again.get("filters"));
        assertEquals(kinases, ((Number) again.get("resultCount")).longValue());

        turn(user, strategyId, "remove the filter");
        JsonPath removed = view(user, strategyId);
        assertEquals(List.of("remove_step_filter"), removed.getList("messages[9].toolCalls.name"), removed.prettify());
        Map<String, Object> plain = removed.getMap("graph.steps.find { it.id == '" + stepId + "' }");
        assertFalse(plain.containsKey("filters"), "no filters: the field is absent " + plain);
        assertEquals(kinases, ((Number) plain.get("resultCount")).longValue());
        assertNull(stored(strategyId).step(stepId).orElseThrow().filters());
    }

    @Test
    void badInputIsARefusalTheModelCanReadAndChangesNothing() throws Exception {
        String user = Chats.newUser("gale");
        String strategyId = turn(user, null, "kinases in falciparum");
        StrategyGraph graph = stored(strategyId);
        String stepId = graph.root().orElseThrow().id();
        TurnGraph turnGraph = new TurnGraph("t", graph, next -> { });
        ToolContext context = new ToolContext(user, TestTokens.bearer(user).substring("Bearer ".length()), "plasmodb",
                UUID.fromString(strategyId), turnGraph, TurnScope.NONE);

        ToolRefusal unknownStep = assertThrows(ToolRefusal.class,
                () -> list.run(JSON.readTree("{\"stepId\":\"step-99\"}"), context));
        assertTrue(unknownStep.getMessage().contains("step-99") && unknownStep.getMessage().contains("list_current_steps"),
                unknownStep.getMessage());
        ToolRefusal unknownFilter = assertThrows(ToolRefusal.class, () -> set.run(JSON.readTree("{\"stepId\":\"" + stepId
                + "\",\"name\":\"by_colour\",\"value\":{\"values\":[\"red\"]}}"), context));
        assertTrue(unknownFilter.getMessage().contains("'name'") && unknownFilter.getMessage().contains("by_colour")
                && unknownFilter.getMessage().contains("organism_filter_array"), unknownFilter.getMessage());
        ToolRefusal viewOnly = assertThrows(ToolRefusal.class, () -> set.run(JSON.readTree("{\"stepId\":\"" + stepId
                + "\",\"name\":\"representativeTranscriptOnly\",\"value\":{}}"), context));
        assertTrue(viewOnly.getMessage().contains("representativeTranscriptOnly"), viewOnly.getMessage());
        ToolRefusal badValue = assertThrows(ToolRefusal.class, () -> set.run(JSON.readTree("{\"stepId\":\"" + stepId
                + "\",\"name\":\"organism_filter_array\",\"value\":{\"values\":[\"Nowhere land\"]}}"), context));
        assertTrue(badValue.getMessage().contains("the site refused the filter")
                && badValue.getMessage().contains("Nowhere land"), badValue.getMessage());
        ToolRefusal noValue = assertThrows(ToolRefusal.class, () -> set.run(JSON.readTree("{\"stepId\":\"" + stepId
                + "\",\"name\":\"organism_filter_array\"}"), context));
        assertTrue(noValue.getMessage().contains("'value'"), noValue.getMessage());
        ToolRefusal nothingToRemove = assertThrows(ToolRefusal.class,
                () -> remove.run(JSON.readTree("{\"stepId\":\"" + stepId + "\"}"), context));
        assertTrue(nothingToRemove.getMessage().contains("no filters"), nothingToRemove.getMessage());
        assertEquals(graph, turnGraph.current(), "no refusal changed the graph");

        // a good filter, then a removal naming another one
        JsonNode filtered = set.run(JSON.readTree("{\"stepId\":\"" + stepId + "\",\"name\":\"organism_filter_array\","
                + "\"value\":{\"values\":[\"" + FALCIPARUM + "\"]}}"), context);
        assertEquals("filtered", filtered.path("action").asText());
        assertEquals("organism_filter_array", filtered.path("step").path("filters").get(0).path("name").asText());
        ToolRefusal otherName = assertThrows(ToolRefusal.class, () -> remove.run(JSON.readTree("{\"stepId\":\"" + stepId
                + "\",\"name\":\"matched_transcript_filter_array\"}"), context));
        assertTrue(otherName.getMessage().contains("'name'") && otherName.getMessage().contains("organism_filter_array"),
                otherName.getMessage());
        for (ToolRefusal refusal : List.of(unknownStep, unknownFilter, viewOnly, badValue, noValue, nothingToRemove,
                otherName)) {
            assertFalse(refusal.getMessage().matches("(?s).*(Exception|java\\.|org\\.).*"), refusal.getMessage());
        }
    }

    @Test
    void anotherUsersStrategyIsUnreachable() {
        String owner = Chats.newUser("hale");
        String strategyId = turn(owner, null, "kinases in falciparum");
        String other = Chats.newUser("ivo");
        for (String message : List.of("show the filters of step 1", "only keep genes from " + VIVAX + " in step 1",
                "remove the filter")) {
            Chats.as(other).body("{\"siteId\":\"plasmodb\",\"strategyId\":\"" + strategyId + "\",\"message\":\""
                    + message + "\"}").post("/api/v1/chat").then().statusCode(404);
        }
        JsonPath view = view(owner, strategyId);
        assertEquals(2, view.getList("messages").size(), "no turn ran in the owner's conversation");
        assertFalse(view.getMap("graph.steps[0]").containsKey("filters"));
    }
}
