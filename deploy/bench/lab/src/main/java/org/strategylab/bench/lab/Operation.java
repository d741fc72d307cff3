package org.strategylab.bench.lab;

import java.util.UUID;

/**
 * One operation a bench user started, as measured: when the bench sent its POST, when the 202
 * came back, when its terminal event arrived here (all {@link System#nanoTime()}), how it ended, and
 * its row in the operations index.
 *
 * @param user        the bench user (0-based)
 * @param kind        {@code chat}, {@code experiment} or {@code sweep}
 * @param operationId the operation (null when the POST was refused)
 * @param submitNanos when the POST was sent (the first attempt's, when a busy answer was waited out)
 * @param acceptNanos when the 202 arrived
 * @param endNanos    when the terminal event arrived (0 if none did within the limit)
 * @param ok          it completed: its terminal event and its row say so, and nothing in it failed
 * @param outcome     how it ended, in a few words (its status, or why it counts as failed)
 * @param queueMillis from the operation's creation to its claim by a worker, by the database's clock (-1 if unknown)
 * @param createdMillis its row's creation (epoch ms, the database's clock; 0 if unknown)
 * @param claimedMillis its row's claim by a worker (epoch ms; 0 if unknown)
 * @param holder       the worker that held it last, as its row says (null if unknown)
 * @param target       what it works on, as its row says (an experiment's id; the key of its command)
 */
record Operation(int user, String kind, UUID operationId, long submitNanos, long acceptNanos, long endNanos,
                 boolean ok, String outcome, double queueMillis, long createdMillis, long claimedMillis, String holder,
                 String target) {

    Operation(int user, String kind, UUID operationId, long submitNanos, long acceptNanos, long endNanos, boolean ok,
              String outcome) {
        this(user, kind, operationId, submitNanos, acceptNanos, endNanos, ok, outcome, -1, 0, 0, null, null);
    }

    /** Seconds from the POST to the terminal event. */
    double totalSeconds() {
        return (endNanos - submitNanos) / 1e9;
    }

    /** Seconds from the POST to its 202. */
    double acceptSeconds() {
        return (acceptNanos - submitNanos) / 1e9;
    }

    Operation withRow(boolean rowOk, String rowOutcome, double queue, long created, long claimed, String lastHolder,
                      String targetId) {
        return new Operation(user, kind, operationId, submitNanos, acceptNanos, endNanos, ok && rowOk,
                ok && !rowOk ? rowOutcome : outcome, queue, created, claimed, lastHolder, targetId);
    }
}
