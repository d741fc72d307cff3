package org.strategylab.chat.service;

import org.strategylab.chat.api.MessageView;
import org.strategylab.chat.api.SiteStrategy;
import org.strategylab.chat.api.StrategyHeader;
import org.strategylab.chat.persistence.MessageEntity;
import org.strategylab.chat.persistence.StrategyEntity;

/** Rows as the API shows them. */
public final class StrategyViews {

    private StrategyViews() {
    }

    public static StrategyHeader header(StrategyEntity row) {
        return new StrategyHeader(row.id.toString(), row.name, row.name, row.description, row.siteId, row.recordType,
                row.stepCount, row.resultCount, row.upstreamStrategyId, row.upstreamUrl, row.saved, siteStrategy(row), row.modelId,
                row.messageCount, row.createdAt, row.updatedAt);
    }

    /** The linked strategy on the site; out of date when the graph's fingerprint moved since it was saved there. */
    static SiteStrategy siteStrategy(StrategyEntity row) {
        if (row.upstreamStrategyId == null) {
            return null;
        }
        boolean outOfDate = row.siteFingerprint != null && !row.siteFingerprint.equals(row.graphFingerprint);
        return new SiteStrategy(row.upstreamStrategyId, row.upstreamUrl, row.siteSavedAt, outOfDate);
    }

    public static MessageView message(MessageEntity row) {
        return new MessageView(row.id.toString(), row.seq, row.role, row.content,
                row.toolCalls == null ? null : row.toolCalls.path("calls"), row.reasoning, row.tokenUsage, row.modelId,
                row.operationId == null ? null : row.operationId.toString(), row.status, row.createdAt);
    }
}
