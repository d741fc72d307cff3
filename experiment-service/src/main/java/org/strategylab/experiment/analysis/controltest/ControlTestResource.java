package org.strategylab.experiment.analysis.controltest;

import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.strategylab.edge.auth.Caller;
import org.strategylab.experiment.api.ControlTestResult;
import org.strategylab.experiment.api.ExperimentRequest;

/** {@code /api/v1/control-tests}: a search or strategy against controls, now, stored nowhere. */
@Path("/api/v1/control-tests")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class ControlTestResource {

    @Inject
    Caller caller;

    @Inject
    JsonWebToken token;

    @Inject
    ControlTests controlTests;

    @POST
    @Operation(summary = "Count a search (searchName, parameters) or a strategy (stepTree) against controls"
            + " (positiveControls, negativeControls or controlSetId) on the site: metrics and which controls it holds")
    @APIResponse(responseCode = "200", description = "{metrics, resultCount, truePositiveIds, falseNegativeIds,"
            + " falsePositiveIds, trueNegativeIds}")
    @APIResponse(responseCode = "400", description = "A field breaks its own rule (as in an experiment's body); errors[] names it")
    @APIResponse(responseCode = "422", description = "The same checks as an experiment's body; errors[] names the field")
    public Uni<ControlTestResult> test(@Valid @NotNull ExperimentRequest request) {
        return controlTests.test(caller.id(), token.getRawToken(), request);
    }
}
