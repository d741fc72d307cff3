package org.strategylab.chat.service;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.jboss.logging.Logger;
import org.strategylab.chat.api.MessageView;
import org.strategylab.chat.api.Page;
import org.strategylab.chat.api.StrategyHeader;
import org.strategylab.chat.api.StrategyLink;
import org.strategylab.chat.api.StrategyPatch;
import org.strategylab.chat.api.StrategyView;
import org.strategylab.chat.client.UpstreamSite;
import org.strategylab.chat.graph.GraphSnapshot;
import org.strategylab.chat.graph.StrategyGraph;
import org.strategylab.chat.persistence.GraphDocuments;
import org.strategylab.chat.persistence.MessageRepository;
import org.strategylab.chat.persistence.StrategyEntity;
import org.strategylab.chat.persistence.StrategyRepository;
import org.strategylab.chat.tools.export.StrategyPush;
import org.strategylab.edge.peer.PeerFailure;
import org.strategylab.edge.problem.FieldError;
import org.strategylab.edge.problem.ProblemException;
import org.strategylab.eventlog.index.OperationRecord;
import org.strategylab.eventlog.index.OperationsIndex;

/** The caller's strategies (conversations): list, read, rename, delete, their messages, and pushing one to its site. */
@ApplicationScoped
public class StrategyService {

    private static final Logger LOG = Logger.getLogger(StrategyService.class);
    private static final Duration WAIT = Duration.ofSeconds(30);
    /** Messages a strategy view carries; the rest are paged at {@code /messages}. */
    private static final int VIEW_MESSAGES = 50;

    @Inject
    StrategyRepository strategies;

    @Inject
    MessageRepository messages;

    @Inject
    GraphDocuments graphs;

    @Inject
    StrategyPush pushes;

    @Inject
    UpstreamSite upstream;

    @Inject
    OperationsIndex index;

    public Page<StrategyHeader> list(String ownerId, String siteId, int limit, int offset) {
        List<StrategyHeader> items = strategies.list(ownerId, siteId, limit, offset).await().atMost(WAIT)
                .stream().map(StrategyViews::header).toList();
        return new Page<>(items, strategies.count(ownerId, siteId).await().atMost(WAIT), limit, offset);
    }

    public StrategyView get(String ownerId, UUID id) {
        StrategyEntity row = owned(ownerId, id);
        StrategyGraph graph = graphs.read(row);
        long total = messages.count(id).await().atMost(WAIT);
        int from = (int) Math.max(0, total - VIEW_MESSAGES);
        List<MessageView> latest = messages.page(id, VIEW_MESSAGES, from).await().atMost(WAIT)
                .stream().map(StrategyViews::message).toList();
        List<OperationRecord> running = index.listActive(ownerId, ChatService.KIND, id.toString(), 1, 0)
                .await().atMost(WAIT);
        return new StrategyView(StrategyViews.header(row), GraphSnapshot.of(id.toString(), row.name, graph),
                StrategyPush.problems(graph), latest, running.isEmpty() ? null : running.get(0).id().toString());
    }

    public Page<MessageView> messages(String ownerId, UUID id, int limit, int offset) {
        owned(ownerId, id);
        List<MessageView> items = messages.page(id, limit, offset).await().atMost(WAIT)
                .stream().map(StrategyViews::message).toList();
        return new Page<>(items, messages.count(id).await().atMost(WAIT), limit, offset);
    }

    public StrategyHeader patch(String ownerId, UUID id, StrategyPatch patch) {
        List<FieldError> errors = new ArrayList<>();
        checkName(patch.name(), errors);
        if (patch.description() != null && patch.description().length() > 4000) {
            errors.add(new FieldError("/description", "must be at most 4000 characters"));
        }
        if (!errors.isEmpty()) {
            throw ProblemException.invalid("The change is invalid", errors);
        }
        return strategies.update(id, ownerId, row -> {
            if (patch.name() != null) {
                row.name = patch.name().strip();
            }
            if (patch.description() != null) {
                row.description = patch.description().isEmpty() ? null : patch.description();
            }
        }).await().atMost(WAIT).map(StrategyViews::header).orElseThrow(() -> notFound(id));
    }

    /** Deletes the strategy and its messages; its strategy on the site goes too, when asked (best effort). */
    public void delete(String ownerId, String token, UUID id, boolean deleteUpstream) {
        StrategyEntity row = owned(ownerId, id);
        if (!strategies.delete(id, ownerId).await().atMost(WAIT)) {
            throw notFound(id);
        }
        if (deleteUpstream && row.upstreamStrategyId != null) {
            try {
                upstream.deleteStrategy(token, row.siteId, row.upstreamStrategyId);
            } catch (PeerFailure | IllegalStateException e) {
                LOG.infof("strategy %d on %s was not deleted with conversation %s: %s", row.upstreamStrategyId,
                        row.siteId, id, e.getMessage());
            }
        }
    }

    /**
     * Puts the strategy on its site under its name, or under {@code name} (the conversation is renamed
     * to it first).
     */
    public StrategyLink push(String ownerId, String token, UUID id, boolean saved, String name) {
        List<FieldError> errors = new ArrayList<>();
        checkName(name, errors);
        if (!errors.isEmpty()) {
            throw ProblemException.invalid("The name is invalid", errors);
        }
        StrategyEntity row = owned(ownerId, id);
        StrategyGraph graph = graphs.read(row);
        List<String> problems = StrategyPush.problems(graph);
        if (!problems.isEmpty()) {
            throw ProblemException.invalid("The strategy cannot be put on the site as it stands",
                    problems.stream().map(p -> new FieldError("/graph", p)).toList());
        }
        if (name != null) {
            // renamed only when the graph can be saved as it stands (a strategy with problems keeps its name)
            row = strategies.update(id, ownerId, r -> r.name = name.strip()).await().atMost(WAIT)
                    .orElseThrow(() -> notFound(id));
        }
        try {
            return pushes.push(row, graph, token, saved).link();
        } catch (PeerFailure failure) {
            throw new ProblemException(failure.inputRefused() ? 422 : 502,
                    failure.inputRefused() ? "STRATEGY_REFUSED" : "UPSTREAM_ERROR",
                    failure.inputRefused() ? "Unprocessable Content" : "Bad Gateway",
                    "the site refused the strategy: " + failure.explanation(), List.of());
        }
    }

    /**
     * A new conversation of the caller's with the strategy's graph (no earlier versions to undo to, no
     * link to the site's strategy or steps) and none of its messages.
     */
    public StrategyView duplicate(String ownerId, UUID id, String name) {
        List<FieldError> errors = new ArrayList<>();
        checkName(name, errors);
        if (!errors.isEmpty()) {
            throw ProblemException.invalid("The name is invalid", errors);
        }
        StrategyEntity original = owned(ownerId, id);
        StrategyEntity copy = new StrategyEntity();
        copy.id = UUID.randomUUID();
        copy.ownerId = ownerId;
        copy.siteId = original.siteId;
        copy.name = name != null ? name.strip() : copyName(original.name);
        copy.description = original.description;
        graphs.write(copy, graphs.read(original).replaceAll(step -> step.withUpstreamStepId(null)));
        strategies.insert(copy).await().atMost(WAIT);
        return get(ownerId, copy.id);
    }

    /** "Copy of" and the name, cut to the 255 characters a name may have. */
    static String copyName(String name) {
        String copy = "Copy of " + name;
        return copy.length() <= 255 ? copy : copy.substring(0, 254) + "…";
    }

    private static void checkName(String name, List<FieldError> errors) {
        if (name != null && (name.isBlank() || name.length() > 255)) {
            errors.add(new FieldError("/name", "must be 1 to 255 characters"));
        }
    }

    private StrategyEntity owned(String ownerId, UUID id) {
        return strategies.findOwned(id, ownerId).await().atMost(WAIT).orElseThrow(() -> notFound(id));
    }

    private static ProblemException notFound(UUID id) {
        return ProblemException.notFound("STRATEGY_NOT_FOUND", "no strategy " + id);
    }
}
