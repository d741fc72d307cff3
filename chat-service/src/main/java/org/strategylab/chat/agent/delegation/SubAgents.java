package org.strategylab.chat.agent.delegation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.arc.All;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.strategylab.chat.agent.AgentTurn;
import org.strategylab.chat.agent.TurnOutcome;
import org.strategylab.chat.agent.TurnRequest;
import org.strategylab.chat.config.ChatConfig;
import org.strategylab.chat.provider.ProviderAdapter;
import org.strategylab.chat.tools.AgentTool;
import org.strategylab.chat.tools.TokenAllowance;
import org.strategylab.chat.tools.ToolContext;
import org.strategylab.chat.tools.ToolRegistry;

/**
 * Runs one sub-agent: the agent loop on the parent turn's model, with the catalog and graph tools
 * only (spec §1.1: no delegation, optimisation, workbench, export or artifact tools), on the
 * parent's graph, under the task timeout; a cancel of the parent turn stops it.
 */
@ApplicationScoped
public class SubAgents {

    /** The groups of tools a sub-agent has. */
    static final Set<String> GROUPS = Set.of("catalog", "graph");

    @Inject
    ToolRegistry registry;

    @Inject
    @All
    List<ProviderAdapter> adapters;

    @Inject
    ChatConfig config;

    @Inject
    ObjectMapper mapper;

    /** How a sub-agent's task ended: {@code done}, {@code no_steps}, {@code timeout}, {@code failed} or {@code cancelled}. */
    public record Result(String status, String stepId, TurnOutcome outcome) {
    }

    public Result run(ToolContext parent, String task, String prompt, ExecutorService threads)
            throws InterruptedException {
        ProviderAdapter adapter = adapters.stream().filter(a -> a.provider().equals(parent.scope().model().entry().provider()))
                .findFirst().orElseThrow();
        List<AgentTool> tools = registry.all().stream().filter(t -> GROUPS.contains(t.group())).toList();
        TurnRequest request = new TurnRequest(parent.strategyId(), parent.graph().name(), parent.ownerId(),
                parent.token(), parent.siteId(), UUID.randomUUID().toString(), prompt, parent.scope().model(), Set.of(),
                List.of(), List.of(), parent.graph().current(), task, null, parent.scope().disableRag());
        // the sub-agent spends from its parent turn's allowance: delegation does not multiply the budget
        TokenAllowance shared = parent.scope().tokenAllowance();
        AgentTurn turn = new AgentTurn(request, adapter, tools, parent.graph(), new SubAgentEvents(parent.scope(), task,
                mapper), config.agent(), threads,
                shared != null ? shared : new TokenAllowance(config.agent().maxTokens()));
        parent.scope().whenCancelled(turn::cancel);
        Future<TurnOutcome> running = threads.submit(turn::run);
        TurnOutcome outcome;
        try {
            outcome = running.get(config.delegation().taskTimeout().toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            turn.cancel();
            return new Result("timeout", null, null);
        } catch (ExecutionException e) {
            return new Result("failed", null, null);
        } catch (InterruptedException e) {
            turn.cancel();
            throw e;
        }
        String stepId = createdStep(outcome);
        return switch (outcome.status()) {
            case CANCELLED -> new Result("cancelled", stepId, outcome);
            case FAILED -> new Result(stepId != null ? "done" : "failed", stepId, outcome);
            default -> new Result(stepId != null ? "done" : "no_steps", stepId, outcome);
        };
    }

    /** The step the sub-agent made: the last step a create or transform call answered with. */
    private String createdStep(TurnOutcome outcome) {
        String stepId = null;
        for (JsonNode call : outcome.toolCalls()) {
            String name = call.path("name").asText();
            if (!name.equals("create_step") && !name.equals("transform_step")) {
                continue;
            }
            try {
                JsonNode result = mapper.readTree(call.path("result").asText());
                if (result.path("step").path("stepId").isTextual()) {
                    stepId = result.path("step").path("stepId").asText();
                }
            } catch (IOException e) {
                // a cut result names no step
            }
        }
        return stepId;
    }
}
