package org.strategylab.chat.tools.workbench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.WebApplicationException;
import java.time.Duration;
import java.util.function.Supplier;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.strategylab.chat.client.ExperimentServiceClient;
import org.strategylab.chat.tools.ToolContext;
import org.strategylab.chat.tools.ToolRefusal;
import org.strategylab.edge.peer.CallFailures;
import org.strategylab.edge.peer.PeerFailure;

/**
 * The agent's calls of experiment-service, as the caller: the workbench tools' on the turn's
 * experiment, control tests, optimisation runs and gene sets. What it refuses (a bad parameter, an
 * experiment without a strategy on the site) is an answer the model can act on.
 */
@ApplicationScoped
public class ExperimentCalls {

    /** Re-evaluation runs the experiment's phases again, inside the request. */
    private static final Duration WAIT = Duration.ofSeconds(300);

    @Inject
    @RestClient
    ExperimentServiceClient experiments;

    @Inject
    ObjectMapper mapper;

    /** experiment-service's client's wait for an answer (ms), said when it runs out. */
    @ConfigProperty(name = "quarkus.rest-client.experiment-service.read-timeout", defaultValue = "120000")
    long readTimeoutMillis;

    /** The turn's experiment; refuses outside a workbench turn. */
    static String experimentId(ToolContext context) {
        String id = context.scope().experimentId();
        if (id == null) {
            throw new ToolRefusal("this tool works in an experiment's workbench chat only");
        }
        return id;
    }

    /**
     * {@code POST /api/v1/experiments/{id}/refine}: the experiment's next version (the one before is kept;
     * {@code undo} goes back to it).
     */
    public JsonNode refine(ToolContext context, JsonNode body) {
        String id = experimentId(context);
        return guarded("refining the experiment", () -> experiments.refine("Bearer " + context.token(), id, body).await().atMost(WAIT));
    }

    /**
     * {@code POST /api/v1/experiments/{id}/undo}: the latest refinement undone, the experiment back at its
     * previous version as it was (answered with its versions).
     */
    public JsonNode undo(ToolContext context) {
        String id = experimentId(context);
        return guarded("undoing the refinement", () -> experiments.undo("Bearer " + context.token(), id).await().atMost(WAIT));
    }

    /** {@code POST /api/v1/experiments/{id}/re-evaluate}: the experiment with its new metrics. */
    public JsonNode reEvaluate(ToolContext context) {
        String id = experimentId(context);
        return guarded("re-evaluating the experiment", () -> experiments.reEvaluate("Bearer " + context.token(), id).await().atMost(WAIT));
    }

    /** {@code POST /api/v1/control-tests}: a search or tree against controls, now. */
    public JsonNode controlTest(ToolContext context, JsonNode body) {
        return guarded("running the control test", () -> experiments.controlTest("Bearer " + context.token(), body).await().atMost(WAIT));
    }

    /** {@code POST /api/v1/experiments}: {@code {operationId, experimentId}} of the run it started. */
    public JsonNode start(ToolContext context, JsonNode body) {
        return guarded("starting the experiment", () -> experiments.start("Bearer " + context.token(), body).await().atMost(WAIT));
    }

    /** {@code GET /api/v1/experiments/{id}}. */
    public JsonNode experiment(ToolContext context, String id) {
        return guarded("reading the experiment", () -> experiments.experiment("Bearer " + context.token(), id).await().atMost(WAIT));
    }

    /** {@code POST /api/v1/control-sets}: the set created. */
    public JsonNode createControlSet(ToolContext context, JsonNode body) {
        return guarded("creating the control set", () -> experiments.createControlSet("Bearer " + context.token(), body).await().atMost(WAIT));
    }

    /** {@code POST /api/v1/strategy-discovery}: {@code {operationId, discoveryId}} of the discovery it started. */
    public JsonNode startDiscovery(ToolContext context, JsonNode body) {
        return guarded("starting the strategy discovery",
                () -> experiments.discover("Bearer " + context.token(), body).await().atMost(WAIT));
    }

    /** {@code GET /api/v1/strategy-discovery/{id}}. */
    public JsonNode discovery(ToolContext context, String id) {
        return guarded("reading the strategy discovery",
                () -> experiments.discovery("Bearer " + context.token(), id).await().atMost(WAIT));
    }

    private JsonNode guarded(String action, Supplier<JsonNode> call) {
        try {
            return call.get();
        } catch (WebApplicationException e) {
            PeerFailure failure = PeerFailure.of("experiment-service", e, mapper);
            if (failure.inputRefused()) {
                throw new ToolRefusal("experiment-service refused: " + failure.explanation());
            }
            throw failure;
        } catch (RuntimeException e) {
            // no answer (a timeout, a refused connection): a sentence naming the call, not the client's exception
            Throwable failure = CallFailures.peerFailure("experiment-service", "the experiment service", action,
                    Duration.ofMillis(readTimeoutMillis), e, mapper);
            throw failure instanceof PeerFailure peer ? peer : e;
        }
    }
}
