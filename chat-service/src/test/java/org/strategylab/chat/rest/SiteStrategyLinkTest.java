package org.strategylab.chat.rest;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.strategylab.chat.support.ChatEvents;
import org.strategylab.chat.support.Chats;
import org.strategylab.testsupport.InProcessKafkaResource;
import org.strategylab.testsupport.upstream.UpstreamStackResource;

/**
 * A conversation's strategy saved on the site under a name, marked out of date there when the chat
 * changes the graph afterwards and up to date again after the next save; and a conversation
 * duplicated (the same graph, none of the messages, no link to the site).
 */
@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = UpstreamStackResource.class, restrictToAnnotatedClass = false)
class SiteStrategyLinkTest {

    @Inject
    ChatEvents events;

    /** A new conversation with a one-step graph, its turn ended. */
    private String conversationWithAStep(String user) {
        JsonPath started = Chats.send(user, "{\"siteId\":\"plasmodb\",\"provider\":\"mock\","
                + "\"message\":\"Find protein kinases in Plasmodium falciparum\"}");
        events.awaitEnd(started.getString("operationId"), Chats.TURN);
        return started.getString("strategyId");
    }

    private static JsonPath view(String user, String id) {
        return Chats.as(user).get("/api/v1/strategies/" + id).then().statusCode(200).extract().jsonPath();
    }

    @Test
    void aSavedStrategyIsOutOfDateOnTheSiteOnceTheChatChangesItUntilSavedAgain() {
        String user = Chats.newUser("saver");
        String id = conversationWithAStep(user);
        assertNull(view(user, id).get("strategy.siteStrategy"), "not on the site yet");

        // saved under a name: the conversation takes it, the site's strategy has it, up to date
        JsonPath link = Chats.as(user).body("{\"name\":\"Kinase hunt\"}").post("/api/v1/strategies/" + id + "/push")
                .then().statusCode(200).extract().jsonPath();
        assertEquals("Kinase hunt", link.getString("name"));
        long siteId = link.getLong("upstreamStrategyId");
        JsonPath saved = view(user, id);
        assertEquals("Kinase hunt", saved.getString("strategy.name"));
        assertEquals(siteId, saved.getLong("strategy.siteStrategy.id"));
        assertEquals(link.getString("upstreamUrl"), saved.getString("strategy.siteStrategy.url"));
        assertNotNull(saved.getString("strategy.siteStrategy.savedAt"));
        assertFalse(saved.getBoolean("strategy.siteStrategy.outOfDate"));
        Chats.as(user).get("/api/v1/strategies/on-site?siteId=plasmodb").then().statusCode(200)
                .body("items.find { it.strategyId == " + siteId + " }.name", equalTo("Kinase hunt"))
                .body("items.find { it.strategyId == " + siteId + " }.lastModified", org.hamcrest.Matchers.notNullValue());

        // the chat changes the graph: the site's strategy is out of date, and the list says so too
        JsonPath next = Chats.send(user, "{\"siteId\":\"plasmodb\",\"provider\":\"mock\",\"strategyId\":\"" + id
                + "\",\"message\":\"add genes with signal peptides\"}");
        events.awaitEnd(next.getString("operationId"), Chats.TURN);
        JsonPath changed = view(user, id);
        assertTrue(changed.getList("graph.steps").size() > saved.getList("graph.steps").size(), changed.prettify());
        assertTrue(changed.getBoolean("strategy.siteStrategy.outOfDate"), changed.prettify());
        Chats.as(user).get("/api/v1/strategies").then().statusCode(200)
                .body("items.find { it.id == '" + id + "' }.siteStrategy.outOfDate", equalTo(true));

        // saved again (no name: the conversation's): the same strategy on the site, up to date
        Chats.as(user).body("{}").post("/api/v1/strategies/" + id + "/push").then().statusCode(200)
                .body("upstreamStrategyId", equalTo((int) siteId)).body("name", equalTo("Kinase hunt"));
        assertFalse(view(user, id).getBoolean("strategy.siteStrategy.outOfDate"));
    }

    @Test
    void savingRefusesABadNameAndSomeoneElsesConversation() {
        String user = Chats.newUser("namer");
        String id = conversationWithAStep(user);
        Chats.as(user).body("{\"name\":\"   \"}").post("/api/v1/strategies/" + id + "/push").then().statusCode(422)
                .contentType("application/problem+json").body("errors.pointer", hasItem("/name"));
        Chats.as(user).body("{\"name\":\"" + "n".repeat(256) + "\"}").post("/api/v1/strategies/" + id + "/push")
                .then().statusCode(422).body("errors.pointer", hasItem("/name"));
        assertNull(view(user, id).get("strategy.siteStrategy"), "nothing was saved");
        Chats.as(Chats.newUser("other")).body("{\"name\":\"mine now\"}").post("/api/v1/strategies/" + id + "/push")
                .then().statusCode(404).contentType("application/problem+json").body("code", equalTo("STRATEGY_NOT_FOUND"));
        assertNotEquals("mine now", view(user, id).getString("strategy.name"));
    }

    @Test
    void aDuplicateHasTheGraphButNotTheMessagesNorTheSiteLink() {
        String user = Chats.newUser("copier");
        String id = conversationWithAStep(user);
        Chats.as(user).body("{}").post("/api/v1/strategies/" + id + "/push").then().statusCode(200);
        JsonPath original = view(user, id);

        JsonPath copy = Chats.as(user).post("/api/v1/strategies/" + id + "/duplicate")
                .then().statusCode(201).extract().jsonPath();
        String copyId = copy.getString("strategy.id");
        assertNotEquals(id, copyId);
        assertEquals("Copy of " + original.getString("strategy.name"), copy.getString("strategy.name"));
        assertEquals("plasmodb", copy.getString("strategy.siteId"));
        assertEquals(List.of(), copy.getList("messages"));
        assertEquals(0, copy.getInt("strategy.messageCount"));
        assertNull(copy.get("strategy.siteStrategy"));
        assertNull(copy.get("strategy.upstreamStrategyId"));
        List<Map<String, Object>> steps = copy.getList("graph.steps");
        List<Map<String, Object>> originalSteps = original.getList("graph.steps");
        assertEquals(originalSteps.size(), steps.size());
        for (int i = 0; i < steps.size(); i++) {
            assertNotNull(originalSteps.get(i).get("upstreamStepId"), "the original's steps are on the site");
            assertNull(steps.get(i).get("upstreamStepId"), "the copy's are not");
            for (String field : List.of("id", "kind", "searchName", "parameters", "operator", "resultCount")) {
                assertEquals(originalSteps.get(i).get(field), steps.get(i).get(field), field);
            }
        }
        Chats.as(user).get("/api/v1/strategies").then().statusCode(200).body("items.id", hasItem(copyId));
        // the original is untouched
        assertEquals(original.getList("messages").size(), view(user, id).getList("messages").size());

        // a name of one's own; a bad one named; someone else's conversation, or no conversation, is not found
        Chats.as(user).body("{\"name\":\"Kinases, second try\"}").post("/api/v1/strategies/" + id + "/duplicate")
                .then().statusCode(201).body("strategy.name", equalTo("Kinases, second try"));
        Chats.as(user).body("{\"name\":\"\"}").post("/api/v1/strategies/" + id + "/duplicate").then().statusCode(422)
                .contentType("application/problem+json").body("errors.pointer", hasItem("/name"));
        String other = Chats.newUser("other");
        Chats.as(other).post("/api/v1/strategies/" + id + "/duplicate").then().statusCode(404)
                .contentType("application/problem+json").body("code", equalTo("STRATEGY_NOT_FOUND"));
        Chats.as(other).get("/api/v1/strategies").then().statusCode(200).body("total", equalTo(0));
        Chats.as(user).post("/api/v1/strategies/not-a-uuid/duplicate").then().statusCode(404);
        io.restassured.RestAssured.given().contentType("application/json").post("/api/v1/strategies/" + id + "/duplicate").then().statusCode(401);
    }
}
