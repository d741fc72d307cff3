package org.strategylab.chat.tools.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
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

/** {@code rename_step} and {@code undo_last_change}, through the loop with the mock and called directly. */
@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = UpstreamStackResource.class, restrictToAnnotatedClass = false)
class GraphChangeToolsTest {

    static final ObjectMapper JSON = new ObjectMapper();

    @Inject
    ChatEvents events;

    @Inject
    StrategyRepository strategies;

    @Inject
    GraphDocuments graphs;

    @Inject
    RenameStepTool rename;

    @Inject
    UndoLastChangeTool undo;

    /** Sends a message (to the conversation, when one is given) and waits for the turn's end; answers the conversation. */
    String turn(String user, String strategyId, String message) {
        JsonPath started = Chats.send(user, "{\"siteId\":\"plasmodb\"" + (strategyId == null ? ""
                : ",\"strategyId\":\"" + strategyId + "\"") + ",\"message\":\"" + message + "\"}");
        events.awaitEnd(started.getString("operationId"), Chats.TURN);
        return started.getString("strategyId");
    }

    JsonPath view(String user, String strategyId) {
        return Chats.as(user).get("/api/v1/strategies/" + strategyId).then().statusCode(200).extract().jsonPath();
    }

    @Test
    void aRenameIsUndoneAndThenTheStepItNamed() {
        String user = Chats.newUser("uma");
        String strategyId = turn(user, null, "kinases in falciparum");
        String stepId = view(user, strategyId).getString("graph.rootStepId");
        String before = view(user, strategyId).getString("graph.steps[0].displayName");

        turn(user, strategyId, "rename it to Kinases we trust");
        JsonPath renamed = view(user, strategyId);
        assertEquals("Kinases we trust", renamed.getString("graph.steps[0].displayName"));
        assertEquals(stepId, renamed.getString("graph.steps[0].id"), "a rename keeps the step");
        assertTrue(renamed.getString("messages[3].content").contains("Kinases we trust"), renamed.prettify());

        turn(user, strategyId, "undo the last change");
        JsonPath undone = view(user, strategyId);
        assertEquals(List.of(stepId), undone.getList("graph.steps.id"));
        assertEquals(before, undone.getString("graph.steps[0].displayName"));
        assertTrue(undone.getString("messages[5].content").contains("undid"), undone.prettify());

        turn(user, strategyId, "undo the last change");
        assertEquals(List.of(), view(user, strategyId).getList("graph.steps"), "the step's creation is undone too");

        turn(user, strategyId, "undo the last change");
        JsonPath nothing = view(user, strategyId);
        assertEquals(List.of(), nothing.getList("graph.steps"));
        assertTrue(nothing.getString("messages[9].content").contains("no earlier version"), nothing.prettify());
    }

    @Test
    void anotherUserCannotUndoOrRenameSomeoneElsesSteps() {
        String owner = Chats.newUser("vic");
        String strategyId = turn(owner, null, "kinases in falciparum");
        String other = Chats.newUser("wes");
        for (String message : List.of("undo the last change", "rename it to Mine now")) {
            Chats.as(other).body("{\"siteId\":\"plasmodb\",\"strategyId\":\"" + strategyId + "\",\"message\":\""
                    + message + "\"}").post("/api/v1/chat").then().statusCode(404);
        }
        JsonPath kept = view(owner, strategyId);
        assertEquals(1, kept.getList("graph.steps").size());
        assertFalse(kept.getString("graph.steps[0].displayName").contains("Mine"));
    }

    @Test
    void badArgumentsAreNamedWithoutJavaNames() throws Exception {
        String user = Chats.newUser("xan");
        String strategyId = turn(user, null, "kinases in falciparum");
        StrategyGraph graph = graphs.read(strategies.find(UUID.fromString(strategyId)).await()
                .atMost(Duration.ofSeconds(10)).orElseThrow());
        String stepId = graph.root().orElseThrow().id();
        ToolContext context = new ToolContext(user, TestTokens.bearer(user).substring("Bearer ".length()), "plasmodb",
                UUID.fromString(strategyId), new TurnGraph("t", graph, next -> { }), TurnScope.NONE);

        ToolRefusal unknown = assertThrows(ToolRefusal.class, () -> rename.run(JSON.readTree(
                "{\"stepId\":\"step-99\",\"displayName\":\"x\"}"), context));
        assertTrue(unknown.getMessage().contains("step-99") && unknown.getMessage().contains("list_current_steps"),
                unknown.getMessage());
        ToolRefusal noName = assertThrows(ToolRefusal.class, () -> rename.run(JSON.readTree(
                "{\"stepId\":\"" + stepId + "\"}"), context));
        assertTrue(noName.getMessage().contains("'displayName'"), noName.getMessage());
        ToolRefusal blank = assertThrows(ToolRefusal.class, () -> rename.run(JSON.readTree(
                "{\"stepId\":\"" + stepId + "\",\"displayName\":\"   \"}"), context));
        assertTrue(blank.getMessage().contains("'displayName'"), blank.getMessage());
        ToolRefusal noStep = assertThrows(ToolRefusal.class, () -> rename.run(JSON.readTree(
                "{\"stepId\":7,\"displayName\":\"x\"}"), context));
        assertTrue(noStep.getMessage().contains("stepId"), noStep.getMessage());
        // a turn graph that keeps no earlier versions has nothing to undo
        ToolRefusal none = assertThrows(ToolRefusal.class, () -> undo.run(JSON.readTree("{}"), context));
        assertTrue(none.getMessage().contains("no earlier version"), none.getMessage());
        for (ToolRefusal refusal : List.of(unknown, noName, blank, noStep, none)) {
            assertFalse(refusal.getMessage().matches("(?s).*(Exception|java\\.|org\\.).*"), refusal.getMessage());
        }
    }
}
