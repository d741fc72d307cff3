package org.strategylab.chat.workers;

import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.restassured.path.json.JsonPath;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.strategylab.eventlog.EventEnvelope;
import org.strategylab.testsupport.process.QuarkusAppProcess;

/**
 * The workbench chat of an experiment on the real experiment-service: gene IDs in a message refine
 * the experiment's result and re-evaluate it as its version 2 (version 1 kept), the experiment changes
 * as the tools say, "undo that" brings version 1 back as it was, and the conversation is the owner's alone.
 */
class WorkbenchChatIT extends OnChatStack {

    @Test
    void geneIdsRefineTheExperimentAndItIsReEvaluated() {
        String owner = "nia-" + UUID.randomUUID();
        QuarkusAppProcess experiments = stack.sibling("experiment-service");
        QuarkusAppProcess chat = stack.workers().get(0);
        // every falciparum gene: the four positives and the two negatives are all in it
        String experimentId = as(owner).body("{\"name\":\"taxon screen\",\"siteId\":\"plasmodb\",\"searchName\":\"GenesByTaxon\","
                        + "\"parameters\":{\"organism\":[\"Plasmodium falciparum 3D7\"]},"
                        + "\"positiveControls\":[\"PF3D7_0100600\",\"PF3D7_0101600\",\"PF3D7_0105300\",\"PF3D7_0100100\"],"
                        + "\"negativeControls\":[\"PF3D7_0100300\",\"PF3D7_0100200\"]}")
                .post(experiments.baseUri() + "/api/v1/experiments").then().statusCode(202).extract().path("experimentId");
        String path = experiments.baseUri() + "/api/v1/experiments/" + experimentId;
        await("the experiment runs").atMost(Duration.ofSeconds(120))
                .until(() -> "completed".equals(as(owner).get(path).then().extract().path("status")));
        assertEquals(4, (int) as(owner).get(path).then().extract().path("metrics.confusionMatrix.truePositives"));

        String chatPath = chat.baseUri() + "/api/v1/experiments/" + experimentId + "/chat";
        JsonPath started = as(owner).body("{\"message\":\"keep only PF3D7_0100100 and PF3D7_0100200\"}")
                .post(chatPath).then().statusCode(202).extract().jsonPath();
        assertEquals(started.getString("strategyId"), started.getString("streamId"));
        UUID operationId = UUID.fromString(started.getString("operationId"));
        await("the turn ends").atMost(Duration.ofSeconds(180)).until(() -> events.ended(operationId));
        List<EventEnvelope> log = events.of(operationId);
        EventEnvelope start = log.stream().filter(e -> e.type().equals("message_start")).findFirst().orElseThrow();
        assertEquals(experimentId, start.data().path("experimentId").asText());
        List<String> tools = log.stream().filter(e -> e.type().equals("tool_call_start"))
                .map(e -> e.data().path("name").asText()).toList();
        assertEquals(List.of("refine_with_gene_ids", "re_evaluate_controls"), tools, log.toString());
        assertEquals("completed", log.get(log.size() - 1).data().path("status").asText(), log.toString());

        // the experiment changed as the tools said: only the two genes are left, one positive, one negative,
        // in its version 2; version 1 is kept as it was
        JsonPath refined = as(owner).get(path).then().statusCode(200).extract().jsonPath();
        assertEquals(1, refined.getInt("metrics.confusionMatrix.truePositives"), refined.prettify());
        assertEquals(1, refined.getInt("metrics.confusionMatrix.falsePositives"));
        assertEquals(2, refined.getInt("version"));
        assertEquals(false, refined.getBoolean("metricsStale"));
        as(owner).get(path + "/versions/1").then().statusCode(200).body("metrics.confusionMatrix.truePositives", equalTo(4))
                .body("config.mode", equalTo("single"));
        String answer = log.stream().filter(e -> e.type().equals("assistant_message")).findFirst().orElseThrow()
                .data().path("content").asText();
        assertTrue(answer.contains("re-evaluated"), answer);

        as(owner).get(chatPath + "/messages").then().statusCode(200).body("total", equalTo(2))
                .body("items.role", equalTo(List.of("user", "assistant")));

        // one step back, in the same conversation: version 1 exactly as it was
        UUID undoTurn = UUID.fromString(as(owner).body("{\"message\":\"undo that\"}").post(chatPath).then().statusCode(202)
                .extract().path("operationId"));
        await("the undo turn ends").atMost(Duration.ofSeconds(180)).until(() -> events.ended(undoTurn));
        List<EventEnvelope> undoLog = events.of(undoTurn);
        assertEquals(List.of("undo_refinement"), undoLog.stream().filter(e -> e.type().equals("tool_call_start"))
                .map(e -> e.data().path("name").asText()).toList(), undoLog.toString());
        as(owner).get(path).then().statusCode(200).body("version", equalTo(1)).body("metricsStale", equalTo(false))
                .body("metrics.confusionMatrix.truePositives", equalTo(4)).body("config.mode", equalTo("single"));
        as(owner).get(chatPath + "/messages").then().statusCode(200).body("total", equalTo(4));
        String other = "oto-" + UUID.randomUUID();
        as(other).body("{\"message\":\"re-evaluate\"}").post(chatPath).then().statusCode(404)
                .body("code", equalTo("EXPERIMENT_NOT_FOUND"));
        as(other).get(chatPath + "/messages").then().statusCode(404);
        // the workbench conversation is not among the chat's strategies
        as(owner).get(chat.baseUri() + "/api/v1/strategies").then().statusCode(200).body("total", equalTo(0));
    }
}
