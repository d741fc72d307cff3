package org.strategylab.bench.agent;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.strategylab.testsupport.bench.BenchHost;

/**
 * The agent benchmark (issue 35): every request of {@code agent-bench/requests.json} sent as a chat
 * turn to each model, its final graph's genes on the site scored against its gold strategy's genes
 * (Jaccard, F1), with tool calls, model calls, tokens, cost and time, and a table per model. With
 * {@code --record} each vendor turn's HTTP exchanges are written as a transcript; with
 * {@code --replay} a transcript is played through the chat loop instead. See README.md.
 */
public final class AgentBench {

    static final String MOCK = "mock/planner";

    private final AgentOptions options;
    private final Map<String, String> env = System.getenv();
    private final Map<String, VendorRecorder> recorders = new HashMap<>();
    private VendorReplay replay;
    private AgentStack stack;

    private AgentBench(AgentOptions options) {
        this.options = options;
    }

    public static void main(String[] args) {
        AgentOptions options;
        try {
            options = AgentOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.exit(2);
            return;
        }
        AgentBench bench = new AgentBench(options);
        int exit;
        try {
            exit = bench.run();
        } catch (Exception | Error e) {
            e.printStackTrace();
            exit = 1;
        } finally {
            bench.close();
        }
        // the HTTP clients' and the simulator's threads would keep the JVM alive
        System.exit(exit);
    }

    private int run() throws Exception {
        BenchHost.clear(options.workDir());
        Files.createDirectories(options.workDir());
        say("machine: " + Runtime.getRuntime().availableProcessors() + " cores, load average " + BenchHost.loadAverage());
        Map<String, String> chatSettings = new LinkedHashMap<>();
        VendorTranscript transcript = null;
        if (options.replay() != null) {
            transcript = VendorTranscript.read(options.replay());
            replay = VendorReplay.start();
            chatSettings.putAll(replaySettings(Vendors.named(transcript.provider()), replay));
        } else if (options.record() != null) {
            for (Vendors.Vendor vendor : Vendors.ALL) {
                if (vendor.enabledIn(env)) {
                    String upstream = vendor.baseUrl(env);
                    VendorRecorder recorder = VendorRecorder.start(upstream);
                    recorders.put(vendor.provider(), recorder);
                    chatSettings.put(vendor.baseUrlSetting(), recorder.baseUrl(upstream));
                    say("recording " + vendor.provider() + " (" + upstream + ") into " + options.record());
                }
            }
            if (recorders.isEmpty()) {
                say("--record: no vendor is enabled (OPENAI_API_KEY, ANTHROPIC_API_KEY, GEMINI_API_KEY, OLLAMA_BASE_URL), nothing to record");
            }
        }
        stack = AgentStack.start(options.workDir().resolve("stack"), options.upstreamJar(), options.chatJar(), false, chatSettings);
        say("upstream-gateway " + stack.upstreamGateway() + ", chat-service " + stack.chatService());
        ChatTurns chat = new ChatTurns(stack.chatService(), stack.events(), options.turnLimit());
        if (transcript != null) {
            return replay(chat, transcript);
        }
        AgentRun run = new AgentRun(new SiteResults(stack.upstreamGateway(), "agent-bench-gold"), chat, options.reasoningEffort());
        List<BenchRequest> requests = selected();
        long start = System.nanoTime();
        Map<String, Set<String>> gold = run.gold(requests);
        say(String.format(Locale.ROOT, "%d requests, gold results from the site in %.1f s: %s", requests.size(),
                (System.nanoTime() - start) / 1e9, gold.entrySet().stream().map(e -> e.getKey() + " " + e.getValue().size()).toList()));
        Map<String, List<Outcome>> tables = new LinkedHashMap<>();
        for (String model : models(chat)) {
            say("model " + model + ", load average " + BenchHost.loadAverage());
            tables.put(model, run.run(requests, model, outcome -> {
                say(String.format(Locale.ROOT, "  %s: %s, F1 %.3f, Jaccard %.3f, %d tool calls, %.1f s %s", outcome.requestId(),
                        outcome.status(), outcome.agreement().f1(), outcome.agreement().jaccard(), outcome.toolCalls(),
                        outcome.seconds(), outcome.note()));
                keepTranscript(requests, outcome);
            }));
        }
        System.out.println();
        System.out.println("## Agent benchmark (" + requests.size() + " requests, load average " + BenchHost.loadAverage() + ")");
        tables.forEach((model, outcomes) -> AgentReport.print(model, outcomes, System.out));
        return 0;
    }

    /** Runs a transcript's turn against the replayed vendor and prints what the loop did. */
    private int replay(ChatTurns chat, VendorTranscript transcript) throws IOException, InterruptedException {
        replay.load(transcript);
        ChatTurns.Turn turn = chat.send("agent-bench-replay", transcript.siteId(), transcript.message(), transcript.model(),
                transcript.reasoningEffort());
        say("replayed " + options.replay() + ": " + turn.status() + ", " + turn.toolCalls() + " tool calls, "
                + turn.modelCalls() + " model calls, " + AgentGraphs.steps(turn.graph()) + " steps, "
                + replay.remaining() + " recorded responses not asked for");
        say("events: " + String.join(" ", turn.eventTypes()));
        AgentGraphs.answerStep(turn.graph()).ifPresent(step -> say("answer: " + AgentGraphs.tree(turn.graph(), step)));
        turn.errors().forEach(error -> say("error: " + error));
        // a transcript of one of the benchmark's requests is scored as the run would score it
        Optional<BenchRequest> request = BenchRequest.all().stream().filter(r -> r.siteId().equals(transcript.siteId())
                && r.message().equals(transcript.message())).findFirst();
        Optional<String> step = AgentGraphs.answerStep(turn.graph());
        if (request.isPresent() && step.isPresent()) {
            SiteResults site = new SiteResults(stack.upstreamGateway(), "agent-bench-gold");
            Agreement agreement = Agreement.of(site.genes(transcript.siteId(), AgentGraphs.tree(turn.graph(), step.get())),
                    site.genes(transcript.siteId(), request.get().gold()));
            say(String.format(Locale.ROOT, "request %s: %d / %d genes, Jaccard %.3f, F1 %.3f", request.get().id(),
                    agreement.resultSize(), agreement.goldSize(), agreement.jaccard(), agreement.f1()));
        }
        return "completed".equals(turn.status()) && replay.remaining() == 0 ? 0 : 3;
    }

    /** chat-service's settings that send a vendor's calls to a replay server (any key will do). */
    static Map<String, String> replaySettings(Vendors.Vendor vendor, VendorReplay replay) {
        Map<String, String> settings = new LinkedHashMap<>();
        String base = replay.baseUrl() + (vendor.defaultBaseUrl() != null && vendor.defaultBaseUrl().endsWith("/") ? "/" : "");
        settings.put(vendor.baseUrlSetting(), base);
        if (!"ollama".equals(vendor.provider())) {
            settings.put(vendor.apiKeySetting(), "replayed-" + vendor.provider() + "-key");
        }
        return settings;
    }

    private void keepTranscript(List<BenchRequest> requests, Outcome outcome) {
        String provider = outcome.model().substring(0, outcome.model().indexOf('/'));
        VendorRecorder recorder = recorders.get(provider);
        if (recorder == null) {
            return;
        }
        BenchRequest request = requests.stream().filter(r -> r.id().equals(outcome.requestId())).findFirst().orElseThrow();
        Path file = options.record().resolve(outcome.model().replace('/', '_').replace(':', '_')).resolve(request.id() + ".json");
        try {
            new VendorTranscript(provider, outcome.model(), request.siteId(), request.message(),
                    options.reasoningEffort(), recorder.drain()).write(file);
        } catch (IOException e) {
            say("could not write " + file + ": " + e.getMessage());
        }
    }

    private List<BenchRequest> selected() {
        List<BenchRequest> all = BenchRequest.all();
        if (options.requests().isEmpty()) {
            return all;
        }
        List<BenchRequest> chosen = new ArrayList<>();
        for (String id : options.requests()) {
            chosen.add(all.stream().filter(r -> r.id().equals(id)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("no request '" + id + "' in " + BenchRequest.RESOURCE)));
        }
        return chosen;
    }

    /** The models named, else the mock and the first enabled model of each vendor. */
    private List<String> models(ChatTurns chat) throws IOException, InterruptedException {
        if (!options.models().isEmpty()) {
            return options.models();
        }
        List<String> models = new ArrayList<>(List.of(MOCK));
        Set<String> providers = new HashSet<>(Set.of("mock"));
        for (JsonNode model : chat.models().path("models")) {
            if (model.path("enabled").asBoolean() && providers.add(model.path("provider").asText())) {
                models.add(model.path("id").asText());
            }
        }
        return models;
    }

    private void close() {
        if (stack != null) {
            stack.close();
        }
        recorders.values().forEach(VendorRecorder::close);
        if (replay != null) {
            replay.close();
        }
    }

    static void say(String line) {
        System.out.println("[agent] " + line);
    }
}
