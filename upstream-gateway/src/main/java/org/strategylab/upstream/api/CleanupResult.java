package org.strategylab.upstream.api;

import java.util.List;

/**
 * What a clean-up of leaked helper strategies did.
 *
 * @param examined   strategies listed
 * @param deleted    helper strategies deleted
 * @param deletedIds their ids
 */
public record CleanupResult(int examined, int deleted, List<Long> deletedIds) {
}
