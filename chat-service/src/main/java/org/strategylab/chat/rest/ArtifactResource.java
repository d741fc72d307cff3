package org.strategylab.chat.rest;

import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.strategylab.chat.persistence.PlanningArtifact;
import org.strategylab.chat.persistence.PlanningArtifactRepository;
import org.strategylab.chat.persistence.StrategyRepository;
import org.strategylab.edge.auth.Caller;
import org.strategylab.edge.problem.ProblemException;

/** {@code GET /api/v1/strategies/{id}/artifacts}: the planning artifacts saved in the caller's conversation. */
@Path("/api/v1/strategies/{id}/artifacts")
@Produces(MediaType.APPLICATION_JSON)
public class ArtifactResource {

    private static final String UUID_PATTERN = "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}";
    private static final Duration WAIT = Duration.ofSeconds(30);

    /** The artifacts, oldest first. */
    public record ArtifactList(List<PlanningArtifact> items) {
    }

    @Inject
    Caller caller;

    @Inject
    StrategyRepository strategies;

    @Inject
    PlanningArtifactRepository artifacts;

    @GET
    @Operation(summary = "A conversation's planning artifacts, oldest first")
    public ArtifactList list(@PathParam("id") String id) {
        // a malformed id, a missing strategy and someone else's are the same 404
        if (id == null || !id.matches(UUID_PATTERN)) {
            throw notFound(id);
        }
        UUID strategyId = UUID.fromString(id);
        strategies.findOwned(strategyId, caller.id()).await().atMost(WAIT).orElseThrow(() -> notFound(id));
        return new ArtifactList(artifacts.of(strategyId).await().atMost(WAIT).stream().map(PlanningArtifact::of).toList());
    }

    private static ProblemException notFound(String id) {
        return ProblemException.notFound("STRATEGY_NOT_FOUND", "no strategy " + id);
    }
}
