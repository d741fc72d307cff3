package org.strategylab.chat.tools.graph;

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
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
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

/** {@code explain_operator}: each operator counted on the site for two steps, the graph untouched. */
@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = UpstreamStackResource.class, restrictToAnnotatedClass = false)
class ExplainOperatorToolTest {

    static final ObjectMapper JSON = new ObjectMapper();

    @Inject
    ChatEvents events;

    @Inject
    StrategyRepository strategies;

    @Inject
    GraphDocuments graphs;

    @Inject
    ExplainOperatorTool explain;

    String turn(String user, String strategyId, String message) {
        JsonPath started = Chats.send(user, "{\"siteId\":\"plasmodb\"" + (strategyId == null ? ""
                : ",\"strategyId\":\"" + strategyId + "\"") + ",\"message\":\"" + message + "\"}");
        events.awaitEnd(started.getString("operationId"), Chats.TURN);
        return started.getString("strategyId");
    }

    JsonPath view(String user, String strategyId) {
        return Chats.as(user).get("/api/v1/strategies/" + strategyId).then().statusCode(200).extract().jsonPath();
    }

    /** A conversation whose strategy combines two searches: its graph as the service stores it. */
    StrategyGraph twoSteps(String user) {
        String strategyId = turn(user, null, "kinases in falciparum");
        turn(user, strategyId, "add genes with signal peptides");
        return graphs.read(strategies.find(UUID.fromString(strategyId)).await().atMost(Duration.ofSeconds(10)).orElseThrow());
    }

    ToolContext context(String user, StrategyGraph graph, String strategyId) {
        return new ToolContext(user, TestTokens.bearer(user).substring("Bearer ".length()), "plasmodb",
                UUID.fromString(strategyId), new TurnGraph("t", graph, next -> { }), TurnScope.NONE);
    }

    @Test
    void everyOperatorIsCountedOnTheSiteAndTheGraphStaysAsItWas() throws Exception {
        String user = Chats.newUser("opal");
        String strategyId = turn(user, null, "kinases in falciparum");
        turn(user, strategyId, "add genes with signal peptides");
        JsonPath before = view(user, strategyId);
        Map<String, Object> combine = before.getMap("graph.steps.find { it.kind == 'combine' }");
        String left = (String) combine.get("primaryInputStepId");
        String right = (String) combine.get("secondaryInputStepId");
        long combined = ((Number) combine.get("resultCount")).longValue();

        turn(user, strategyId, "explain the operators on " + left + " and " + right);
        JsonPath after = view(user, strategyId);
        assertEquals(before.getList("graph.steps"), after.getList("graph.steps"), "explaining changes nothing");
        List<Map<String, Object>> calls = after.getList("messages[5].toolCalls");
        assertEquals(List.of("explain_operator"), calls.stream().map(c -> c.get("name")).toList(), after.prettify());
        JsonNode result = stored(calls.get(0).get("result"));
        Map<String, Long> counts = new HashMap<>();
        result.path("operators").forEach(o -> counts.put(o.path("operator").asText(), o.path("resultCount").asLong(-1)));
        assertEquals(6, counts.size(), result.toPrettyString());
        long l = result.path("leftCount").asLong();
        long r = result.path("rightCount").asLong();
        long both = counts.get("INTERSECT");
        // the conversation's own combine is the site's count of its operator on the two steps
        assertEquals(combined, counts.get((String) combine.get("operator")));
        // each count came from the site on its own; together they obey the set algebra
        assertTrue(both > 0 && both < Math.min(l, r), result.toPrettyString());
        assertEquals(l + r - both, counts.get("UNION"));
        assertEquals(l - both, counts.get("MINUS"));
        assertEquals(r - both, counts.get("RMINUS"));
        assertEquals(l, counts.get("LONLY"));
        assertEquals(r, counts.get("RONLY"));
        String answer = after.getString("messages[5].content");
        assertTrue(answer.contains("MINUS gives " + (l - both) + " genes"), answer);

        turn(user, strategyId, "explain RMINUS on " + left + " and " + right);
        JsonNode one = JSON.valueToTree(view(user, strategyId).getList("messages[7].toolCalls").get(0));
        assertEquals("RMINUS", one.path("arguments").path("operator").asText());
        JsonNode oneResult = stored(one.path("result").isTextual() ? one.path("result").asText() : one.path("result"));
        assertEquals(1, oneResult.path("operators").size());
        assertEquals(r - both, oneResult.path("operators").get(0).path("resultCount").asLong());
    }

    /** A stored tool call's result: kept as the JSON text the tool answered. */
    private static JsonNode stored(Object result) throws Exception {
        return result instanceof String text ? JSON.readTree(text) : JSON.valueToTree(result);
    }

    @Test
    void anotherUserCannotAskAboutSomeoneElsesSteps() {
        String owner = Chats.newUser("pia");
        String strategyId = turn(owner, null, "kinases in falciparum");
        String other = Chats.newUser("quin");
        Chats.as(other).body("{\"siteId\":\"plasmodb\",\"strategyId\":\"" + strategyId
                + "\",\"message\":\"explain the operators on step-1 and step-2\"}").post("/api/v1/chat").then().statusCode(404);
        assertEquals(2, view(owner, strategyId).getList("messages").size(), "no turn ran in the owner's conversation");
    }

    @Test
    void badArgumentsAreNamedWithoutJavaNames() throws Exception {
        String user = Chats.newUser("rue");
        String strategyId = turn(user, null, "kinases in falciparum");
        StrategyGraph graph = graphs.read(strategies.find(UUID.fromString(strategyId)).await()
                .atMost(Duration.ofSeconds(10)).orElseThrow());
        String stepId = graph.root().orElseThrow().id();
        ToolContext context = context(user, graph, strategyId);
        ToolRefusal noLeft = assertThrows(ToolRefusal.class, () -> explain.run(JSON.readTree(
                "{\"rightStepId\":\"" + stepId + "\"}"), context));
        assertTrue(noLeft.getMessage().contains("'leftStepId'"), noLeft.getMessage());
        ToolRefusal unknown = assertThrows(ToolRefusal.class, () -> explain.run(JSON.readTree(
                "{\"leftStepId\":\"" + stepId + "\",\"rightStepId\":\"step-99\"}"), context));
        assertTrue(unknown.getMessage().contains("step-99") && unknown.getMessage().contains("list_current_steps"),
                unknown.getMessage());
        ToolRefusal same = assertThrows(ToolRefusal.class, () -> explain.run(JSON.readTree(
                "{\"leftStepId\":\"" + stepId + "\",\"rightStepId\":\"" + stepId + "\"}"), context));
        assertTrue(same.getMessage().contains("'rightStepId'"), same.getMessage());
        ToolRefusal operator = assertThrows(ToolRefusal.class, () -> explain.run(JSON.readTree(
                "{\"leftStepId\":\"" + stepId + "\",\"rightStepId\":\"step-99\",\"operator\":\"XOR\"}"), context));
        assertTrue(operator.getMessage().contains("'operator'") && operator.getMessage().contains("XOR"),
                operator.getMessage());
        for (ToolRefusal refusal : List.of(noLeft, unknown, same, operator)) {
            assertFalse(refusal.getMessage().matches("(?s).*(Exception|java\\.|org\\.).*"), refusal.getMessage());
        }
    }
}
