package org.strategylab.chat.agent.delegation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import org.strategylab.chat.agent.TurnEvents;
import org.strategylab.chat.config.ChatConfig;
import org.strategylab.chat.graph.GraphStep;
import org.strategylab.chat.tools.AgentTool;
import org.strategylab.chat.tools.TokenAllowance;
import org.strategylab.chat.tools.ToolContext;
import org.strategylab.chat.tools.ToolRefusal;
import org.strategylab.chat.tools.ToolResults;
import org.strategylab.chat.tools.graph.CombineStepsTool;
import org.strategylab.chat.tools.graph.GraphEdits;

/**
 * {@code delegate_strategy_subtasks(goal, plan)} (spec §1.2): the orchestrator. It validates the
 * plan, runs one sub-agent per task — independent tasks at once, at most
 * {@code delegation.max-parallel} — and creates each combine step once both its children's steps
 * exist. A failed task fails its combine chain with a message naming it; steps already built stay.
 */
@ApplicationScoped
public class DelegateStrategySubtasksTool implements AgentTool {

    @Inject
    SubAgents subAgents;

    @Inject
    CombineStepsTool combine;

    @Inject
    ChatConfig config;

    private final ExecutorService threads = Executors.newCachedThreadPool(runnable -> {
        Thread thread = new Thread(runnable, "chat-sub-agent");
        thread.setDaemon(true);
        return thread;
    });

    @Override
    public String name() {
        return "delegate_strategy_subtasks";
    }

    @Override
    public String description() {
        return "Build a strategy of two or more steps by delegation: give the goal and a plan, a binary tree that "
                + "mirrors the strategy. A task node {type:'task', task, hint?, context?, input?} is one sub-agent that "
                + "builds one step (a transform of its input's step when input is given); a combine node "
                + "{type:'combine', operator, left, right} joins its children's steps (INTERSECT, UNION, MINUS, "
                + "RMINUS, LONLY, RONLY). Independent tasks run at once. Answers every task's step and the root step.";
    }

    @Override
    public String group() {
        return "delegation";
    }

    @Override
    public JsonObjectSchema arguments() {
        return JsonObjectSchema.builder()
                .addStringProperty("goal", "what the whole strategy should find")
                .addProperty("plan", JsonObjectSchema.builder().description("the plan's root node (task or combine)")
                        .additionalProperties(true).build())
                .required("goal", "plan").build();
    }

    @Override
    public Optional<Duration> timeout() {
        // every task may take its whole time, one after the other in the worst case
        return Optional.of(config.delegation().taskTimeout().multipliedBy(config.delegation().maxTasks())
                .plusMinutes(1));
    }

    @Override
    public JsonNode run(JsonNode arguments, ToolContext context) {
        DelegationPlan.Node plan = DelegationPlan.parse(plan(arguments), config.delegation().maxTasks());
        Run run = new Run(context, new Semaphore(config.delegation().maxParallel()));
        String root;
        try {
            root = run.node(plan).join();
        } catch (CompletionException e) {
            Throwable cause = e.getCause() instanceof CompletionException inner ? inner.getCause() : e.getCause();
            if (cause instanceof ToolRefusal refusal) {
                throw new ToolRefusal(refusal.getMessage() + run.built());
            }
            throw e;
        }
        ObjectNode result = ToolResults.object().put("goal", arguments.path("goal").asText()).put("rootStepId", root);
        result.set("tasks", run.report);
        context.graph().current().step(root).ifPresent(step -> result.set("root", GraphEdits.describe(step)));
        result.set("graph", GraphEdits.overview(context.graph().current()));
        return result;
    }

    private static JsonNode plan(JsonNode arguments) {
        JsonNode plan = arguments.path("plan");
        if (plan.isTextual()) {
            // some models send the nested object as a JSON string
            plan = ToolResults.JSON.objectNode().set("plan", read(plan.asText())).get("plan");
        }
        return plan;
    }

    private static JsonNode read(String json) {
        try {
            return new com.fasterxml.jackson.databind.ObjectMapper().readTree(json);
        } catch (java.io.IOException e) {
            throw new ToolRefusal("plan is not valid JSON: " + e.getMessage());
        }
    }

    /** One delegation: its parallelism bound and what it built. */
    private final class Run {
        private final ToolContext context;
        private final Semaphore slots;
        private final ArrayNode report = ToolResults.array();
        private final Map<String, String> steps = new ConcurrentHashMap<>();

        Run(ToolContext context, Semaphore slots) {
            this.context = context;
            this.slots = slots;
        }

        /** The step a node ends in, once built. */
        CompletableFuture<String> node(DelegationPlan.Node node) {
            if (node instanceof DelegationPlan.Combine join) {
                CompletableFuture<String> left = node(join.left());
                CompletableFuture<String> right = node(join.right());
                return left.thenCombine(right, (l, r) -> combine(join, l, r));
            }
            DelegationPlan.Task task = (DelegationPlan.Task) node;
            CompletableFuture<String> input = task.input() == null ? CompletableFuture.completedFuture(null)
                    : node(task.input());
            return input.thenApplyAsync(inputStep -> task(task, inputStep), threads);
        }

        private String task(DelegationPlan.Task task, String inputStep) {
            TokenAllowance allowance = context.scope().tokenAllowance();
            if (allowance != null && allowance.exceeded()) {
                // the turn's one budget is spent (by earlier tasks, say): no sub-agent starts on nothing
                report.addObject().put("path", task.path()).put("task", task.task()).put("status", "not_started");
                throw new ToolRefusal(task.path() + " (\"" + task.task() + "\") was not started: the turn's token budget ("
                        + allowance.limit() + " tokens, sub-agents included) is spent");
            }
            context.scope().emit("subagent_task_start", TurnEvents.object().put("task", task.task())
                    .put("modelId", context.scope().model().entry().id()));
            SubAgents.Result result;
            try {
                slots.acquire();
                try {
                    result = subAgents.run(context, task.task(), prompt(task, inputStep), threads);
                } finally {
                    slots.release();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                result = new SubAgents.Result("cancelled", null, null);
            }
            ObjectNode end = TurnEvents.object().put("task", task.task()).put("status", result.status())
                    .put("modelId", context.scope().model().entry().id());
            if (result.outcome() != null) {
                JsonNode usage = result.outcome().usage();
                end.put("promptTokens", usage.path("promptTokens").asLong())
                        .put("completionTokens", usage.path("completionTokens").asLong())
                        .put("llmCallCount", usage.path("llmCallCount").asInt())
                        .put("estimatedCostUsd", usage.path("estimatedCostUsd").asDouble());
                context.scope().addSubAgentUsage(usage.path("promptTokens").asLong(),
                        usage.path("completionTokens").asLong(), usage.path("llmCallCount").asInt(),
                        usage.path("estimatedCostUsd").asDouble());
            }
            if (result.stepId() != null) {
                end.put("stepId", result.stepId());
            }
            context.scope().emit("subagent_task_end", end);
            ObjectNode row = report.addObject().put("path", task.path()).put("task", task.task())
                    .put("status", result.status());
            if (result.stepId() == null || !"done".equals(result.status())) {
                throw new ToolRefusal(task.path() + " (\"" + task.task() + "\") did not build a step: "
                        + result.status());
            }
            row.put("stepId", result.stepId());
            context.graph().current().step(result.stepId()).map(GraphStep::resultCount)
                    .ifPresent(count -> row.put("resultCount", count));
            steps.put(task.path(), result.stepId());
            return result.stepId();
        }

        private String combine(DelegationPlan.Combine join, String left, String right) {
            ObjectNode arguments = ToolResults.object().put("leftStepId", left).put("rightStepId", right)
                    .put("operator", join.operator().name());
            JsonNode made = combine.run(arguments, context);
            String stepId = made.path("step").path("stepId").asText();
            report.addObject().put("path", join.path()).put("combine", join.operator().name()).put("stepId", stepId)
                    .put("leftStepId", left).put("rightStepId", right)
                    .put("resultCount", made.path("step").path("resultCount").asLong());
            steps.put(join.path(), stepId);
            return stepId;
        }

        private String prompt(DelegationPlan.Task task, String inputStep) {
            StringBuilder prompt = new StringBuilder("Task: ").append(task.task());
            if (task.hint() != null) {
                prompt.append("\nHint: ").append(task.hint());
            }
            if (task.context() != null && !task.context().isNull()) {
                prompt.append("\nContext: ").append(task.context());
            }
            if (inputStep != null) {
                prompt.append("\nInput: transform the result of step ").append(inputStep)
                        .append(" (transform_step with inputStepId ").append(inputStep).append(").");
            }
            return prompt.toString();
        }

        /** What was built before a failure, for the model. */
        String built() {
            return steps.isEmpty() ? "" : "; steps already built stay in the graph: " + steps;
        }
    }

    @PreDestroy
    void stop() {
        threads.shutdownNow();
    }
}
