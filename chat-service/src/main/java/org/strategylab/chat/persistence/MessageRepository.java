package org.strategylab.chat.persistence;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;
import org.strategylab.edge.persistence.IsolatedContext;

/**
 * The messages of conversations. Appending numbers the message after the conversation's last one
 * and counts it on the strategy in the same transaction; a conversation runs one turn at a time,
 * and the unique (strategy, seq) key refuses the rare race instead of reordering.
 */
@ApplicationScoped
public class MessageRepository {

    @Inject
    IsolatedContext context;

    public Uni<MessageEntity> append(MessageEntity message) {
        message.createdAt = OffsetDateTime.now();
        return context.run(() -> Panache.withTransaction(() -> MessageEntity.find(
                        "select coalesce(max(m.seq), 0) from MessageEntity m where m.strategyId = ?1", message.strategyId)
                .project(Integer.class).firstResult()
                .chain(last -> {
                    message.seq = (last == null ? 0 : last) + 1;
                    return message.<MessageEntity>persist();
                })
                .call(saved -> StrategyEntity.update(
                        "messageCount = messageCount + 1, updatedAt = ?1 where id = ?2", message.createdAt,
                        message.strategyId))));
    }

    /** One page of a conversation's messages, oldest first. */
    public Uni<List<MessageEntity>> page(UUID strategyId, int limit, int offset) {
        return context.run(() -> Panache.withSession(() -> MessageEntity.<MessageEntity>find("strategyId", Sort.by("seq"),
                strategyId).range(offset, offset + limit - 1).list()));
    }

    public Uni<Long> count(UUID strategyId) {
        return context.run(() -> Panache.withSession(() -> MessageEntity.count("strategyId", strategyId)));
    }

    /** The conversation's last {@code count} messages, oldest first (a turn's history). */
    public Uni<List<MessageEntity>> latest(UUID strategyId, int count) {
        return context.run(() -> Panache.withSession(() -> MessageEntity.<MessageEntity>find("strategyId",
                        Sort.by("seq", Sort.Direction.Descending), strategyId).range(0, count - 1).list()))
                .map(newestFirst -> {
                    List<MessageEntity> ordered = new ArrayList<>(newestFirst);
                    Collections.reverse(ordered);
                    return ordered;
                });
    }
}
