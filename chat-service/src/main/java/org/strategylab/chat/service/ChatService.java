package org.strategylab.chat.service;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.strategylab.chat.api.ChatRequest;
import org.strategylab.chat.api.ChatStarted;
import org.strategylab.chat.client.UpstreamSite;
import org.strategylab.chat.config.ChatConfig;
import org.strategylab.chat.graph.StrategyGraph;
import org.strategylab.chat.messaging.ChatCommand;
import org.strategylab.chat.messaging.CommandPublisher;
import org.strategylab.chat.persistence.GraphDocuments;
import org.strategylab.chat.persistence.MessageEntity;
import org.strategylab.chat.persistence.MessageRepository;
import org.strategylab.chat.persistence.StrategyEntity;
import org.strategylab.chat.persistence.StrategyRepository;
import org.strategylab.edge.peer.PeerFailure;
import org.strategylab.edge.problem.FieldError;
import org.strategylab.edge.problem.ProblemException;
import org.strategylab.eventlog.index.OperationRecord;
import org.strategylab.eventlog.operation.OperationHandle;
import org.strategylab.eventlog.operation.Operations;

/**
 * Starts chat turns: checks the request (fields, model, site, mentions, the conversation's owner),
 * keeps one turn per conversation at a time, stores the user's message, registers the turn's
 * operation and writes the turn's command to {@code chat.commands}, which any instance's worker
 * consumes; when this instance has a free turn slot it holds the operation from the start and runs
 * the turn itself at once ({@code turns.run-where-accepted}), and the command's consumer finds it
 * taken. Blocking: called on a worker thread by the REST layer.
 */
@ApplicationScoped
public class ChatService {

    private static final org.jboss.logging.Logger LOG = org.jboss.logging.Logger.getLogger(ChatService.class);

    public static final String KIND = "chat";
    /** The operation kind of a workbench turn (its target is the experiment). */
    public static final String WORKBENCH_KIND = "workbench_chat";
    public static final String EVENTS_TOPIC = "chat.events";
    static final Duration WAIT = Duration.ofSeconds(30);
    private static final int TITLE_CHARS = 80;

    @Inject
    ChatRequests requests;

    @Inject
    ModelSelection models;

    @Inject
    UpstreamSite upstream;

    @Inject
    MentionLoader mentions;

    @Inject
    StrategyRepository strategies;

    @Inject
    MessageRepository messages;

    @Inject
    GraphDocuments graphs;

    @Inject
    ConversationHold hold;

    @Inject
    Operations operations;

    @Inject
    CommandPublisher commands;

    @Inject
    ChatWorker worker;

    @Inject
    ChatConfig config;

    public TurnStarted start(String callerId, String token, ChatRequest request) {
        ModelSelection.Choice model = checked(request, true);
        StrategyEntity strategy = request.strategyId() == null ? null
                : strategies.findOwned(UUID.fromString(request.strategyId()), callerId).await().atMost(WAIT)
                .filter(found -> found.experimentId == null)
                .orElseThrow(() -> ProblemException.notFound("STRATEGY_NOT_FOUND", "no strategy " + request.strategyId()));
        if (strategy != null && !strategy.siteId.equals(request.siteId())) {
            throw ProblemException.invalid("The chat request is invalid", List.of(new FieldError("/siteId",
                    "the conversation is on site " + strategy.siteId + ", not " + request.siteId())));
        }
        mentions.load(callerId, token, request.mentions());
        return begin(callerId, token, request, model, strategy, null);
    }

    /**
     * A turn of an experiment's workbench chat (spec §4.4): the caller's experiment (a 404 when it is
     * not theirs) is the conversation's context, on the experiment's site, with the workbench tools.
     */
    public TurnStarted startWorkbench(String callerId, String token, String experimentId, ChatRequest request) {
        if (!ChatRequests.uuid(experimentId)) {
            throw ProblemException.notFound("EXPERIMENT_NOT_FOUND", "no experiment " + experimentId);
        }
        com.fasterxml.jackson.databind.JsonNode experiment = mentions.experiment(token, experimentId)
                .orElseThrow(() -> ProblemException.notFound("EXPERIMENT_NOT_FOUND", "no experiment " + experimentId));
        String siteId = experiment.path("siteId").asText(experiment.path("config").path("siteId").asText());
        if (request.siteId() != null && !request.siteId().equals(siteId)) {
            throw ProblemException.invalid("The chat request is invalid", List.of(new FieldError("/siteId",
                    "the experiment is on site " + siteId + ", not " + request.siteId())));
        }
        if (request.strategyId() != null) {
            throw ProblemException.invalid("The chat request is invalid", List.of(new FieldError("/strategyId",
                    "a workbench chat has one conversation per experiment; leave strategyId out")));
        }
        List<org.strategylab.chat.api.Mention> withExperiment = new ArrayList<>(request.mentions());
        withExperiment.add(0, new org.strategylab.chat.api.Mention("experiment", experimentId,
                experiment.path("name").asText("experiment")));
        ChatRequest scoped = new ChatRequest(siteId, request.message(), null, request.provider(), request.model(),
                request.reasoningEffort(), withExperiment, request.disabledTools(), request.disableRag(),
                request.temperature(), request.seed(), request.contextSize(), request.responseTokens(),
                request.reasoningBudget());
        ModelSelection.Choice model = checked(scoped, false);
        mentions.load(callerId, token, scoped.mentions());
        StrategyEntity conversation = strategies.findWorkbench(UUID.fromString(experimentId), callerId)
                .await().atMost(WAIT).orElse(null);
        return begin(callerId, token, scoped, model, conversation, experimentId);
    }

    /** The request's field problems, its model, and (for the chat) its site: a 422 naming each bad field. */
    private ModelSelection.Choice checked(ChatRequest request, boolean checkSite) {
        List<FieldError> errors = new ArrayList<>(requests.problems(request));
        ModelSelection.Choice model = models.choose(request);
        if (model.error() != null) {
            errors.add(model.error());
        }
        if (checkSite && errors.isEmpty() && !siteExists(request.siteId())) {
            errors.add(new FieldError("/siteId", "unknown site '" + request.siteId() + "'; GET /api/v1/sites lists them"));
        }
        if (!errors.isEmpty()) {
            throw ProblemException.invalid("The chat request is invalid", errors);
        }
        return model;
    }

    /** A 429 when the caller has as many turns running or queued as one user may ({@code turns.per-user-max-active}). */
    private void admit(String callerId) {
        int cap = config.turns().perUserMaxActive();
        long active = operations.activeOf(callerId).await().atMost(WAIT);
        if (active >= cap) {
            throw ProblemException.tooMany("TOO_MANY_TURNS", "You have " + active + " chat turns running or queued,"
                    + " the most one user may have at once (turns.per-user-max-active = " + cap + ");"
                    + " send more when some have ended", java.time.Duration.ofSeconds(10));
        }
    }

    /** Holds the conversation (or makes it), stores the message, registers the turn and hands it to a worker. */
    private TurnStarted begin(String callerId, String token, ChatRequest request, ModelSelection.Choice model,
                              StrategyEntity strategy, String experimentId) {
        String kind = experimentId == null ? KIND : WORKBENCH_KIND;
        admit(callerId);
        StrategyEntity fresh = strategy == null ? newStrategy(callerId, request, experimentId) : null;
        UUID strategyId = strategy != null ? strategy.id : fresh.id;
        String target = experimentId != null ? experimentId : strategyId.toString();
        if (strategy != null) {
            hold.hold(strategy.id, callerId, kind, target);
        }
        MessageEntity user = new MessageEntity();
        user.id = UUID.randomUUID();
        user.strategyId = strategyId;
        user.role = "user";
        user.content = request.message();
        UUID operationId = UUID.randomUUID();
        ChatCommand command = new ChatCommand(operationId.toString(), strategyId.toString(), callerId, token,
                user.id.toString(), UUID.randomUUID().toString(), request.message(), model.model().id(),
                request.reasoningEffort(), request.temperature(), request.seed(), request.responseTokens(),
                request.reasoningBudget(), request.mentions(), request.disabledTools(), experimentId,
                Boolean.TRUE.equals(request.disableRag()));
        try {
            OperationRecord registered = config.turns().runWhereAccepted() && worker.reserveSlot(operationId, callerId)
                    ? startHere(command, kind, target, fresh, user)
                    : startThroughCommand(command, kind, target, fresh, user);
            return new TurnStarted(new ChatStarted(operationId.toString(), strategyId.toString(), command.messageId()),
                    registered);
        } finally {
            // not waited for: from here the registered operation itself keeps a second turn out
            strategies.clearTurnStarting(strategyId).subscribe().with(done -> { },
                    failure -> LOG.warnf("conversation %s stays held for its start window: %s", strategyId,
                            failure.getMessage()));
        }
    }

    /**
     * A free slot here: the operation is held by this instance from its registration and the turn
     * starts at once, so its first events need not wait for the command's trip through Kafka and the
     * claim. The command is written all the same (every turn is on {@code chat.commands}), beside the
     * rest; its consumer skips it ({@link ChatWorker#reserveSlot}).
     */
    private OperationRecord startHere(ChatCommand command, String kind, String target, StrategyEntity fresh,
                                      MessageEntity user) {
        UUID operationId = UUID.fromString(command.operationId());
        CompletableFuture<OperationHandle> holding = operations.start(operationId, command.ownerId(), kind, target,
                EVENTS_TOPIC).subscribeAsCompletionStage();
        CompletableFuture<Void> writing = commands.publish(command).subscribeAsCompletionStage();
        OperationHandle held;
        try {
            store(fresh, user);
            held = Uni.createFrom().completionStage(holding).await().atMost(WAIT);
        } catch (RuntimeException e) {
            worker.releaseSlot(operationId, command.ownerId());
            // held by this instance and never run: ended, so the conversation is not kept busy
            holding.thenAccept(handle -> handle.fail("the turn could not start: "
                            + org.strategylab.edge.peer.CallFailures.personsText(e, "its records could not be written")).subscribe()
                    .with(done -> { }, failure -> LOG.warnf("turn %s stays active until its lease ends: %s",
                            handle.id(), failure.getMessage())));
            throw e;
        }
        // a new conversation is known whole here (its row and its only message): the turn need not read it back
        worker.runHere(held, command, fresh);
        try {
            Uni.createFrom().completionStage(writing).await().atMost(WAIT);
        } catch (RuntimeException e) {
            // the turn runs already: only the record of it is missing
            LOG.warnf("the command of turn %s (running here) was not written: %s", operationId, e.getMessage());
        }
        return held.record();
    }

    /** The operation is registered while the messages are stored, then the command goes to any instance's worker. */
    private OperationRecord startThroughCommand(ChatCommand command, String kind, String target, StrategyEntity fresh,
                                                MessageEntity user) {
        // registered before the command is written: a worker that takes the command finds the operation
        CompletableFuture<OperationRecord> registering = operations.register(UUID.fromString(command.operationId()),
                command.ownerId(), kind, target, EVENTS_TOPIC).subscribeAsCompletionStage();
        store(fresh, user);
        OperationRecord registered = Uni.createFrom().completionStage(registering).await().atMost(WAIT);
        commands.publish(command).await().atMost(WAIT);
        return registered;
    }

    /** The user's message, with its new conversation if the turn starts one (one transaction then). */
    private void store(StrategyEntity fresh, MessageEntity user) {
        if (fresh != null) {
            strategies.insertWithFirstMessage(fresh, user).await().atMost(WAIT);
        } else {
            messages.append(user).await().atMost(WAIT);
        }
    }

    private boolean siteExists(String siteId) {
        try {
            return upstream.siteExists(siteId);
        } catch (PeerFailure failure) {
            throw new ProblemException(502, "UPSTREAM_ERROR", "Bad Gateway",
                    "the site list could not be read: " + failure.getMessage(), List.of());
        }
    }

    private StrategyEntity newStrategy(String callerId, ChatRequest request, String experimentId) {
        StrategyEntity entity = new StrategyEntity();
        entity.id = UUID.randomUUID();
        entity.experimentId = experimentId == null ? null : UUID.fromString(experimentId);
        entity.ownerId = callerId;
        entity.siteId = request.siteId();
        String title = request.message().strip().replaceAll("\\s+", " ");
        entity.name = title.length() <= TITLE_CHARS ? title : title.substring(0, TITLE_CHARS - 1) + "…";
        graphs.write(entity, StrategyGraph.empty());
        // a new conversation is held for its first turn from the start
        entity.turnStartingAt = java.time.OffsetDateTime.now();
        return entity;
    }
}
