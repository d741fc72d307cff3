package org.strategylab.chat.workers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.strategylab.testsupport.process.QuarkusAppProcess;

/**
 * {@code POST /api/v1/strategies/{id}/gene-set} on the real experiment-service: a person saves the
 * genes of their strategy's result, and of one step of it, as gene sets without asking the agent;
 * each set holds exactly the genes the site gives for that step, tagged {@code gene-set}. (Bad input
 * and someone else's conversation: chat-service's {@code StrategyGeneSetTest}.)
 */
class StrategyGeneSetIT extends OnChatStack {

    @Test
    void aStrategysGenesAndAStepsGenesAreSavedAsGeneSets() throws Exception {
        String owner = "gs-" + UUID.randomUUID();
        QuarkusAppProcess chat = stack.workers().get(0);
        QuarkusAppProcess experiments = stack.sibling("experiment-service");
        String strategyId = turn(owner, chat.baseUri().toString(), null, "genes by molecular weight in falciparum").stream()
                .filter(e -> e.type().equals("message_start")).findFirst().orElseThrow().data().path("strategyId").asText();
        String strategyUri = chat.baseUri() + "/api/v1/strategies/" + strategyId;
        JsonNode weight = JSON.readTree(as(owner).get(strategyUri).then().statusCode(200).extract().asString())
                .path("graph").path("steps").get(0);
        // a second search intersected with it, by hand: the result is the combine
        as(owner).body("{\"op\":\"add_search\",\"searchName\":\"GenesByExonCount\",\"parameters\":{\"organism\":"
                + "[\"Plasmodium falciparum 3D7\"],\"num_exons_gte\":\"2\",\"num_exons_lte\":\"6\"}}")
                .post(strategyUri + "/graph/edits").then().statusCode(200);
        JsonNode graph = JSON.readTree(as(owner).get(strategyUri).then().statusCode(200).extract().asString()).path("graph");
        String exons = graph.path("steps").get(1).path("id").asText();
        graph = JSON.readTree(as(owner).body("{\"op\":\"combine\",\"leftStepId\":\"" + weight.path("id").asText()
                + "\",\"rightStepId\":\"" + exons + "\",\"operator\":\"INTERSECT\"}").post(strategyUri + "/graph/edits")
                .then().statusCode(200).extract().asString());
        String root = graph.path("rootStepId").asText();
        long rootCount = -1;
        for (JsonNode s : graph.path("steps")) {
            if (s.path("id").asText().equals(root)) {
                rootCount = s.path("resultCount").asLong();
            }
        }

        // the result's genes: as many as the graph counts, and exactly the site's intersection
        JsonNode saved = JSON.readTree(as(owner).body("{\"name\":\"  heavy multi-exon  \"}").post(strategyUri + "/gene-set")
                .then().statusCode(201).extract().asString());
        assertEquals("heavy multi-exon", saved.path("name").asText(), saved.toString());
        assertEquals(root, saved.path("stepId").asText());
        assertEquals(rootCount, saved.path("geneCount").asLong(), saved.toString());
        assertTrue(saved.path("note").isMissingNode(), "nothing was cut: " + saved);
        Set<String> both = new HashSet<>(ids(owner, weight.path("searchName").asText(), weight.path("parameters")));
        both.retainAll(new HashSet<>(ids(owner, "GenesByExonCount", JSON.readTree("{\"organism\":[\"Plasmodium falciparum 3D7\"],"
                + "\"num_exons_gte\":\"2\",\"num_exons_lte\":\"6\"}"))));
        assertFalse(both.isEmpty());
        assertEquals(both, savedIds(owner, experiments, saved));

        // a step chosen: its own genes
        JsonNode step = JSON.readTree(as(owner).body("{\"name\":\"heavy\",\"stepId\":\"" + weight.path("id").asText() + "\"}")
                .post(strategyUri + "/gene-set").then().statusCode(201).extract().asString());
        assertEquals(weight.path("id").asText(), step.path("stepId").asText());
        assertEquals(new HashSet<>(ids(owner, weight.path("searchName").asText(), weight.path("parameters"))),
                savedIds(owner, experiments, step));
        // someone else cannot read them
        as("eve-" + UUID.randomUUID()).get(experiments.baseUri() + "/api/v1/control-sets/" + step.path("geneSetId").asText())
                .then().statusCode(404);
    }

    /** The saved set's genes, checked to be one of the owner's gene sets. */
    private static Set<String> savedIds(String owner, QuarkusAppProcess experiments, JsonNode saved) throws Exception {
        JsonNode set = JSON.readTree(as(owner).get(experiments.baseUri() + "/api/v1/control-sets/"
                + saved.path("geneSetId").asText()).then().statusCode(200).extract().asString());
        assertEquals(saved.path("name").asText(), set.path("name").asText());
        assertTrue(JSON.convertValue(set.path("tags"), List.class).contains("gene-set"), set.toString());
        @SuppressWarnings("unchecked")
        List<String> positives = JSON.convertValue(set.path("positiveIds"), List.class);
        assertEquals(saved.path("geneCount").asInt(), positives.size());
        return new HashSet<>(positives);
    }
}
