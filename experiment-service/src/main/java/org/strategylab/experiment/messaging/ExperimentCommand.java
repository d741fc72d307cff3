package org.strategylab.experiment.messaging;

/**
 * A command on {@code experiment.commands} (key: the experiment id): work a worker of any replica
 * takes. It carries the caller's token because every upstream call of the run acts as the caller
 * (upstream-gateway keeps the caller's upstream session); local tokens live an hour, far longer
 * than a command waits for a worker (the claim timeout), and nothing else in it is secret.
 *
 * @param type        {@code run} (one experiment)
 * @param operationId the registered operation the worker claims
 */
public record ExperimentCommand(String type, String operationId, String experimentId, String ownerId, String token) {

    public static final String RUN = "run";
}
