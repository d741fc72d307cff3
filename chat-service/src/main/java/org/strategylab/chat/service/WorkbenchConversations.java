package org.strategylab.chat.service;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.strategylab.chat.api.MessageView;
import org.strategylab.chat.api.Page;
import org.strategylab.chat.persistence.MessageRepository;
import org.strategylab.chat.persistence.StrategyEntity;
import org.strategylab.chat.persistence.StrategyRepository;
import org.strategylab.edge.problem.ProblemException;

/** Reading an experiment's workbench conversation: the experiment must be the caller's (experiment-service says so). */
@ApplicationScoped
public class WorkbenchConversations {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @Inject
    MentionLoader experiments;

    @Inject
    StrategyRepository strategies;

    @Inject
    MessageRepository messages;

    public Page<MessageView> messages(String callerId, String token, String experimentId, int limit, int offset) {
        if (!ChatRequests.uuid(experimentId) || experiments.experiment(token, experimentId).isEmpty()) {
            throw ProblemException.notFound("EXPERIMENT_NOT_FOUND", "no experiment " + experimentId);
        }
        Optional<StrategyEntity> conversation = strategies.findWorkbench(UUID.fromString(experimentId), callerId)
                .await().atMost(WAIT);
        if (conversation.isEmpty()) {
            return new Page<>(List.of(), 0, limit, offset);
        }
        UUID id = conversation.get().id;
        List<MessageView> items = messages.page(id, limit, offset).await().atMost(WAIT)
                .stream().map(StrategyViews::message).toList();
        return new Page<>(items, messages.count(id).await().atMost(WAIT), limit, offset);
    }
}
