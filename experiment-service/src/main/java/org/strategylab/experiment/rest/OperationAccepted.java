package org.strategylab.experiment.rest;

import org.strategylab.eventlog.index.OperationRecord;
import org.strategylab.experiment.api.OperationStarted;

/**
 * An operation-starting POST's answer: the 202's body, and the registered operation, whose place in
 * the log the resource hands to the gateway ({@link org.strategylab.eventlog.index.OperationLogHeader})
 * so that a POST sent with {@code Accept: text/event-stream} streams without reading the index back.
 */
public record OperationAccepted(OperationStarted body, OperationRecord operation) {
}
