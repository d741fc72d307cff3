package org.strategylab.experiment.rest;

import jakarta.ws.rs.core.Response;
import org.strategylab.eventlog.index.OperationLogHeader;

/** The 202 of an operation-starting POST: its body, and where the operation's events are. */
public final class Accepted {

    private Accepted() {
    }

    public static Response.ResponseBuilder response(OperationAccepted accepted) {
        return Response.accepted(accepted.body()).header(OperationLogHeader.NAME,
                OperationLogHeader.of(accepted.operation()));
    }
}
