package org.strategylab.chat.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.strategylab.chat.graph.GraphStep;
import org.strategylab.chat.graph.StrategyGraph;
import org.strategylab.chat.tools.AgentTool;
import org.strategylab.chat.tools.TokenAllowance;
import org.strategylab.chat.tools.ToolResults;
import org.strategylab.chat.tools.TurnGraph;
import org.strategylab.eventlog.index.OperationStatus;
import org.strategylab.testsupport.texts.UserFacingTexts;

/**
 * One token budget per turn, sub-agents included: what they spend inside a tool is the turn's, and a
 * turn whose budget ran out makes no further model call and ends with what was built, saying so.
 */
class AgentBudgetTest {

    @Test
    void aDelegationThatSpendsTheBudgetEndsTheTurnWithWhatWasBuiltAndSaysSo() {
        ScriptedTurn script = new ScriptedTurn().callsTool("delegate_strategy_subtasks", "{\"goal\":\"kinases\"}")
                .answers("This answer must never be asked for.");
        TurnGraph graph = new TurnGraph("kinases", StrategyGraph.empty(), next -> { });
        // the delegation's sub-agents build a step and spend (through the turn's scope) past the budget
        AgentTool delegation = ScriptedTurn.tool("delegate_strategy_subtasks", "delegation", (arguments, context) -> {
            String id = context.graph().reserveStepId();
            context.graph().apply(g -> g.add(GraphStep.search(id, "GenesByText", "transcript",
                    Map.of("text_expression", "kinase*"), "kinases").withCount(120L, null)), id, "created");
            context.scope().tokenAllowance().spend(5_000);
            return ToolResults.object().put("rootStepId", id);
        });
        TokenAllowance allowance = new TokenAllowance(1_000);

        TurnOutcome outcome = script.turn("find kinases and signal peptides", List.of(delegation), graph, allowance).run();

        assertEquals(1, script.requests.size(), "no model call once the sub-agents spent the budget");
        assertEquals(OperationStatus.COMPLETED, outcome.status(), "the turn ends cleanly");
        List<String> errors = script.of("error").stream().map(e -> e.path("error").asText()).toList();
        assertEquals(1, errors.size(), script.types().toString());
        assertTrue(errors.get(0).contains("token budget (5120 of 1000 tokens, its sub-agents' included)"), errors.toString());
        String answer = script.of("assistant_message").get(0).path("content").asText();
        assertTrue(answer.contains("I had to stop here: the turn used its token budget"), answer);
        assertTrue(answer.contains("The strategy keeps its step: step-1 \u201ckinases\u201d (120 genes)."), answer);
        assertEquals(answer, outcome.content());
        String streamed = String.join("", script.of("assistant_delta").stream().map(d -> d.path("delta").asText()).toList());
        assertTrue(streamed.endsWith("Send a message to go on from there."), "the user reads it as it streams: " + streamed);
        new UserFacingTexts().add("the budget's error event", errors.get(0)).add("the closing words", answer).assertReadable();
    }

    @Test
    void theRoundLimitEndsTheTurnTheSameWay() {
        ScriptedTurn script = new ScriptedTurn();
        for (int i = 0; i < ScriptedTurn.BUDGET.maxRounds(); i++) {
            script.callsTool("list_current_steps", "{}");
        }
        TurnGraph graph = new TurnGraph("empty", StrategyGraph.empty(), next -> { });
        AgentTool list = ScriptedTurn.tool("list_current_steps", "graph", (a, c) -> ToolResults.object().putArray("steps"));

        TurnOutcome outcome = script.turn("what do I have?", List.of(list), graph, new TokenAllowance(1_000_000)).run();

        assertEquals(ScriptedTurn.BUDGET.maxRounds(), script.requests.size());
        assertTrue(outcome.content().contains("I had to stop here: the turn used its 6 model calls before the model"
                + " finished. The strategy has no steps yet."), outcome.content());
        assertEquals(1, script.of("error").size());
    }
}
