package org.strategylab.chat.agent;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.arc.All;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import org.strategylab.chat.config.ChatConfig;
import org.strategylab.chat.provider.ProviderAdapter;
import org.strategylab.chat.tools.ToolRegistry;
import org.strategylab.chat.tools.TurnGraph;
import org.strategylab.eventlog.operation.OperationHandle;

/**
 * The agent loop (ARCHITECTURE.md §6): makes {@link AgentTurn}s, each a small state machine over
 * langchain4j's streaming chat model and the tools — model call, tool calls, events, repeat —
 * within the configured budgets of rounds and tokens.
 */
@ApplicationScoped
public class AgentLoop {

    @Inject
    ChatConfig config;

    @Inject
    ToolRegistry tools;

    @Inject
    @All
    List<ProviderAdapter> adapters;

    @Inject
    ObjectMapper mapper;

    /**
     * Tool calls run here, each under its own timeout. Platform threads: the build targets Java 17,
     * where virtual threads do not exist; a tool mostly waits on upstream-gateway.
     */
    private final ExecutorService toolThreads = Executors.newCachedThreadPool(named("chat-tool"));

    /** A turn, ready to run on the calling thread. */
    public AgentTurn turn(TurnRequest request, OperationHandle handle, TurnGraph graph) {
        ProviderAdapter adapter = adapters.stream().filter(a -> a.provider().equals(request.model().entry().provider()))
                .findFirst().orElseThrow(() -> new IllegalStateException(
                        "no adapter for provider " + request.model().entry().provider()));
        return new AgentTurn(request, adapter, tools.available(request.disabledTools(), request.experimentId() != null), graph,
                new TurnEvents(handle, mapper), config.agent(), toolThreads);
    }

    @PreDestroy
    void stop() {
        toolThreads.shutdownNow();
    }

    static ThreadFactory named(String prefix) {
        AtomicInteger count = new AtomicInteger();
        return runnable -> {
            Thread thread = new Thread(runnable, prefix + "-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }
}
