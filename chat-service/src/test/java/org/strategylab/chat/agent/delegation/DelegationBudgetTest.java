package org.strategylab.chat.agent.delegation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.strategylab.chat.config.ChatConfig;
import org.strategylab.chat.graph.StrategyGraph;
import org.strategylab.chat.provider.ModelChoice;
import org.strategylab.chat.provider.ModelEntry;
import org.strategylab.chat.tools.TokenAllowance;
import org.strategylab.chat.tools.ToolContext;
import org.strategylab.chat.tools.ToolRefusal;
import org.strategylab.chat.tools.TurnGraph;
import org.strategylab.chat.tools.TurnScope;

/** A delegation starts no sub-agent once its turn's one token budget is spent. */
class DelegationBudgetTest {

    @Test
    void noTaskStartsOnASpentBudgetAndTheRefusalSaysWhy() throws Exception {
        DelegateStrategySubtasksTool tool = new DelegateStrategySubtasksTool();
        tool.config = config();
        // no sub-agent runner at all: starting one would fail the test with a NullPointerException
        tool.subAgents = null;
        TokenAllowance allowance = new TokenAllowance(1_000);
        allowance.spend(1_001);
        List<String> emitted = new CopyOnWriteArrayList<>();
        ModelEntry entry = new ModelEntry("mock/planner", "planner", "mock", "planner", null, false, true, null,
                100_000, null, 0, 0, 0);
        TurnScope scope = new TurnScope() {
            public ModelChoice model() {
                return ModelChoice.of(entry);
            }

            public void emit(String type, Object payload) {
                emitted.add(type);
            }

            public void whenCancelled(Runnable action) {
            }

            public TokenAllowance tokenAllowance() {
                return allowance;
            }
        };
        ToolContext context = new ToolContext("alice", "token", "plasmodb", UUID.randomUUID(),
                new TurnGraph("kinases", StrategyGraph.empty(), next -> { }), scope);
        JsonNode arguments = new ObjectMapper().readTree("""
                {"goal":"kinases with signal peptides","plan":{"type":"combine","operator":"INTERSECT",
                 "left":{"type":"task","task":"kinases"},"right":{"type":"task","task":"signal peptides"}}}""");
        try {
            ToolRefusal refusal = assertThrows(ToolRefusal.class, () -> tool.run(arguments, context));
            assertTrue(refusal.getMessage().contains("was not started: the turn's token budget (1000 tokens,"
                    + " sub-agents included) is spent"), refusal.getMessage());
            assertEquals(List.of(), emitted, "no subagent_task_start");
        } finally {
            tool.stop();
        }
    }

    static ChatConfig config() {
        ChatConfig.Delegation delegation = new ChatConfig.Delegation() {
            public int maxParallel() {
                return 4;
            }

            public Duration taskTimeout() {
                return Duration.ofSeconds(10);
            }

            public int maxTasks() {
                return 8;
            }
        };
        return (ChatConfig) Proxy.newProxyInstance(ChatConfig.class.getClassLoader(), new Class<?>[] {ChatConfig.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("delegation")) {
                        return delegation;
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
    }
}
