package org.strategylab.chat.tools.research;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.strategylab.chat.persistence.StrategyEntity;
import org.strategylab.chat.persistence.StrategyRepository;
import org.strategylab.chat.tools.ToolContext;
import org.strategylab.chat.tools.ToolRefusal;
import org.strategylab.testsupport.InProcessKafkaResource;
import org.strategylab.testsupport.TestTokens;
import org.strategylab.testsupport.upstream.UpstreamStackResource;

/**
 * {@code save_planning_artifact} stores the plan with the conversation and shows it as an event;
 * {@code GET /api/v1/strategies/{id}/artifacts} lists them to the owner only.
 */
@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = UpstreamStackResource.class, restrictToAnnotatedClass = false)
class PlanningArtifactTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Inject
    SavePlanningArtifactTool tool;

    @Inject
    StrategyRepository strategies;

    /** A conversation of the owner's, stored as turns store them. */
    UUID conversationOf(String owner) {
        StrategyEntity strategy = new StrategyEntity();
        strategy.id = UUID.randomUUID();
        strategy.ownerId = owner;
        strategy.siteId = "plasmodb";
        strategy.name = "Kinases";
        strategy.recordType = "transcript";
        strategy.graph = JSON.createObjectNode().set("steps", JSON.createArrayNode());
        strategies.insert(strategy).await().atMost(Duration.ofSeconds(30));
        return strategy.id;
    }

    @Test
    void aSavedPlanIsEmittedAndListedToItsOwnerOnly() throws Exception {
        String owner = "planner-" + UUID.randomUUID();
        UUID strategyId = conversationOf(owner);
        RecordingScope scope = new RecordingScope();
        ToolContext context = new ToolContext(owner, TestTokens.forUser(owner), "plasmodb", strategyId, null, scope);

        JsonNode first = tool.run(JSON.readTree("""
                {"title":"Kinases without signal peptides","summaryMarkdown":"1. **kinases** in P. falciparum\\n2. minus signal peptides",
                 "assumptions":["GO:0004672 covers the kinases"," ","SignalP predictions are current"],
                 "parameters":{"organism":"Plasmodium falciparum 3D7","goTerm":"GO:0004672"}}
                """), context);
        tool.run(JSON.readTree("{\"title\":\"Second thoughts\",\"summaryMarkdown\":\"nothing yet\"}"), context);

        assertTrue(first.path("saved").asBoolean(), first.toString());
        List<JsonNode> events = scope.of("planning_artifact");
        assertEquals(2, events.size());
        JsonNode shown = events.get(0).path("planningArtifact");
        assertEquals(first.path("id").asText(), shown.path("id").asText());
        assertEquals(List.of("GO:0004672 covers the kinases", "SignalP predictions are current"),
                JSON.convertValue(shown.path("assumptions"), List.class), "blank assumptions are dropped");

        given().header("Authorization", TestTokens.bearer(owner))
                .get("/api/v1/strategies/" + strategyId + "/artifacts").then().statusCode(200)
                .body("items.title", contains("Kinases without signal peptides", "Second thoughts"))
                .body("items[0].id", equalTo(shown.path("id").asText()))
                .body("items[0].summaryMarkdown", equalTo("1. **kinases** in P. falciparum\n2. minus signal peptides"))
                .body("items[0].assumptions", contains("GO:0004672 covers the kinases", "SignalP predictions are current"))
                .body("items[0].parameters.goTerm", equalTo("GO:0004672"))
                .body("items[0].createdAt", equalTo(shown.path("createdAt").asText()))
                .body("items[1].assumptions", hasSize(0));
        // someone else's conversation, a missing one and a malformed id are all not found
        given().header("Authorization", TestTokens.bearer("intruder-" + UUID.randomUUID()))
                .get("/api/v1/strategies/" + strategyId + "/artifacts").then().statusCode(404);
        given().header("Authorization", TestTokens.bearer(owner))
                .get("/api/v1/strategies/" + UUID.randomUUID() + "/artifacts").then().statusCode(404);
        given().header("Authorization", TestTokens.bearer(owner))
                .get("/api/v1/strategies/not-a-uuid/artifacts").then().statusCode(404);
        given().get("/api/v1/strategies/" + strategyId + "/artifacts").then().statusCode(401);
    }

    @Test
    void aPlanWithoutATitleOrWithBadAssumptionsIsRefusedAndNothingIsSaved() throws Exception {
        String owner = "planner-" + UUID.randomUUID();
        UUID strategyId = conversationOf(owner);
        RecordingScope scope = new RecordingScope();
        ToolContext context = new ToolContext(owner, TestTokens.forUser(owner), "plasmodb", strategyId, null, scope);

        ToolRefusal noTitle = assertThrows(ToolRefusal.class,
                () -> tool.run(JSON.readTree("{\"summaryMarkdown\":\"x\"}"), context));
        assertTrue(noTitle.getMessage().contains("'title'"), noTitle.getMessage());
        ToolRefusal badAssumptions = assertThrows(ToolRefusal.class, () -> tool.run(JSON.readTree(
                "{\"title\":\"t\",\"summaryMarkdown\":\"x\",\"assumptions\":[1,2]}"), context));
        assertTrue(badAssumptions.getMessage().contains("'assumptions'"), badAssumptions.getMessage());

        assertEquals(List.of(), scope.events);
        given().header("Authorization", TestTokens.bearer(owner))
                .get("/api/v1/strategies/" + strategyId + "/artifacts").then().statusCode(200).body("items", hasSize(0));
    }
}
