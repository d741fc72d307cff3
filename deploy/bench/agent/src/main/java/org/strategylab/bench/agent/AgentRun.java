package org.strategylab.bench.agent;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * Runs the benchmark's requests on a running product: each gold strategy's genes asked of the site
 * once, then every request sent as a chat turn of a new conversation (its own user) on a model, the
 * conversation's final graph built on the site and its genes scored against the gold genes.
 */
public final class AgentRun {

    private final SiteResults site;
    private final ChatTurns chat;
    private final String reasoningEffort;
    private final Map<String, Set<String>> gold = new LinkedHashMap<>();

    /** A run whose turns name no reasoning effort (each vendor's default). */
    AgentRun(SiteResults site, ChatTurns chat) {
        this(site, chat, null);
    }

    AgentRun(SiteResults site, ChatTurns chat, String reasoningEffort) {
        this.site = site;
        this.chat = chat;
        this.reasoningEffort = reasoningEffort;
    }

    /**
     * Asks the site for every request's gold genes.
     *
     * @throws IllegalStateException when the site refuses a gold tree or selects nothing with it
     */
    Map<String, Set<String>> gold(List<BenchRequest> requests) throws IOException, InterruptedException {
        for (BenchRequest request : requests) {
            if (gold.containsKey(request.id())) {
                continue;
            }
            Set<String> genes;
            try {
                genes = site.genes(request.siteId(), request.gold());
            } catch (SiteResults.SiteRefusal e) {
                throw new IllegalStateException("the gold strategy of " + request.id() + " was refused: " + e.getMessage(), e);
            }
            if (genes.isEmpty()) {
                throw new IllegalStateException("the gold strategy of " + request.id() + " selects no gene");
            }
            gold.put(request.id(), genes);
        }
        return gold;
    }

    /** Runs each request on {@code model}, one after the other; {@code after} sees each outcome as it comes. */
    List<Outcome> run(List<BenchRequest> requests, String model, Consumer<Outcome> after) throws IOException, InterruptedException {
        gold(requests);
        List<Outcome> outcomes = new ArrayList<>();
        for (BenchRequest request : requests) {
            Outcome outcome = run(request, model);
            outcomes.add(outcome);
            after.accept(outcome);
        }
        return outcomes;
    }

    private Outcome run(BenchRequest request, String model) throws IOException, InterruptedException {
        String user = "agent-bench-" + request.id() + "-" + UUID.randomUUID().toString().substring(0, 8);
        ChatTurns.Turn turn = chat.send(user, request.siteId(), request.message(), model, reasoningEffort);
        Set<String> goldGenes = gold.get(request.id());
        Set<String> answer = Set.of();
        String note = "";
        Optional<String> step = AgentGraphs.answerStep(turn.graph());
        if (step.isEmpty()) {
            note = "no step";
        } else {
            try {
                answer = site.genes(request.siteId(), AgentGraphs.tree(turn.graph(), step.get()));
            } catch (SiteResults.SiteRefusal | IllegalArgumentException e) {
                note = "the site refused the answer";
            }
        }
        if (note.isEmpty() && turn.graph().path("rootStepId").asText("").isEmpty()) {
            note = "no single root: scored " + step.get();
        }
        return new Outcome(request.id(), model, turn.status(), Agreement.of(answer, goldGenes), AgentGraphs.steps(turn.graph()),
                turn.toolCalls(), turn.modelCalls(), turn.tokens(), turn.costUsd(), turn.seconds(), note);
    }
}
