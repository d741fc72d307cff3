package org.strategylab.chat.rest;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.strategylab.chat.support.ChatEvents;
import org.strategylab.chat.support.Chats;
import org.strategylab.eventlog.EventEnvelope;
import org.strategylab.testsupport.InProcessKafkaResource;
import org.strategylab.testsupport.events.CommandTopic;
import org.strategylab.testsupport.metrics.MetricsScrape;
import org.strategylab.testsupport.TestTokens;
import org.strategylab.testsupport.events.OperationLog;
import org.strategylab.testsupport.upstream.UpstreamStackResource;

/**
 * Chat turns end to end with the {@code mock} provider: the instance that accepts a turn starts it (a
 * free turn slot; the worker ITs take every turn from {@code chat.commands}), the agent loop drives the real tools through the real upstream-gateway against the
 * simulator, the events land in the log and the graph in PostgreSQL.
 */
@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = UpstreamStackResource.class, restrictToAnnotatedClass = false)
class ChatTurnTest {

    static final Duration TURN = Chats.TURN;

    @Inject
    ChatEvents events;

    static RequestSpecification as(String user) {
        return Chats.as(user);
    }

    static String newUser(String name) {
        return Chats.newUser(name);
    }

    static JsonPath send(String user, String body) {
        return Chats.send(user, body);
    }

    @Test
    void aMockTurnBuildsASingleStepSearchOnTheSite() {
        String user = newUser("alice");
        long mark = UpstreamStackResource.simulator.journal().mark();
        JsonPath started = send(user, "{\"siteId\":\"plasmodb\",\"provider\":\"mock\","
                + "\"message\":\"Find protein kinases in Plasmodium falciparum\"}");
        String operationId = started.getString("operationId");
        String strategyId = started.getString("strategyId");
        List<EventEnvelope> log = events.awaitEnd(operationId, TURN);
        List<String> types = OperationLog.types(log);
        assertEquals(List.of("user_message", "message_start", "model_selected"), types.subList(0, 3), types.toString());
        assertEquals("message_end", types.get(types.size() - 1));
        assertEquals("assistant_message", types.get(types.size() - 2), types.toString());
        assertFalse(types.contains("error"), () -> log.toString());
        List<String> tools = log.stream().filter(e -> e.type().equals("tool_call_start"))
                .map(e -> e.data().path("name").asText()).toList();
        assertTrue(tools.containsAll(List.of("search_for_searches", "get_search_parameters", "create_step",
                "validate_graph_structure")), tools.toString());
        assertTrue(types.contains("strategy_update") && types.contains("graph_snapshot"), types.toString());

        // the streamed text is the message
        String streamed = log.stream().filter(e -> e.type().equals("assistant_delta"))
                .map(e -> e.data().path("delta").asText()).collect(Collectors.joining());
        JsonNode message = log.get(log.size() - 2).data();
        assertEquals(streamed, message.path("content").asText());
        assertTrue(streamed.contains("It returns"), streamed);

        JsonNode end = log.get(log.size() - 1).data();
        assertEquals("completed", end.path("status").asText());
        assertEquals("mock/planner", end.path("modelId").asText());
        assertTrue(end.path("promptTokens").asLong() > 0 && end.path("completionTokens").asLong() > 0, end.toString());
        assertEquals(tools.size(), end.path("toolCallCount").asInt());

        // the graph is stored, with the step counted on the site
        JsonPath view = as(user).get("/api/v1/strategies/" + strategyId).then().statusCode(200).extract().jsonPath();
        List<Map<String, Object>> steps = view.getList("graph.steps");
        assertEquals(1, steps.size(), steps.toString());
        assertEquals("search", steps.get(0).get("kind"));
        assertNotNull(steps.get(0).get("resultCount"), steps.toString());
        assertEquals(steps.get(0).get("id"), view.getString("graph.rootStepId"));
        assertEquals(List.of(), view.getList("problems"));
        assertEquals(List.of("user", "assistant"), view.getList("messages.role"));
        assertEquals(streamed, view.getString("messages[1].content"));
        assertEquals(tools.size(), view.getList("messages[1].toolCalls").size());
        // a lone search is counted with no strategy made on the site at all
        assertEquals(List.of(), strategiesCreatedSince(mark));

        long secondMark = UpstreamStackResource.simulator.journal().mark();

        // the next turn changes the strategy there is: the new step joins its root
        JsonPath next = send(user, "{\"siteId\":\"plasmodb\",\"strategyId\":\"" + strategyId
                + "\",\"message\":\"add genes with signal peptides\"}");
        assertEquals(strategyId, next.getString("strategyId"));
        List<EventEnvelope> second = events.awaitEnd(next.getString("operationId"), TURN);
        assertEquals("graph_snapshot", second.get(3).type(), "a continued conversation starts from its graph");
        JsonPath changed = as(user).get("/api/v1/strategies/" + strategyId).then().statusCode(200).extract().jsonPath();
        assertEquals(List.of("search", "search", "combine"), changed.getList("graph.steps.kind"));
        assertEquals("INTERSECT", changed.getString("graph.steps[2].operator"));
        assertEquals(steps.get(0).get("id"), changed.getString("graph.steps[2].primaryInputStepId"));
        assertEquals(changed.getString("graph.steps[2].id"), changed.getString("graph.rootStepId"));
        assertEquals(List.of("user", "assistant", "user", "assistant"), changed.getList("messages.role"));
        // every step of the combined part is counted, through upstream-gateway's hidden helper strategy
        List<Map<String, Object>> changedSteps = changed.getList("graph.steps");
        assertTrue(changedSteps.stream().allMatch(s -> s.get("resultCount") != null), changedSteps.toString());
        List<String> created = strategiesCreatedSince(secondMark);
        assertFalse(created.isEmpty(), "the combined part is counted in a helper strategy");
        assertTrue(created.stream().allMatch(body -> body.contains("\"name\":\"__svc_internal__:")), created.toString());
        assertTrue(created.stream().noneMatch(body -> body.contains("StrategyLab count (temporary)")), created.toString());
        // and nothing is left in the user's strategies on the site, helpers included
        given().header("Authorization", TestTokens.bearer(user)).baseUri(upstreamGatewayUrl())
                .queryParam("includeInternal", true).get("/internal/v1/sites/plasmodb/strategies")
                .then().statusCode(200).body("total", org.hamcrest.Matchers.equalTo(0));
    }

    /** The bodies of the strategies the site was asked to create since the journal's mark. */
    static List<String> strategiesCreatedSince(long mark) {
        return UpstreamStackResource.simulator.journal().since(mark).stream()
                .filter(r -> r.is("POST", "/users/\\d+/strategies$")).map(r -> r.body()).toList();
    }

    static String upstreamGatewayUrl() {
        return org.eclipse.microprofile.config.ConfigProvider.getConfig()
                .getValue("quarkus.rest-client.upstream-gateway.url", String.class);
    }

    @Test
    void aTurnAcceptedWithAFreeSlotStartsHereAndItsCommandIsSkipped() {
        String bootstrap = org.eclipse.microprofile.config.ConfigProvider.getConfig()
                .getValue("kafka.bootstrap.servers", String.class);
        try (CommandTopic commands = new CommandTopic(bootstrap, "chat.commands", "chat-service")) {
            long commandsBefore = CommandTopic.total(commands.ends());
            double hereBefore = turnsStarted("accepted");
            double fromCommandsBefore = turnsStarted("command");
            JsonPath started = send(newUser("hana"), "{\"siteId\":\"plasmodb\",\"provider\":\"mock\","
                    + "\"message\":\"Find protein kinases in Plasmodium falciparum\"}");
            List<EventEnvelope> log = events.awaitEnd(started.getString("operationId"), TURN);
            assertEquals("completed", log.get(log.size() - 1).data().path("status").asText(), log.toString());
            // the command is written all the same, and consumed (committed) without starting the turn again
            Map<org.apache.kafka.common.TopicPartition, Long> ends = commands.ends();
            assertEquals(commandsBefore + 1, CommandTopic.total(ends), "every turn is written to chat.commands");
            commands.awaitConsumed(ends, Duration.ofSeconds(30));
            assertEquals(hereBefore + 1, turnsStarted("accepted"));
            assertEquals(fromCommandsBefore, turnsStarted("command"), "its consumer found the turn taken");
        }
    }

    private static double turnsStarted(String path) {
        return MetricsScrape.value("strategylab_chat_turns_started_total{path=\"" + path + "\"");
    }

    @Test
    void twoConditionsAreCombinedAndTheStrategyIsSavedOnTheSite() {
        String user = newUser("grace");
        long mark = UpstreamStackResource.simulator.journal().mark();
        JsonPath started = send(user, "{\"siteId\":\"plasmodb\",\"message\":"
                + "\"kinases in falciparum but not genes with signal peptides, and save it\"}");
        List<EventEnvelope> log = events.awaitEnd(started.getString("operationId"), TURN);
        List<String> types = OperationLog.types(log);
        assertFalse(types.contains("error"), () -> log.toString());
        List<String> tools = log.stream().filter(e -> e.type().equals("tool_call_start"))
                .map(e -> e.data().path("name").asText()).toList();
        assertEquals(List.of("delegate_strategy_subtasks", "validate_graph_structure", "push_strategy"), tools);
        // two sub-agents, one step each, their tool calls in the stream; the orchestrator's combine
        List<EventEnvelope> starts = log.stream().filter(e -> e.type().equals("subagent_task_start")).toList();
        List<EventEnvelope> ends = log.stream().filter(e -> e.type().equals("subagent_task_end")).toList();
        assertEquals(2, starts.size(), types.toString());
        assertEquals(List.of("done", "done"), ends.stream().map(e -> e.data().path("status").asText()).toList());
        assertTrue(ends.stream().allMatch(e -> e.data().path("llmCallCount").asInt() > 0), ends.toString());
        // the turn's message_end sums what its sub-agents spent
        com.fasterxml.jackson.databind.JsonNode usage = log.get(log.size() - 1).data();
        assertEquals(ends.stream().mapToLong(e -> e.data().path("promptTokens").asLong()).sum(),
                usage.path("subAgentPromptTokens").asLong(), usage.toString());
        assertEquals(ends.stream().mapToLong(e -> e.data().path("completionTokens").asLong()).sum(),
                usage.path("subAgentCompletionTokens").asLong(), usage.toString());
        assertEquals(ends.stream().mapToInt(e -> e.data().path("llmCallCount").asInt()).sum(),
                usage.path("subAgentCallCount").asInt(), usage.toString());
        assertTrue(usage.path("subAgentPromptTokens").asLong() > 0, usage.toString());
        List<String> subTools = log.stream().filter(e -> e.type().equals("subagent_tool_call_start"))
                .map(e -> e.data().path("name").asText()).toList();
        assertEquals(2, subTools.stream().filter("create_step"::equals).count(), subTools.toString());
        assertFalse(subTools.contains("delegate_strategy_subtasks") || subTools.contains("push_strategy"), subTools.toString());
        assertTrue(log.stream().filter(e -> e.type().equals("subagent_tool_call_start"))
                .allMatch(e -> !e.data().path("task").asText().isEmpty()));
        int combineUpdate = types.indexOf("strategy_update") >= 0 ? lastIndexOf(log, "strategy_update") : -1;
        assertTrue(combineUpdate > types.lastIndexOf("subagent_task_end"), "the combine comes after both tasks: " + types);
        EventEnvelope link = log.stream().filter(e -> e.type().equals("strategy_link")).findFirst().orElseThrow();
        long upstreamId = link.data().path("upstreamStrategyId").asLong();
        assertTrue(link.data().path("upstreamUrl").asText().contains("/strategies/" + upstreamId), link.data().toString());

        JsonPath view = as(user).get("/api/v1/strategies/" + started.getString("strategyId")).then().statusCode(200)
                .extract().jsonPath();
        assertEquals(upstreamId, view.getLong("strategy.upstreamStrategyId"));
        List<Map<String, Object>> steps = view.getList("graph.steps");
        assertEquals(List.of("search", "search", "combine"), steps.stream().map(s -> s.get("kind")).toList());
        Map<String, Object> combine = steps.get(2);
        assertEquals("MINUS", combine.get("operator"));
        // the two sub-agents run at once, so either may have made step-1: the combine names its inputs
        long left = count(steps, (String) combine.get("primaryInputStepId"));
        long right = count(steps, (String) combine.get("secondaryInputStepId"));
        long root = ((Number) combine.get("resultCount")).longValue();
        assertTrue(root <= left && root >= left - right && left > 0, left + " minus " + right + " gave " + root);
        assertEquals(2, view.getList("graph.edges").size());
        // every step now has its step on the site, and the site's strategy counts as the graph does
        assertTrue(steps.stream().allMatch(s -> s.get("upstreamStepId") != null), steps.toString());
        given().header("Authorization", TestTokens.bearer(user))
                .baseUri(org.eclipse.microprofile.config.ConfigProvider.getConfig()
                        .getValue("quarkus.rest-client.upstream-gateway.url", String.class))
                .get("/internal/v1/sites/plasmodb/strategies/" + upstreamId).then().statusCode(200)
                .body("estimatedSize", org.hamcrest.Matchers.equalTo((int) root))
                .body("isSaved", org.hamcrest.Matchers.equalTo(true));
        // the one strategy of the user the site was asked to make is the saved one: counts made none
        List<String> created = strategiesCreatedSince(mark);
        assertEquals(1, created.stream().filter(body -> !body.contains("\"name\":\"__svc_internal__:")).count(),
                created.toString());
        assertTrue(created.stream().noneMatch(body -> body.contains("StrategyLab count (temporary)")), created.toString());
    }

    static int lastIndexOf(List<EventEnvelope> log, String type) {
        for (int i = log.size() - 1; i >= 0; i--) {
            if (log.get(i).type().equals(type)) {
                return i;
            }
        }
        return -1;
    }

    static long count(List<Map<String, Object>> steps, String id) {
        return steps.stream().filter(s -> id.equals(s.get("id"))).map(s -> ((Number) s.get("resultCount")).longValue())
                .findFirst().orElseThrow();
    }

    /**
     * The research tools through the loop: genes looked up on the site, the literature and the web
     * not configured in the test profile (the model is told so, never given made-up results), and a
     * plan written down as a planning artifact.
     */
    @Test
    void researchRequestsRunTheirToolsThroughTheLoop() {
        String user = newUser("rosa");
        String strategyId = null;
        java.util.Map<String, String> asked = new java.util.LinkedHashMap<>();
        asked.put("look up PF3D7_0100100 and PF3D7_9999999", "lookup_gene_records");
        asked.put("find papers about CDPK1 in gametocytes", "literature_search");
        asked.put("search the web for PfCDPK1 inhibitors", "web_search");
        asked.put("write down the plan: kinases first, then keep those expressed in gametocytes", "save_planning_artifact");
        java.util.Map<String, String> answers = new java.util.LinkedHashMap<>();
        java.util.Map<String, List<EventEnvelope>> logs = new java.util.LinkedHashMap<>();
        for (var entry : asked.entrySet()) {
            JsonPath started = send(user, "{\"siteId\":\"plasmodb\",\"provider\":\"mock\",\"message\":\""
                    + entry.getKey() + "\"" + (strategyId == null ? "" : ",\"strategyId\":\"" + strategyId + "\"") + "}");
            strategyId = started.getString("strategyId");
            List<EventEnvelope> log = events.awaitEnd(started.getString("operationId"), TURN);
            List<String> tools = log.stream().filter(e -> e.type().equals("tool_call_start"))
                    .map(e -> e.data().path("name").asText()).toList();
            assertEquals(List.of(entry.getValue()), tools, log.toString());
            answers.put(entry.getValue(), log.stream().filter(e -> e.type().equals("assistant_message")).findFirst()
                    .orElseThrow().data().path("content").asText());
            logs.put(entry.getValue(), log);
        }
        String genes = answers.get("lookup_gene_records");
        assertTrue(genes.contains("PF3D7_0100100: ") && genes.contains("Not found on this site: PF3D7_9999999"), genes);
        assertTrue(answers.get("literature_search").contains("literature search is not configured"),
                answers.get("literature_search"));
        assertTrue(answers.get("web_search").contains("web search is not configured"), answers.get("web_search"));
        assertFalse(OperationLog.types(logs.get("literature_search")).contains("citations"), "nothing made up");
        assertTrue(OperationLog.types(logs.get("save_planning_artifact")).contains("planning_artifact"));
        assertTrue(answers.get("save_planning_artifact").contains("I wrote the plan down as"),
                answers.get("save_planning_artifact"));
    }
}
