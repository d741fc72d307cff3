package org.strategylab.chat.rest;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.ValidatableResponse;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.strategylab.chat.service.ChatService;
import org.strategylab.chat.support.ChatEvents;
import org.strategylab.chat.support.Chats;
import org.strategylab.eventlog.index.OperationStatus;
import org.strategylab.eventlog.operation.OperationHandle;
import org.strategylab.eventlog.operation.Operations;
import org.strategylab.testsupport.InProcessKafkaResource;
import org.strategylab.testsupport.upstream.UpstreamStackResource;

/**
 * {@code POST /api/v1/strategies/{id}/graph/edits}: a person's edits of the conversation's graph go
 * through the agent's graph tools (checked by the site, counted, stored as the conversation's graph
 * with its undo history), and the next turn's agent works on them.
 */
@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = UpstreamStackResource.class, restrictToAnnotatedClass = false)
class GraphEditTest {

    static final String FALCIPARUM = "[\"Plasmodium falciparum 3D7\"]";
    static final String WEIGHT = "{\"op\":\"add_search\",\"searchName\":\"GenesByMolecularWeight\",\"parameters\":"
            + "{\"organism\":" + FALCIPARUM + ",\"min_molecular_weight\":\"10000\",\"max_molecular_weight\":\"50000\"}}";
    static final String EXONS = "{\"op\":\"add_search\",\"searchName\":\"GenesByExonCount\",\"parameters\":"
            + "{\"organism\":" + FALCIPARUM + ",\"num_exons_gte\":\"2\",\"num_exons_lte\":\"6\"}}";

    @Inject
    ChatEvents events;

    @Inject
    Operations operations;

    /** A conversation with the mock's one search step (kinases in falciparum). */
    String conversation(String user) {
        JsonPath started = Chats.send(user, "{\"siteId\":\"plasmodb\",\"message\":\"kinases in falciparum\"}");
        events.awaitEnd(started.getString("operationId"), Chats.TURN);
        return started.getString("strategyId");
    }

    ValidatableResponse edit(String user, String strategyId, String body) {
        return Chats.as(user).body(body).post("/api/v1/strategies/" + strategyId + "/graph/edits").then();
    }

    /** Applies an edit that must succeed; checks that the answer is the graph GET shows, and answers it. */
    JsonPath edited(String user, String strategyId, String body) {
        JsonPath answer = edit(user, strategyId, body).statusCode(200).extract().jsonPath();
        JsonPath view = Chats.as(user).get("/api/v1/strategies/" + strategyId).then().statusCode(200).extract().jsonPath();
        assertEquals(view.getMap("graph"), answer.getMap(""), "the answer is the stored graph");
        return answer;
    }

    static Map<String, Object> step(JsonPath graph, String id) {
        return graph.getMap("steps.find { it.id == '" + id + "' }");
    }

    static long count(JsonPath graph, String id) {
        Object count = step(graph, id).get("resultCount");
        assertNotNull(count, "step " + id + " is counted: " + graph.prettify());
        return ((Number) count).longValue();
    }

    @Test
    void everyEditGoesThroughTheGraphToolsAndTheAgentSeesIt() {
        String user = Chats.newUser("hana");
        String strategyId = conversation(user);
        String kinases = Chats.as(user).get("/api/v1/strategies/" + strategyId).then().statusCode(200)
                .extract().jsonPath().getString("graph.rootStepId");

        JsonPath added = edited(user, strategyId, WEIGHT);
        List<String> ids = added.getList("steps.id");
        assertEquals(2, ids.size(), added.prettify());
        String weight = ids.stream().filter(id -> !id.equals(kinases)).findFirst().orElseThrow();
        assertEquals("GenesByMolecularWeight", step(added, weight).get("searchName"));
        assertEquals("search", step(added, weight).get("kind"));
        long wide = count(added, weight);
        assertTrue(wide > 0, added.prettify());

        // a narrower range: the site counts fewer genes, the other values kept
        JsonPath narrowed = edited(user, strategyId, "{\"op\":\"update_parameters\",\"stepId\":\"" + weight
                + "\",\"parameters\":{\"max_molecular_weight\":\"20000\"}}");
        @SuppressWarnings("unchecked")
        Map<String, Object> values = (Map<String, Object>) step(narrowed, weight).get("parameters");
        assertEquals("20000", values.get("max_molecular_weight"));
        assertEquals("10000", values.get("min_molecular_weight"));
        long narrow = count(narrowed, weight);
        assertTrue(narrow > 0 && narrow < wide, wide + " then " + narrow);

        JsonPath combined = edited(user, strategyId, "{\"op\":\"combine\",\"leftStepId\":\"" + kinases
                + "\",\"rightStepId\":\"" + weight + "\",\"operator\":\"UNION\"}");
        String union = combined.getString("rootStepId");
        assertNotNull(union, combined.prettify());
        assertEquals("combine", step(combined, union).get("kind"));
        assertEquals("UNION", step(combined, union).get("operator"));
        long either = count(combined, union);
        long kinaseCount = count(combined, kinases);
        assertTrue(either >= Math.max(kinaseCount, narrow) && either <= kinaseCount + narrow,
                kinaseCount + " ∪ " + narrow + " = " + either);
        assertEquals(2, combined.getList("edges").size());

        JsonPath transformed = edited(user, strategyId, "{\"op\":\"add_transform\",\"inputStepId\":\"" + union
                + "\",\"searchName\":\"GenesByOrthologs\",\"parameters\":{\"organism\":" + FALCIPARUM
                + ",\"isSyntenic\":\"no\"}}");
        String orthologs = transformed.getString("rootStepId");
        assertEquals("transform", step(transformed, orthologs).get("kind"));
        assertEquals(union, step(transformed, orthologs).get("primaryInputStepId"));
        assertTrue(count(transformed, orthologs) >= either, "the orthologs in falciparum hold the genes themselves");

        JsonPath deleted = edited(user, strategyId, "{\"op\":\"delete\",\"stepId\":\"" + orthologs + "\"}");
        assertEquals(List.of(kinases, weight, union), deleted.getList("steps.id"));

        JsonPath undone = edited(user, strategyId, "{\"op\":\"undo\"}");
        assertEquals(transformed.getList("steps"), undone.getList("steps"), "undo brings the transform back as it was");
        JsonPath redone = edited(user, strategyId, "{\"op\":\"redo\"}");
        assertEquals(deleted.getList("steps"), redone.getList("steps"), "redo deletes it again");
        edited(user, strategyId, "{\"op\":\"undo\"}");
        edited(user, strategyId, "{\"op\":\"undo\"}");
        JsonPath beforeTransform = Chats.as(user).get("/api/v1/strategies/" + strategyId).then().extract().jsonPath();
        assertEquals(combined.getList("steps"), beforeTransform.getList("graph.steps"));
        // a new change clears what can be redone
        edited(user, strategyId, "{\"op\":\"update_parameters\",\"stepId\":\"" + weight
                + "\",\"parameters\":{\"min_molecular_weight\":\"12000\"}}");
        edit(user, strategyId, "{\"op\":\"redo\"}").statusCode(422).body("errors[0].pointer", equalTo("/op"));

        // the agent's undo_last_change works on the same history: it undoes the hand-made change
        JsonPath started = Chats.send(user, "{\"siteId\":\"plasmodb\",\"strategyId\":\"" + strategyId
                + "\",\"message\":\"undo the last change\"}");
        events.awaitEnd(started.getString("operationId"), Chats.TURN);
        JsonPath afterTurn = Chats.as(user).get("/api/v1/strategies/" + strategyId).then().extract().jsonPath();
        assertEquals(combined.getList("steps"), afterTurn.getList("graph.steps"), afterTurn.prettify());
    }

    @Test
    void badEditsAreProblemsNamingTheField() {
        String user = Chats.newUser("ines");
        String strategyId = conversation(user);
        String kinases = Chats.as(user).get("/api/v1/strategies/" + strategyId).then().extract().jsonPath()
                .getString("graph.rootStepId");
        Map<String, String> cases = new java.util.LinkedHashMap<>();
        cases.put("{}", "/op");
        cases.put("{\"op\":\"paint\"}", "/op");
        cases.put("[1]", "/op");
        cases.put("{\"op\":\"add_search\",\"parameters\":{}}", "/searchName");
        cases.put("{\"op\":\"add_search\",\"searchName\":\"GenesByNothing\",\"parameters\":{}}", "/searchName");
        cases.put("{\"op\":\"add_search\",\"searchName\":\"GenesByMolecularWeight\",\"parameters\":[1]}", "/parameters");
        cases.put("{\"op\":\"add_search\",\"searchName\":\"GenesByMolecularWeight\",\"parameters\":{\"organism\":{\"a\":1}}}",
                "/parameters/organism");
        cases.put("{\"op\":\"add_search\",\"searchName\":\"GenesByMolecularWeight\",\"parameters\":{\"organism\":"
                + FALCIPARUM + ",\"min_molecular_weight\":\"heavy\"}}", "/parameters/min_molecular_weight");
        cases.put("{\"op\":\"add_search\",\"searchName\":\"GenesByOrthologs\",\"parameters\":{}}", "/searchName");
        cases.put("{\"op\":\"update_parameters\",\"stepId\":\"step-99\",\"parameters\":{\"a\":\"b\"}}", "/stepId");
        cases.put("{\"op\":\"update_parameters\",\"stepId\":\"" + kinases + "\"}", "/parameters");
        cases.put("{\"op\":\"combine\",\"leftStepId\":\"" + kinases + "\",\"rightStepId\":\"" + kinases
                + "\",\"operator\":\"UNION\"}", "/rightStepId");
        cases.put("{\"op\":\"combine\",\"leftStepId\":\"" + kinases + "\",\"operator\":\"UNION\"}", "/rightStepId");
        cases.put("{\"op\":\"add_transform\",\"inputStepId\":\"step-42\",\"searchName\":\"GenesByOrthologs\"}", "/inputStepId");
        cases.put("{\"op\":\"delete\"}", "/stepId");
        cases.put("{\"op\":\"redo\"}", "/op");
        for (Map.Entry<String, String> c : cases.entrySet()) {
            edit(user, strategyId, c.getKey()).statusCode(422)
                    .contentType(startsWith("application/problem+json"))
                    .body("errors.pointer", org.hamcrest.Matchers.hasItem(c.getValue()))
                    .body(not(containsString("Exception")))
                    .body(not(containsString("java.")));
        }
        // a refusal the tool wrote for the model names this endpoint's op, not the tool
        edit(user, strategyId, "{\"op\":\"add_search\",\"searchName\":\"GenesByOrthologs\",\"parameters\":{}}")
                .statusCode(422).body("errors[0].message", containsString("add_transform"))
                .body("errors[0].message", not(containsString("transform_step")));
        String second = edited(user, strategyId, WEIGHT).getString("steps[1].id");
        edit(user, strategyId, "{\"op\":\"combine\",\"leftStepId\":\"" + kinases + "\",\"rightStepId\":\"" + second
                + "\",\"operator\":\"NAND\"}").statusCode(422).body("errors[0].pointer", equalTo("/operator"));
        String both = edited(user, strategyId, "{\"op\":\"combine\",\"leftStepId\":\"" + kinases + "\",\"rightStepId\":\""
                + second + "\",\"operator\":\"INTERSECT\"}").getString("rootStepId");
        edit(user, strategyId, "{\"op\":\"delete\",\"stepId\":\"" + kinases + "\"}").statusCode(422)
                .body("errors[0].pointer", equalTo("/stepId")).body("errors[0].message", containsString(both));
        edit(user, strategyId, "{\"op\":\"update_parameters\",\"stepId\":\"" + both + "\",\"parameters\":{\"a\":\"b\"}}")
                .statusCode(422).body("errors[0].pointer", equalTo("/stepId"));
        // a body that is not JSON is a 4xx problem too, and none of these changed the graph
        Chats.as(user).body("{not json").post("/api/v1/strategies/" + strategyId + "/graph/edits").then()
                .statusCode(400).contentType(startsWith("application/problem+json"));
        assertEquals(3, Chats.as(user).get("/api/v1/strategies/" + strategyId).then().extract().jsonPath()
                .getList("graph.steps").size());
    }

    @Test
    void someoneElsesStrategyIsNotFoundAndATurnRunningIsAConflict() {
        String owner = Chats.newUser("jude");
        String strategyId = conversation(owner);
        String other = Chats.newUser("kemi");
        edit(other, strategyId, WEIGHT).statusCode(404).contentType(startsWith("application/problem+json"));
        edit(other, strategyId, "{\"op\":\"undo\"}").statusCode(404);
        edit(owner, "not-a-uuid", WEIGHT).statusCode(404);
        edit(owner, java.util.UUID.randomUUID().toString(), WEIGHT).statusCode(404);
        assertEquals(1, Chats.as(owner).get("/api/v1/strategies/" + strategyId).then().extract().jsonPath()
                .getList("graph.steps").size(), "nothing changed for the owner");

        // a turn of the conversation still running: the edit waits out the grace, then is a conflict
        OperationHandle running = operations.start(owner, ChatService.KIND, strategyId, ChatService.EVENTS_TOPIC)
                .await().atMost(Duration.ofSeconds(5));
        try {
            edit(owner, strategyId, EXONS).statusCode(409).body("code", equalTo("TURN_RUNNING"))
                    .body("detail", containsString(running.id().toString()));
        } finally {
            running.end("message_end", com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode()
                    .put("status", "completed"), OperationStatus.COMPLETED).await().atMost(Duration.ofSeconds(5));
        }
        assertEquals(2, edited(owner, strategyId, EXONS).getList("steps").size(), "once the turn ended, edits work");
    }
}
