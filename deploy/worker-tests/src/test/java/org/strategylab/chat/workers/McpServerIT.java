package org.strategylab.chat.workers;

import static java.time.Duration.ofSeconds;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.strategylab.simulator.faults.Latency;
import org.strategylab.testsupport.TestTokens;
import org.strategylab.testsupport.node.NodeProject;
import org.strategylab.testsupport.texts.UserFacingTexts;

/**
 * chat-service's MCP server ({@code /mcp}, Streamable HTTP) as the official MCP TypeScript SDK client
 * ({@code @modelcontextprotocol/sdk}, run by Node from {@code src/test/node/mcp-client}) meets it, on
 * the worker stack (experiment-service beside chat-service, the simulator behind upstream-gateway):
 * initialise, the tools and their schemas, an experiment run to its end with progress notifications,
 * its report and records as resources, another user refused as "not found", bad arguments named, and a
 * run cancelled through MCP cancellation. The transcripts of both runs are kept in
 * {@code target/mcp-transcript-*.jsonl}. Skipped without Node.js (failed under {@code -Dnode.required=true}).
 */
class McpServerIT extends OnChatStack {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String STRATEGIES = "/strategies$";
    private static NodeProject client;

    @BeforeAll
    static void installClient() {
        client = NodeProject.install(Path.of("src/test/node/mcp-client"), Path.of("target/node/mcp-client"));
    }

    @Test
    void theOfficialClientRunsAnExperimentWithProgressAndReadsItsReportWhileAnotherUserIsRefused() throws Exception {
        String owner = "mcp-lea-" + UUID.randomUUID();
        String other = "mcp-max-" + UUID.randomUUID();
        JsonNode seen = session("run", owner, other);

        assertEquals("StrategyLab", seen.path("server").path("name").asText(), seen.toString());
        assertTrue(seen.path("capabilities").has("tools") && seen.path("capabilities").has("resources"), seen.toString());
        JsonNode run = tool(seen, "run_experiment");
        assertTrue(run.path("hasOutputSchema").asBoolean(), run.toString());
        assertEquals(List.of("siteId"), texts(run.path("required")));
        assertTrue(texts(run.path("input")).containsAll(List.of("searchName", "parameters", "stepTree",
                "targetGeneIds", "positiveControls", "negativeControls", "controlSetId", "wait")), run.toString());
        for (String name : List.of("list_sites", "search_for_searches", "get_search_parameters",
                "get_parameter_vocabulary", "get_experiment", "list_experiments", "cancel_operation",
                "create_strategy", "get_strategy", "push_strategy", "cross_validate", "enrich", "threshold_sweep",
                "step_analysis", "list_control_sets", "create_control_set", "optimize_parameter", "custom_enrich",
                "overlap", "compare_enrichment")) {
            assertTrue(tool(seen, name).path("hasOutputSchema").asBoolean(), name + " in " + seen.path("tools"));
        }

        assertTrue(seen.path("sites").path("sites").findValuesAsText("id").contains("plasmodb"), seen.path("sites").toString());
        assertTrue(seen.path("searches").path("searches").size() > 0, seen.path("searches").toString());

        JsonNode result = seen.path("run").path("structured");
        assertFalse(seen.path("run").path("isError").asBoolean(), seen.path("run").toString());
        assertEquals("completed", result.path("status").asText(), result.toString());
        assertTrue(result.path("metrics").has("sensitivity"), result.toString());
        String experimentId = result.path("experimentId").asText();
        assertEquals("strategylab://experiments/" + experimentId + "/report", result.path("resources").path("report").asText());
        JsonNode progress = seen.path("run").path("progress");
        assertTrue(progress.size() >= 2, "progress notifications: " + progress);
        for (int i = 0; i < progress.size(); i++) {
            assertEquals(i + 1, progress.get(i).path("progress").asInt(), "increasing progress: " + progress);
        }
        assertTrue(progress.toString().contains("started"), progress.toString());

        assertTrue(texts(seen.path("templates")).containsAll(List.of("strategylab://experiments/{id}",
                "strategylab://experiments/{id}/records", "strategylab://experiments/{id}/report")), seen.path("templates").toString());
        JsonNode report = seen.path("report");
        assertEquals("text/html", report.path("mimeType").asText(), report.toString());
        assertTrue(report.path("startsHtml").asBoolean() && report.path("hasName").asBoolean(), report.toString());
        assertTrue(seen.path("records").path("totalCount").asInt() > 0, seen.path("records").toString());
        assertTrue(texts(seen.path("listed")).contains(experimentId), seen.path("listed").toString());

        // someone else's experiment is not found, as on the REST API; their own list is empty
        JsonNode otherUser = seen.path("otherUser");
        assertTrue(otherUser.path("tool").path("isError").asBoolean(), otherUser.toString());
        assertTrue(otherUser.path("tool").path("text").asText().startsWith("Not found"), otherUser.toString());
        assertEquals(-32002, otherUser.path("resource").path("code").asInt(), otherUser.toString());
        assertEquals(0, otherUser.path("listed").asInt(), otherUser.toString());

        // bad arguments: JSON-RPC invalid params naming the argument, never a Java name
        UserFacingTexts texts = new UserFacingTexts();
        seen.path("badInput").fields().forEachRemaining(entry -> {
            JsonNode refusal = entry.getValue();
            assertFalse(refusal.path("resolved").asBoolean(), entry.getKey() + ": " + refusal);
            assertEquals(-32602, refusal.path("code").asInt(), entry.getKey() + ": " + refusal);
            texts.add("MCP " + entry.getKey(), refusal.path("message").asText());
        });
        JsonNode bad = seen.path("badInput");
        assertTrue(bad.path("wrongType").path("message").asText().contains("[limit]"), bad.toString());
        assertTrue(bad.path("outOfRange").path("message").asText().contains("[limit]"), bad.toString());
        assertTrue(bad.path("refusedByService").path("message").asText().contains("[kFolds]"), bad.toString());
        assertTrue(bad.path("unknownSite").path("message").asText().contains("[siteId]"), bad.toString());
        texts.assertReadable();

        // a question, the agent's strategy, its evaluation and report
        JsonNode strategy = seen.path("strategy").path("structured");
        assertFalse(seen.path("strategy").path("isError").asBoolean(), seen.path("strategy").toString());
        assertEquals("completed", strategy.path("turnStatus").asText(), strategy.toString());
        assertTrue(strategy.path("steps").size() >= 1 && strategy.path("resultCount").asLong() > 0, strategy.toString());
        assertTrue(seen.path("strategy").path("progress").toString().contains("calling"), seen.path("strategy").toString());
        JsonNode evaluated = seen.path("strategyExperiment");
        assertEquals("completed", evaluated.path("status").asText(), evaluated.toString());
        assertEquals("multi-step", evaluated.path("mode").asText(), evaluated.toString());
        assertEquals(strategy.path("resultCount").asLong(), evaluated.path("resultCount").asLong(), evaluated.toString());
        assertTrue(seen.path("strategyReport").path("hasName").asBoolean(), seen.path("strategyReport").toString());
        assertTrue(seen.path("otherUser").path("strategy").path("text").asText().startsWith("Not found"),
                seen.path("otherUser").toString());

        // an analysis followed to its end with progress
        JsonNode crossValidation = seen.path("crossValidation");
        assertEquals("completed", crossValidation.path("status").asText(), crossValidation.toString());
        assertTrue(crossValidation.path("result").size() > 0, crossValidation.toString());
        assertTrue(seen.path("crossValidationProgress").size() >= 1, seen.toString());

        // answers inside the request: the two experiments' overlap, a gene set's enrichment; not for another user
        JsonNode overlap = seen.path("overlap");
        assertEquals("overlap", overlap.path("analysis").asText(), overlap.toString());
        assertTrue(overlap.path("result").size() > 0, overlap.toString());
        assertTrue(seen.path("otherUser").path("overlap").path("text").asText().startsWith("Not found"),
                seen.path("otherUser").toString());
        JsonNode custom = seen.path("customEnrich");
        assertEquals("customEnrichment", custom.path("analysis").asText(), custom.toString());
        assertTrue(custom.path("result").size() > 0, custom.toString());
    }

    @Test
    void cancellingTheCallCancelsTheRun() throws Exception {
        String owner = "mcp-ida-" + UUID.randomUUID();
        // the run's strategy on the site takes long, so the cancel comes while it runs
        stack.simulator().faults().latency(STRATEGIES, Latency.fixed(ofSeconds(30)));
        JsonNode seen;
        try {
            seen = session("cancel", owner, owner);
        } finally {
            stack.simulator().faults().reset();
        }
        assertFalse(seen.path("call").path("resolved").asBoolean(), "the cancelled call has no answer: " + seen);
        assertTrue(seen.path("progress").size() >= 1, seen.toString());
        assertNotNull(seen.path("experimentId").textValue(), seen.toString());
        assertEquals("cancelled", seen.path("status").asText(), seen.toString());
        assertNull(seen.get("failed"), seen.toString());
    }

    private static JsonNode session(String scenario, String owner, String other) throws Exception {
        Path transcript = Path.of("target/mcp-transcript-" + scenario + ".jsonl").toAbsolutePath();
        String url = stack.workers().get(0).baseUri() + "/mcp";
        NodeProject.NodeRun run = client.node(Duration.ofMinutes(6), "mcp-session.mjs", url,
                TestTokens.forUser(owner), TestTokens.forUser(other), scenario, transcript.toString());
        assertTrue(run.succeeded(), run.output());
        String[] lines = run.output().strip().split("\n");
        return JSON.readTree(lines[lines.length - 1]);
    }

    private static JsonNode tool(JsonNode seen, String name) {
        for (JsonNode tool : seen.path("tools")) {
            if (tool.path("name").asText().equals(name)) {
                return tool;
            }
        }
        throw new AssertionError("no tool " + name + " in " + seen.path("tools"));
    }

    private static List<String> texts(JsonNode array) {
        List<String> values = new ArrayList<>();
        array.forEach(value -> values.add(value.asText()));
        return values;
    }
}
