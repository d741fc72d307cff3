package org.strategylab.chat.tools;

import java.util.UUID;

/**
 * What a tool call acts for: the caller (every upstream call is theirs), the site, and the
 * conversation's graph.
 *
 * @param ownerId    the caller's user id
 * @param token      the caller's token, for upstream-gateway
 * @param siteId     the conversation's site
 * @param strategyId the conversation (strategy)
 * @param graph      the graph the turn edits
 * @param scope      the turn itself (its model, events and cancellation)
 */
public record ToolContext(String ownerId, String token, String siteId, UUID strategyId, TurnGraph graph,
                          TurnScope scope) {
}
