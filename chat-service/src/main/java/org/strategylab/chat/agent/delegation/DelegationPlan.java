package org.strategylab.chat.agent.delegation;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.strategylab.chat.graph.CombineOperator;
import org.strategylab.chat.tools.ToolRefusal;

/**
 * A delegation plan (spec §1.2): a binary tree that mirrors the strategy to build. A task node is
 * one sub-agent run that makes one step (a transform of its {@code input}'s step when it has one);
 * a combine node joins its two children's steps with a boolean operator once both exist.
 */
public final class DelegationPlan {

    /** A node of the plan; {@code path} names it in messages ({@code plan.left.right}). */
    public sealed interface Node permits Task, Combine {
        String path();
    }

    /** One sub-agent run. */
    public record Task(String path, String task, String hint, JsonNode context, Node input) implements Node {
    }

    /** A combine of its children's steps. */
    public record Combine(String path, CombineOperator operator, Node left, Node right) implements Node {
    }

    private DelegationPlan() {
    }

    /**
     * Validates and normalises a plan; a bad one is a {@link ToolRefusal} naming the node, for the
     * model to fix. At most {@code maxTasks} tasks.
     */
    public static Node parse(JsonNode plan, int maxTasks) {
        if (plan == null || plan.isNull() || plan.isMissingNode()) {
            throw new ToolRefusal("plan is required: a task node or a combine node");
        }
        List<Task> tasks = new ArrayList<>();
        Node root = node(plan, "plan", tasks, 0);
        if (tasks.size() > maxTasks) {
            throw new ToolRefusal("plan has " + tasks.size() + " tasks; at most " + maxTasks + " are allowed");
        }
        return root;
    }

    /** The task nodes, left to right. */
    public static List<Task> tasks(Node node) {
        List<Task> tasks = new ArrayList<>();
        collect(node, tasks);
        return tasks;
    }

    private static void collect(Node node, List<Task> into) {
        if (node instanceof Task task) {
            if (task.input() != null) {
                collect(task.input(), into);
            }
            into.add(task);
        } else if (node instanceof Combine combine) {
            collect(combine.left(), into);
            collect(combine.right(), into);
        }
    }

    private static Node node(JsonNode json, String path, List<Task> tasks, int depth) {
        if (depth > 8) {
            throw new ToolRefusal(path + ": the plan is nested too deeply (at most 8 levels)");
        }
        if (!json.isObject()) {
            throw new ToolRefusal(path + ": must be an object with type 'task' or 'combine'");
        }
        String type = json.path("type").asText("");
        switch (type) {
            case "task" -> {
                String text = json.path("task").asText("").trim();
                if (text.isEmpty()) {
                    throw new ToolRefusal(path + ".task: say what the sub-agent should build");
                }
                JsonNode input = json.get("input");
                Node inputNode = input == null || input.isNull() ? null : node(input, path + ".input", tasks, depth + 1);
                Task task = new Task(path, text, json.path("hint").asText(null), json.get("context"), inputNode);
                tasks.add(task);
                return task;
            }
            case "combine" -> {
                String name = json.path("operator").asText("");
                CombineOperator operator = CombineOperator.parse(name).orElseThrow(() -> new ToolRefusal(path
                        + ".operator: '" + name + "' is not one of INTERSECT, UNION, MINUS, RMINUS, LONLY, RONLY"));
                if (!json.has("left") || !json.has("right")) {
                    throw new ToolRefusal(path + ": a combine node needs both left and right");
                }
                return new Combine(path, operator, node(json.get("left"), path + ".left", tasks, depth + 1),
                        node(json.get("right"), path + ".right", tasks, depth + 1));
            }
            default -> throw new ToolRefusal(path + ".type: must be 'task' or 'combine', not '" + type + "'");
        }
    }
}
