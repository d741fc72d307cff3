package org.strategylab.chat.api;

import java.time.OffsetDateTime;

/**
 * The strategy on the site a conversation is linked to (pushed there, or imported from there).
 *
 * @param id        the site's strategy id
 * @param url       where to open it on the site
 * @param savedAt   when StrategyLab last put it on the site, or read it from there; null for a
 *                  strategy linked before this was recorded
 * @param outOfDate true when the conversation's graph changed since then, so the site's strategy
 *                  is not what the conversation shows (a push brings it up to date); false when it
 *                  is the same, or when that is not known ({@code savedAt} null)
 */
public record SiteStrategy(long id, String url, OffsetDateTime savedAt, boolean outOfDate) {
}
