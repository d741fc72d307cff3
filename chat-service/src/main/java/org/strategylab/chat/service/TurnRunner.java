package org.strategylab.chat.service;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.UserMessage;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.jboss.logging.Logger;
import org.strategylab.chat.agent.AgentLoop;
import org.strategylab.chat.agent.AgentTurn;
import org.strategylab.chat.agent.TurnEvents;
import org.strategylab.chat.agent.TurnOutcome;
import org.strategylab.chat.agent.TurnRequest;
import org.strategylab.chat.config.ChatConfig;
import org.strategylab.chat.graph.GraphSnapshot;
import org.strategylab.chat.graph.StrategyGraph;
import org.strategylab.chat.messaging.ChatCommand;
import org.strategylab.chat.persistence.GraphDocuments;
import org.strategylab.chat.persistence.MessageEntity;
import org.strategylab.chat.persistence.MessageRepository;
import org.strategylab.chat.persistence.StrategyEntity;
import org.strategylab.chat.persistence.StrategyRepository;
import org.strategylab.chat.provider.ModelCatalog;
import org.strategylab.chat.provider.ModelChoice;
import org.strategylab.chat.provider.ModelEntry;
import org.strategylab.chat.tools.TurnGraph;
import org.strategylab.eventlog.operation.OperationHandle;

/**
 * Runs one claimed turn on the calling thread: loads the conversation, announces the turn
 * ({@code user_message}, {@code message_start}, {@code model_selected}), runs the agent loop, and
 * stores the assistant's message. A turn that cannot even start (its conversation was deleted, its
 * model left the catalog) ends with the chat kind's failure events.
 */
@ApplicationScoped
public class TurnRunner {

    private static final Logger LOG = Logger.getLogger(TurnRunner.class);
    private static final Duration WAIT = Duration.ofSeconds(30);

    @Inject
    StrategyRepository strategies;

    @Inject
    MessageRepository messages;

    @Inject
    GraphDocuments graphs;

    @Inject
    MentionLoader mentions;

    @Inject
    ModelCatalog catalog;

    @Inject
    AgentLoop loop;

    @Inject
    ChatConfig config;

    @Inject
    ObjectMapper mapper;

    /**
     * Runs the turn.
     *
     * @param newConversation the conversation the turn's request just created, as stored (its only
     *                        message is the turn's own), or null to read the conversation
     */
    public void run(OperationHandle handle, ChatCommand command, StrategyEntity newConversation) {
        UUID strategyId = UUID.fromString(command.strategyId());
        StrategyEntity strategy;
        ModelEntry model;
        List<String> blocks;
        List<ChatMessage> history;
        try {
            strategy = newConversation != null ? newConversation : strategies.find(strategyId).await().atMost(WAIT)
                    .orElseThrow(() -> new IllegalStateException("the conversation no longer exists"));
            model = catalog.find(command.modelId())
                    .orElseThrow(() -> new IllegalStateException("model " + command.modelId() + " is no longer in the catalog"));
            blocks = mentions.load(command.ownerId(), command.token(), command.mentions());
            history = newConversation != null ? List.of() : history(strategyId, UUID.fromString(command.userMessageId()));
        } catch (RuntimeException e) {
            LOG.warnf("turn %s could not start: %s", command.operationId(), e.getMessage());
            handle.fail("the turn could not start: " + org.strategylab.edge.peer.CallFailures.personsText(e,
                    "an unexpected error; quote the operation id when reporting it")).await().atMost(WAIT);
            return;
        }
        TurnEvents events = new TurnEvents(handle, mapper);
        StrategyGraph graph = graphs.read(strategy);
        events.emit("user_message", TurnEvents.object().put("messageId", command.userMessageId())
                .put("content", command.message()));
        events.emit("message_start", messageStart(strategy));
        events.emit("model_selected", TurnEvents.object().put("modelId", model.id()));
        if (!graph.steps().isEmpty()) {
            ObjectNode snapshot = TurnEvents.object().put("graphId", strategyId.toString());
            snapshot.set("graphSnapshot", mapper.valueToTree(GraphSnapshot.of(strategyId.toString(), strategy.name, graph)));
            events.emit("graph_snapshot", snapshot);
        }
        TurnGraph turnGraph = new TurnGraph(strategy.name, graph,
                new StoredGraph(strategies, graphs, strategyId, command.ownerId()));
        ModelChoice choice = new ModelChoice(model, command.reasoningEffort(), command.temperature(), command.seed(),
                command.responseTokens(), command.reasoningBudget());
        TurnRequest request = new TurnRequest(strategyId, strategy.name, command.ownerId(), command.token(),
                strategy.siteId, command.messageId(), command.message(), choice, Set.copyOf(command.disabledTools()),
                blocks, history, graph, null, command.experimentId(), command.disableRag());
        AgentTurn turn = loop.turn(request, handle, turnGraph);
        handle.onCancel(turn::cancel);
        TurnOutcome outcome = turn.run();
        store(strategyId, command, model, outcome);
        turn.end(outcome);
    }

    private void store(UUID strategyId, ChatCommand command, ModelEntry model, TurnOutcome outcome) {
        MessageEntity message = new MessageEntity();
        message.id = UUID.fromString(command.messageId());
        message.strategyId = strategyId;
        message.role = "assistant";
        message.content = outcome.content();
        ObjectNode calls = TurnEvents.object();
        calls.set("calls", outcome.toolCalls());
        message.toolCalls = calls;
        message.reasoning = outcome.reasoning();
        message.tokenUsage = outcome.usage();
        message.modelId = model.id();
        message.operationId = UUID.fromString(command.operationId());
        message.status = outcome.status().wire();
        try {
            messages.append(message).await().atMost(WAIT);
            strategies.update(strategyId, command.ownerId(), row -> row.modelId = model.id()).await().atMost(WAIT);
        } catch (RuntimeException e) {
            LOG.errorf(e, "the assistant message of turn %s was not stored", command.operationId());
        }
    }

    /** The earlier messages the model sees: user and assistant text, oldest first, without this turn's. */
    private List<ChatMessage> history(UUID strategyId, UUID currentUserMessage) {
        List<ChatMessage> history = new ArrayList<>();
        for (MessageEntity message : messages.latest(strategyId, config.agent().historyMessages() + 1).await().atMost(WAIT)) {
            if (message.id.equals(currentUserMessage) || message.content == null || message.content.isBlank()) {
                continue;
            }
            history.add("user".equals(message.role) ? UserMessage.from(message.content) : AiMessage.from(message.content));
        }
        return history;
    }

    private ObjectNode messageStart(StrategyEntity strategy) {
        ObjectNode start = TurnEvents.object().put("strategyId", strategy.id.toString());
        if (strategy.experimentId != null) {
            // a workbench turn (api-contract.md §5.5): the experiment it is about
            start.put("experimentId", strategy.experimentId.toString());
        }
        start.set("strategy", mapper.valueToTree(StrategyViews.header(strategy)));
        return start;
    }
}
