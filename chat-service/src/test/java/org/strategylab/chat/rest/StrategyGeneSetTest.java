package org.strategylab.chat.rest;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.ValidatableResponse;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.strategylab.chat.support.ChatEvents;
import org.strategylab.chat.support.Chats;
import org.strategylab.testsupport.InProcessKafkaResource;
import org.strategylab.testsupport.upstream.UpstreamStackResource;
import jakarta.inject.Inject;

/**
 * {@code POST /api/v1/strategies/{id}/gene-set}: what is refused before any gene set is made (a bad
 * name, an unknown step, a strategy without steps or without one result, a step with no genes on the
 * site) and someone else's conversation. Saving itself needs experiment-service beside the service:
 * {@code StrategyGeneSetIT} in deploy/worker-tests.
 */
@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = UpstreamStackResource.class, restrictToAnnotatedClass = false)
class StrategyGeneSetTest {

    @Inject
    ChatEvents events;

    /** A conversation with the mock's one search step (kinases in falciparum). */
    String conversation(String user) {
        JsonPath started = Chats.send(user, "{\"siteId\":\"plasmodb\",\"message\":\"kinases in falciparum\"}");
        events.awaitEnd(started.getString("operationId"), Chats.TURN);
        return started.getString("strategyId");
    }

    static ValidatableResponse save(String user, String strategyId, String body) {
        return Chats.as(user).body(body).post("/api/v1/strategies/" + strategyId + "/gene-set").then();
    }

    static ValidatableResponse edit(String user, String strategyId, String body) {
        return Chats.as(user).body(body).post("/api/v1/strategies/" + strategyId + "/graph/edits").then().statusCode(200);
    }

    static void refused(ValidatableResponse response, int status, String pointer) {
        response.statusCode(status).contentType(startsWith("application/problem+json"))
                .body("errors.pointer", hasItem(pointer))
                .body(not(containsString("Exception"))).body(not(containsString("java.")));
    }

    @Test
    void badInputIsAProblemNamingTheField() {
        String user = Chats.newUser("gene");
        String strategyId = conversation(user);
        Map<String, String> cases = new LinkedHashMap<>();
        cases.put("{}", "/name");
        cases.put("{\"name\":null}", "/name");
        cases.put("{\"name\":\"   \"}", "/name");
        cases.put("{\"name\":\"" + "k".repeat(201) + "\"}", "/name");
        cases.put("{\"name\":\"kinases\",\"stepId\":\"step-99\"}", "/stepId");
        for (Map.Entry<String, String> c : cases.entrySet()) {
            refused(save(user, strategyId, c.getKey()), 422, c.getValue());
        }
        // no body at all names the missing name too; a body that is not JSON is a 400 problem
        refused(Chats.as(user).post("/api/v1/strategies/" + strategyId + "/gene-set").then(), 422, "/name");
        Chats.as(user).body("{not json").post("/api/v1/strategies/" + strategyId + "/gene-set").then()
                .statusCode(400).contentType(startsWith("application/problem+json"));

        // two parts and no single result: the step must be named
        edit(user, strategyId, "{\"op\":\"add_search\",\"searchName\":\"GenesByMolecularWeight\",\"parameters\":"
                + "{\"organism\":" + GraphEditTest.FALCIPARUM + ",\"min_molecular_weight\":\"1\",\"max_molecular_weight\":\"2\"}}");
        refused(save(user, strategyId, "{\"name\":\"kinases\"}"), 422, "/stepId");
        // a step whose result on the site is empty: nothing to save, said on the step
        JsonPath graph = Chats.as(user).get("/api/v1/strategies/" + strategyId).then().statusCode(200).extract().jsonPath();
        String empty = graph.getString("graph.steps.find { it.searchName == 'GenesByMolecularWeight' }.id");
        save(user, strategyId, "{\"name\":\"none\",\"stepId\":\"" + empty + "\"}").statusCode(422)
                .contentType(startsWith("application/problem+json")).body("errors[0].pointer", equalTo("/stepId"))
                .body("errors[0].message", containsString("no genes"));
    }

    @Test
    void aStrategyWithoutStepsHasNoGenesToSave() {
        String user = Chats.newUser("gena");
        String strategyId = conversation(user);
        String root = Chats.as(user).get("/api/v1/strategies/" + strategyId).then().statusCode(200)
                .extract().jsonPath().getString("graph.rootStepId");
        edit(user, strategyId, "{\"op\":\"delete\",\"stepId\":\"" + root + "\"}");
        save(user, strategyId, "{\"name\":\"kinases\"}").statusCode(409)
                .contentType(startsWith("application/problem+json")).body("code", equalTo("STRATEGY_EMPTY"))
                .body("detail", containsString("no steps"));
    }

    @Test
    void someoneElsesConversationIsNotFound() {
        String owner = Chats.newUser("genia");
        String strategyId = conversation(owner);
        String other = Chats.newUser("ged");
        save(other, strategyId, "{\"name\":\"theirs\"}").statusCode(404)
                .contentType(startsWith("application/problem+json")).body("code", equalTo("STRATEGY_NOT_FOUND"));
        save(owner, UUID.randomUUID().toString(), "{\"name\":\"kinases\"}").statusCode(404);
        save(owner, "not-a-uuid", "{\"name\":\"kinases\"}").statusCode(404);
    }
}
