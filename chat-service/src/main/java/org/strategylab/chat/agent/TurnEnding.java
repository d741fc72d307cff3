package org.strategylab.chat.agent;

import java.util.List;
import java.util.Locale;
import org.strategylab.chat.graph.GraphStep;
import org.strategylab.chat.graph.StrategyGraph;

/** What a turn stopped by a budget says it leaves: the strategy's steps as they are stored. */
final class TurnEnding {

    private TurnEnding() {
    }

    /** "The strategy keeps its 3 steps: step-1 “kinases” (120 genes), …." or "The strategy has no steps yet." */
    static String whatWasBuilt(StrategyGraph graph) {
        List<GraphStep> steps = graph.steps();
        if (steps.isEmpty()) {
            return "The strategy has no steps yet.";
        }
        StringBuilder text = new StringBuilder("The strategy keeps ")
                .append(steps.size() == 1 ? "its step: " : "its " + steps.size() + " steps: ");
        for (int i = 0; i < steps.size(); i++) {
            GraphStep step = steps.get(i);
            text.append(i == 0 ? "" : ", ").append(step.id()).append(" \u201c").append(step.displayName()).append('\u201d');
            if (step.resultCount() != null) {
                text.append(String.format(Locale.ROOT, " (%,d %s)", step.resultCount(),
                        step.resultCount() == 1 ? "gene" : "genes"));
            }
        }
        return text.append('.').toString();
    }
}
