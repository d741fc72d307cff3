package org.strategylab.bench.agent;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/** The table of one model's outcomes, one row per request, then the totals and means (Markdown). */
final class AgentReport {

    private AgentReport() {
    }

    /** Mean F1 over the outcomes (0 for none). */
    static double meanF1(List<Outcome> outcomes) {
        return outcomes.stream().mapToDouble(o -> o.agreement().f1()).average().orElse(0);
    }

    /** Mean Jaccard index over the outcomes (0 for none). */
    static double meanJaccard(List<Outcome> outcomes) {
        return outcomes.stream().mapToDouble(o -> o.agreement().jaccard()).average().orElse(0);
    }

    static void print(String model, List<Outcome> outcomes, PrintStream out) {
        out.println();
        out.println("### " + model);
        out.println();
        out.println("| request | end | steps | genes / gold | Jaccard | F1 | tool calls | model calls | tokens | cost (USD) | time (s) | note |");
        out.println("|---|---|---|---|---|---|---|---|---|---|---|---|");
        for (Outcome o : outcomes) {
            out.println(String.format(Locale.ROOT, "| %s | %s | %d | %d / %d | %.3f | %.3f | %d | %d | %d | %.4f | %.1f | %s |",
                    o.requestId(), o.status(), o.steps(), o.agreement().resultSize(), o.agreement().goldSize(),
                    o.agreement().jaccard(), o.agreement().f1(), o.toolCalls(), o.modelCalls(), o.tokens(), o.costUsd(),
                    o.seconds(), o.note()));
        }
        int n = Math.max(1, outcomes.size());
        long completed = outcomes.stream().filter(o -> "completed".equals(o.status())).count();
        long exact = outcomes.stream().filter(o -> o.agreement().jaccard() == 1.0).count();
        int tools = outcomes.stream().mapToInt(Outcome::toolCalls).sum();
        int calls = outcomes.stream().mapToInt(Outcome::modelCalls).sum();
        long tokens = outcomes.stream().mapToLong(Outcome::tokens).sum();
        double cost = outcomes.stream().mapToDouble(Outcome::costUsd).sum();
        double seconds = outcomes.stream().mapToDouble(Outcome::seconds).sum();
        out.println(String.format(Locale.ROOT, "| **total** (%d requests) | %d completed | | %d exact | | | %d | %d | %d | %.4f | %.1f | |",
                outcomes.size(), completed, exact, tools, calls, tokens, cost, seconds));
        out.println(String.format(Locale.ROOT, "| **mean** | | | | **%.3f** | **%.3f** | %.1f | %.1f | %.0f | %.4f | %.1f | |",
                meanJaccard(outcomes), meanF1(outcomes), (double) tools / n, (double) calls / n, (double) tokens / n,
                cost / n, seconds / n));
    }
}
