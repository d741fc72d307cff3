package org.strategylab.bench.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The harness on the real product (upstream-gateway and chat-service packaged, PostgreSQL, a Kafka
 * broker, the simulator): every gold strategy has genes on the site; the mock over a few requests
 * is scored and stays above its floor; and a hand-made OpenAI transcript replays through the real
 * chat loop (chat-service's OpenAI base URL points at {@link VendorReplay}), building the strategy
 * it describes, which matches its request's gold exactly; the same for a hand-made Anthropic
 * transcript with extended thinking and a transform.
 */
class AgentBenchIT {

    /**
     * Requests the mock is run on here, and its floor over them. Measured 2026-11-28: F1 0.659, 1.000,
     * 1.000, 0.481, 0.614, 0.007, mean 0.627 (the full table is in README.md); the floor leaves 0.077.
     */
    static final List<String> MOCK_REQUESTS = List.of("pf-kinases", "pv-kinases", "pf-kinases-or-proteases",
            "pf-secreted", "tg-kinase-orthologs-nc", "pf-dna-replication");
    static final double MOCK_FLOOR_F1 = 0.55;

    private static VendorReplay replay;
    /** In front of the replay for OpenAI, as it would be in front of the vendor: every OpenAI turn here is recorded. */
    private static VendorRecorder recorder;
    private static AgentStack stack;
    private static ChatTurns chat;
    private static AgentRun run;

    @BeforeAll
    static void start() throws Exception {
        replay = VendorReplay.start();
        recorder = VendorRecorder.start(replay.baseUrl());
        stack = AgentStack.start(Path.of(System.getProperty("strategylab.it.work-dir", "target/agent-it")),
                Path.of(System.getProperty("strategylab.it.upstream-gateway-jar")),
                Path.of(System.getProperty("strategylab.it.chat-service-jar")), true,
                replaySettings());
        chat = new ChatTurns(stack.chatService(), stack.events(), Duration.ofMinutes(2));
        run = new AgentRun(new SiteResults(stack.upstreamGateway(), "agent-it-gold"), chat);
    }

    /** OpenAI's calls go through the recorder to the replay server, Anthropic's to the replay server; made-up keys. */
    private static Map<String, String> replaySettings() {
        Map<String, String> settings = new java.util.LinkedHashMap<>(AgentBench.replaySettings(Vendors.named("openai"), replay));
        settings.put(Vendors.named("openai").baseUrlSetting(), recorder.baseUrl(replay.baseUrl()));
        settings.putAll(AgentBench.replaySettings(Vendors.named("anthropic"), replay));
        return settings;
    }

    @AfterAll
    static void stop() {
        if (stack != null) {
            stack.close();
        }
        if (recorder != null) {
            recorder.close();
        }
        if (replay != null) {
            replay.close();
        }
    }

    @Test
    void everyGoldStrategyHasGenesOnTheSite() throws Exception {
        List<BenchRequest> requests = BenchRequest.all();
        assertTrue(requests.size() >= 30, "at least 30 requests: " + requests.size());
        Set<String> ids = new HashSet<>();
        requests.forEach(r -> assertTrue(ids.add(r.id()), "one request per id: " + r.id()));
        assertTrue(requests.stream().anyMatch(r -> r.goldSteps() >= 3), "some golds combine or transform");
        Map<String, Set<String>> gold = run.gold(requests);
        assertEquals(requests.size(), gold.size());
        gold.forEach((id, genes) -> assertFalse(genes.isEmpty(), id));
        // the sites' own ids: falciparum, vivax, Toxoplasma, Neospora
        assertTrue(gold.get("pf-kinases").stream().allMatch(g -> g.startsWith("PF3D7_")), "falciparum genes");
        assertTrue(gold.get("tg-kinase-orthologs-nc").stream().allMatch(g -> g.startsWith("NCLIV_")), "Neospora genes");
    }

    @Test
    void theMockIsScoredAndStaysAboveItsFloor() throws Exception {
        List<BenchRequest> requests = BenchRequest.all().stream().filter(r -> MOCK_REQUESTS.contains(r.id())).toList();
        assertEquals(MOCK_REQUESTS.size(), requests.size());
        List<Outcome> outcomes = run.run(requests, AgentBench.MOCK, outcome -> { });
        AgentReport.print(AgentBench.MOCK, outcomes, System.out);
        for (Outcome outcome : outcomes) {
            assertEquals("completed", outcome.status(), outcome.requestId());
            assertEquals(AgentBench.MOCK, outcome.model());
            assertTrue(outcome.steps() >= 1, outcome.requestId() + " built a step");
            assertTrue(outcome.toolCalls() >= 1 && outcome.modelCalls() >= 1 && outcome.tokens() > 0, outcome.toString());
            assertTrue(outcome.seconds() > 0, outcome.toString());
            assertEquals(0.0, outcome.costUsd(), "the mock is free");
        }
        double meanF1 = AgentReport.meanF1(outcomes);
        assertTrue(meanF1 >= MOCK_FLOOR_F1, "the mock's mean F1 " + meanF1 + " fell below its floor " + MOCK_FLOOR_F1);
    }

    @Test
    void aHandMadeOpenAiTranscriptReplaysThroughTheChatLoop() throws Exception {
        VendorTranscript transcript = RecordAndReplayTest.handMade();
        replay.load(transcript);
        ChatTurns.Turn turn = chat.send("agent-it-replay", transcript.siteId(), transcript.message(), transcript.model(),
                transcript.reasoningEffort());

        assertEquals("completed", turn.status(), "errors: " + turn.errors());
        assertEquals(0, replay.remaining(), "every recorded response was asked for");
        assertTrue(turn.errors().isEmpty(), turn.errors().toString());
        // the events: three tool calls, each graph change announced, the answer, the end
        List<String> types = turn.eventTypes();
        assertEquals("user_message", types.get(0));
        assertEquals("message_end", types.get(types.size() - 1));
        assertEquals(3, types.stream().filter("tool_call_start"::equals).count(), types.toString());
        assertEquals(3, types.stream().filter("tool_call_end"::equals).count(), types.toString());
        assertEquals(3, types.stream().filter("strategy_update"::equals).count(), types.toString());
        assertTrue(types.contains("assistant_delta") && types.contains("assistant_message"), types.toString());
        assertEquals(4, turn.modelCalls());
        assertEquals(3120 + 61 + 3410 + 48 + 3702 + 57 + 3980 + 44, turn.tokens(), "the vendor's usage, summed");
        assertEquals("openai/gpt-5-mini", turn.end().path("modelId").asText());

        // the graph: the two searches as the model asked, intersected, at the root
        JsonNode graph = turn.graph();
        assertEquals(3, graph.path("steps").size());
        JsonNode tree = AgentGraphs.tree(graph, AgentGraphs.answerStep(graph).orElseThrow());
        assertEquals("INTERSECT", tree.path("operator").asText());
        assertEquals("GenesByGoTerm", tree.path("primaryInput").path("searchName").asText());
        assertEquals("GO:0004672", tree.path("primaryInput").path("parameters").path("go_typeahead").path(0).asText());
        assertEquals("GenesWithSignalPeptide", tree.path("secondaryInput").path("searchName").asText());
        for (JsonNode step : graph.path("steps")) {
            assertTrue(step.path("resultCount").asLong() > 0, "counted on the site: " + step);
        }

        // what the loop sent the vendor: OpenAI's chat completions, streamed, each tool result under its call's id
        List<VendorReplay.Received> sent = replay.received();
        assertEquals(4, sent.size());
        sent.forEach(request -> assertEquals("/chat/completions", request.path()));
        assertEquals("gpt-5-mini", sent.get(0).body().path("model").asText());
        assertTrue(sent.get(0).body().path("stream").asBoolean());
        JsonNode last = sent.get(3).body().path("messages");
        List<String> answered = new java.util.ArrayList<>();
        last.forEach(message -> {
            if ("tool".equals(message.path("role").asText())) {
                answered.add(message.path("tool_call_id").asText());
            }
        });
        assertEquals(List.of("call_kin1", "call_sig2", "call_int3"), answered);

        // and its result is the gold of the request it answers
        BenchRequest request = BenchRequest.all().stream().filter(r -> r.id().equals("pf-kinases-sp")).findFirst().orElseThrow();
        assertEquals(request.message(), transcript.message());
        Set<String> gold = run.gold(List.of(request)).get(request.id());
        Set<String> answer = new SiteResults(stack.upstreamGateway(), "agent-it-gold").genes(request.siteId(), tree);
        assertEquals(1.0, Agreement.of(answer, gold).f1());

        // the turn was recorded on its way (as --record does in front of a vendor): the recording,
        // written and read back, replays the same turn again, now matched by the requests' bodies
        List<VendorTranscript.Exchange> recorded = recorder.drain();
        assertEquals(4, recorded.size());
        recorded.forEach(exchange -> assertEquals("gpt-5-mini", exchange.requestBody().path("model").asText()));
        Path file = Path.of(System.getProperty("strategylab.it.work-dir", "target/agent-it")).resolve("recorded-openai-turn.json");
        new VendorTranscript("openai", transcript.model(), transcript.siteId(), transcript.message(), null, recorded).write(file);
        VendorTranscript again = VendorTranscript.read(file);
        replay.load(again);
        ChatTurns.Turn replayed = chat.send("agent-it-replay-again", again.siteId(), again.message(), again.model());
        assertEquals("completed", replayed.status(), "errors: " + replayed.errors());
        assertEquals(0, replay.remaining());
        assertEquals(types, replayed.eventTypes(), "the same events, in the same order");
        assertEquals(tree, AgentGraphs.tree(replayed.graph(), AgentGraphs.answerStep(replayed.graph()).orElseThrow()));
        assertEquals(turn.tokens(), replayed.tokens());
        recorder.drain();
    }

    @Test
    void aHandMadeAnthropicTranscriptWithThinkingReplaysThroughTheChatLoop() throws Exception {
        VendorTranscript transcript;
        try (java.io.InputStream in = getClass().getResourceAsStream("/transcripts/anthropic-kinase-orthologs.json")) {
            transcript = VendorTranscript.read(in);
        }
        replay.load(transcript);
        ChatTurns.Turn turn = chat.send("agent-it-replay-anthropic", transcript.siteId(), transcript.message(), transcript.model(),
                transcript.reasoningEffort());
        assertEquals("low", transcript.reasoningEffort());

        assertEquals("completed", turn.status(), "errors: " + turn.errors());
        assertEquals(0, replay.remaining(), "every recorded response was asked for");
        List<String> types = turn.eventTypes();
        assertTrue(types.contains("reasoning"), "the thinking streamed as reasoning: " + types);
        assertEquals(2, types.stream().filter("tool_call_start"::equals).count(), types.toString());
        assertEquals(2, types.stream().filter("strategy_update"::equals).count(), types.toString());
        assertEquals("message_end", types.get(types.size() - 1));
        assertEquals(3, turn.modelCalls());
        assertEquals(2950 + 112 + 3380 + 97 + 3720 + 58, turn.tokens(), "the vendor's usage, summed");

        JsonNode graph = turn.graph();
        assertEquals(2, graph.path("steps").size());
        JsonNode tree = AgentGraphs.tree(graph, AgentGraphs.answerStep(graph).orElseThrow());
        assertEquals("GenesByOrthologs", tree.path("searchName").asText());
        assertEquals("Plasmodium vivax P01", tree.path("parameters").path("organism").path(0).asText());
        assertEquals("GenesByGoTerm", tree.path("primaryInput").path("searchName").asText());

        List<VendorReplay.Received> sent = replay.received();
        assertEquals(3, sent.size());
        sent.forEach(request -> assertEquals("/messages", request.path()));
        assertEquals("claude-haiku-4-5", sent.get(0).body().path("model").asText());
        assertEquals("enabled", sent.get(0).body().path("thinking").path("type").asText(), "effort low: extended thinking");
        // the thinking went back with the tool results, signature and all, as Anthropic requires
        assertTrue(sent.get(1).body().toString().contains("EqQBCgIYAhIMkin1AbCdEfGh"), "the first thinking's signature sent back");
        List<String> answered = new java.util.ArrayList<>();
        sent.get(2).body().path("messages").forEach(message -> message.path("content").forEach(block -> {
            if ("tool_result".equals(block.path("type").asText())) {
                answered.add(block.path("tool_use_id").asText());
            }
        }));
        assertEquals(List.of("toolu_01KIN", "toolu_02ORT"), answered);

        BenchRequest request = BenchRequest.all().stream().filter(r -> r.id().equals("pf-kinase-orthologs-pv")).findFirst().orElseThrow();
        assertEquals(request.message(), transcript.message());
        Set<String> gold = run.gold(List.of(request)).get(request.id());
        Set<String> answer = new SiteResults(stack.upstreamGateway(), "agent-it-gold").genes(request.siteId(), tree);
        assertEquals(1.0, Agreement.of(answer, gold).f1());
    }
}
