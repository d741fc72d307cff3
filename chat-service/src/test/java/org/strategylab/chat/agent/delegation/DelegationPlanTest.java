package org.strategylab.chat.agent.delegation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.strategylab.chat.graph.CombineOperator;
import org.strategylab.chat.tools.ToolRefusal;

class DelegationPlanTest {

    static final ObjectMapper JSON = new ObjectMapper();

    static DelegationPlan.Node parse(String plan, int maxTasks) throws Exception {
        return DelegationPlan.parse(JSON.readTree(plan), maxTasks);
    }

    @Test
    void aPlanMirrorsTheStrategyAndItsTasksAreListedInOrder() throws Exception {
        DelegationPlan.Node plan = parse("""
                {"type":"combine","operator":"minus","left":{"type":"task","task":"kinases"},
                 "right":{"type":"combine","operator":"UNION","left":{"type":"task","task":"signal peptides"},
                   "right":{"type":"task","task":"orthologs","input":{"type":"task","task":"transporters"}}}}""", 8);
        DelegationPlan.Combine root = assertInstanceOf(DelegationPlan.Combine.class, plan);
        assertEquals(CombineOperator.MINUS, root.operator());
        assertEquals(List.of("kinases", "signal peptides", "transporters", "orthologs"),
                DelegationPlan.tasks(plan).stream().map(DelegationPlan.Task::task).toList());
        assertEquals("plan.right.right.input", DelegationPlan.tasks(plan).get(2).path());
    }

    @Test
    void aBadPlanIsARefusalNamingItsNode() {
        List<String[]> table = List.of(
                new String[] {"{\"task\":\"x\"}", "plan.type"},
                new String[] {"{\"type\":\"task\",\"task\":\" \"}", "plan.task"},
                new String[] {"{\"type\":\"combine\",\"operator\":\"XOR\",\"left\":{},\"right\":{}}", "plan.operator"},
                new String[] {"{\"type\":\"combine\",\"operator\":\"UNION\",\"left\":{\"type\":\"task\",\"task\":\"a\"}}", "plan:"},
                new String[] {"{\"type\":\"combine\",\"operator\":\"UNION\",\"left\":{\"type\":\"task\",\"task\":\"a\"},"
                        + "\"right\":[1]}", "plan.right"},
                new String[] {"\"a string\"", "plan"});
        for (String[] row : table) {
            ToolRefusal refusal = assertThrows(ToolRefusal.class, () -> parse(row[0], 8), row[0]);
            assertTrue(refusal.getMessage().startsWith(row[1]), refusal.getMessage());
        }
        ToolRefusal tooMany = assertThrows(ToolRefusal.class, () -> parse("""
                {"type":"combine","operator":"UNION","left":{"type":"task","task":"a"},"right":{"type":"task","task":"b"}}""", 1));
        assertTrue(tooMany.getMessage().contains("at most 1"), tooMany.getMessage());
    }
}
