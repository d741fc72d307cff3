package org.strategylab.chat.workers;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.strategylab.eventlog.EventEnvelope;
import org.strategylab.testsupport.process.QuarkusAppProcess;

/**
 * The validation and export tools through the agent loop ({@code mock}) on the real
 * experiment-service: a strategy built by chatting is tested against controls (the counts those of
 * the site's own result), one of its parameters is tuned (the optimisation's progress relayed into
 * the chat stream, its trials kept as the user's experiment) and its genes are saved as a gene set.
 */
class ValidationToolsIT extends OnChatStack {

    @Test
    void aBuiltStrategyIsTestedTunedAndSavedAsAGeneSet() throws Exception {
        String owner = "val-" + UUID.randomUUID();
        QuarkusAppProcess chat = stack.workers().get(0);
        QuarkusAppProcess experiments = stack.sibling("experiment-service");
        List<EventEnvelope> built = turn(owner, chat.baseUri().toString(), null, "genes by molecular weight in falciparum");
        String strategyId = built.stream().filter(e -> e.type().equals("message_start")).findFirst().orElseThrow()
                .data().path("strategyId").asText();
        JsonNode graph = JSON.readTree(as(owner).get(chat.baseUri() + "/api/v1/strategies/" + strategyId).then()
                .statusCode(200).extract().asString()).path("graph");
        JsonNode root = graph.path("steps").get(0);
        assertEquals("GenesByMolecularWeight", root.path("searchName").asText(), graph.toString());

        // the site's own result of the step, and genes of the organism outside it
        List<String> result = ids(owner, root.path("searchName").asText(), root.path("parameters"));
        List<String> outside = new ArrayList<>(ids(owner, "GenesByTaxon",
                JSON.readTree("{\"organism\":[\"Plasmodium falciparum 3D7\"]}")));
        outside.removeAll(new HashSet<>(result));
        List<String> positives = result.stream().sorted().limit(3).toList();
        List<String> negatives = outside.stream().sorted().limit(2).toList();
        String controls = String.join(", ", positives) + " and " + outside.get(outside.size() - 1)
                + " but negatives " + String.join(", ", negatives);

        List<EventEnvelope> tested = turn(owner, chat.baseUri().toString(), strategyId, "test it against controls " + controls);
        JsonNode test = toolResult(tested, "run_control_tests");
        assertEquals(3, test.path("positivesFound").asInt(), test.toString());
        assertEquals(4, test.path("positivesTotal").asInt(), test.toString());
        assertEquals(0, test.path("negativesFound").asInt(), test.toString());
        assertEquals(List.of(outside.get(outside.size() - 1)), JSON.convertValue(test.path("missedPositives").path("ids"),
                List.class));
        assertEquals(0.75, test.path("metrics").path("sensitivity").asDouble(), 1e-9);
        assertEquals(1.0, test.path("metrics").path("specificity").asDouble(), 1e-9);

        List<EventEnvelope> tuned = turn(owner, chat.baseUri().toString(), strategyId, "optimise max_molecular_weight from 20000"
                + " to 60000 against controls " + String.join(", ", positives) + " but not " + String.join(", ", negatives)
                + " in 5 trials");
        List<String> statuses = tuned.stream().filter(e -> e.type().equals("optimization_progress"))
                .map(e -> e.data().path("status").asText()).toList();
        assertEquals("started", statuses.get(0), statuses.toString());
        assertEquals("completed", statuses.get(statuses.size() - 1), statuses.toString());
        assertTrue(statuses.contains("running"), statuses.toString());
        JsonNode optimisation = toolResult(tuned, "optimize_search_parameters");
        assertEquals("completed", optimisation.path("status").asText(), optimisation.toString());
        assertTrue(optimisation.path("best").path("parameters").has("max_molecular_weight"), optimisation.toString());
        JsonNode experiment = JSON.readTree(as(owner).get(experiments.baseUri() + "/api/v1/experiments/"
                + optimisation.path("experimentId").asText()).then().statusCode(200).extract().asString());
        assertEquals(optimisation.path("trialsRun").asInt(), experiment.path("optimizationResult").path("allTrials").size());
        assertEquals(optimisation.path("best").path("score").asDouble(),
                experiment.path("optimizationResult").path("bestTrial").path("score").asDouble(), 1e-4);
        as("eve-" + UUID.randomUUID()).get(experiments.baseUri() + "/api/v1/experiments/"
                + optimisation.path("experimentId").asText()).then().statusCode(404);

        List<EventEnvelope> saved = turn(owner, chat.baseUri().toString(), strategyId, "export the genes as gene set heavy hits");
        JsonNode export = toolResult(saved, "export_gene_set");
        assertEquals(result.size(), export.path("geneCount").asInt(), export.toString());
        EventEnvelope announced = saved.stream().filter(e -> e.type().equals("workbench_gene_set")).findFirst()
                .orElseThrow(() -> new AssertionError("no workbench_gene_set event: " + saved));
        assertEquals("heavy hits", announced.data().path("geneSet").path("name").asText());
        JsonNode set = JSON.readTree(as(owner).get(experiments.baseUri() + "/api/v1/control-sets/"
                + export.path("geneSetId").asText()).then().statusCode(200).extract().asString());
        Set<String> savedIds = new HashSet<>(JSON.convertValue(set.path("positiveIds"), List.class));
        assertEquals(new HashSet<>(result), savedIds);
    }
}
