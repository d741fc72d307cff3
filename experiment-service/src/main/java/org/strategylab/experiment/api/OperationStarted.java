package org.strategylab.experiment.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * The 202 answer of an operation-starting POST: subscribe to {@code operationId}'s events
 * ({@code GET /api/v1/operations/{operationId}/subscribe}), or send {@code Accept: text/event-stream}
 * to the POST and the gateway streams them at once.
 *
 * @param experimentId  the experiment a single run runs
 * @param batchId       a batch's id (its members carry it)
 * @param benchmarkId   a benchmark's id (its members carry it)
 * @param experimentIds the members of a batch or benchmark, in the order asked for
 * @param statePath     where the persisted result is read
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record OperationStarted(String operationId, String experimentId, String batchId, String benchmarkId,
                               List<String> experimentIds, String statePath) {

    public static OperationStarted single(String operationId, String experimentId) {
        return new OperationStarted(operationId, experimentId, null, null, null, "/api/v1/experiments/" + experimentId);
    }
}
