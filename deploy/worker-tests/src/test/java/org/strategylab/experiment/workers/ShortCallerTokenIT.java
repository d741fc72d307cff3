package org.strategylab.experiment.workers;

import static io.restassured.RestAssured.given;
import static java.time.Duration.ofMillis;
import static java.time.Duration.ofSeconds;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.restassured.path.json.JsonPath;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.strategylab.eventlog.EventEnvelope;
import org.strategylab.simulator.RequestJournal.RecordedRequest;
import org.strategylab.simulator.faults.Latency;
import org.strategylab.testsupport.TestTokens;

/**
 * Issue 33: a run outlives its caller's token. The caller's token lives 4 s (an identity provider's
 * access tokens often live 5 min, a run 30); the site is slowed so the run lasts well beyond it. The
 * command on Kafka names the user only; the worker acts with its own on-behalf-of assertion, so the
 * run completes, and every site call it makes after the token expired is still in the user's session.
 */
class ShortCallerTokenIT extends OnTheWorkerStack {

    private static final Duration TOKEN_LIFETIME = ofSeconds(4);
    /** A user's own site objects (gene-ID look-ups go through the site catalogue's session, not the user's). */
    private static final Pattern USER_PATH = Pattern.compile("^/[^/]+/service/users/([^/]+)/(steps|strategies)");

    @Test
    void aRunOutlivesItsCallersTokenAndActsAsTheCallerThroughout() {
        String erin = "erin-" + UUID.randomUUID();
        long mark = stack.simulator().journal().mark();
        stack.simulator().faults().latency("/step-tree", Latency.fixed(ofSeconds(3)));
        Instant issued = Instant.now();
        String token = TestTokens.forUser(erin, TOKEN_LIFETIME);
        JsonPath accepted = given().header("Authorization", "Bearer " + token).contentType("application/json")
                .body(Experiments.searchBody("outlives its token", controls))
                .when().post(stack.workers().get(0).baseUri() + "/api/v1/experiments")
                .then().statusCode(202).extract().jsonPath();
        UUID operation = UUID.fromString(accepted.getString("operationId"));

        await("the run ends").atMost(LongUpstreamCallIT.RUN_LIMIT).pollInterval(ofMillis(500)).until(() -> events.ended(operation));
        stack.simulator().faults().reset();
        List<EventEnvelope> log = events.of(operation);
        assertEquals(1, log.stream().filter(e -> e.type().equals("experiment_complete")).count(), () -> "completed: " + log);
        Instant ended = log.get(log.size() - 1).ts();
        // the stack's services allow 1 s of clock skew: from then on the caller's token opens nothing
        Instant refusedFrom = issued.plus(TOKEN_LIFETIME).plusSeconds(1);
        assertTrue(ended.isAfter(refusedFrom.plusSeconds(2)),
                "the run lasted beyond its caller's token: it ended at " + ended + ", the token was refused from " + refusedFrom);
        given().header("Authorization", "Bearer " + token).when().get(stack.workers().get(0).baseUri()
                + "/api/v1/experiments/" + accepted.getString("experimentId")).then().statusCode(401);
        // nor at upstream-gateway, where the run's site calls went on after it expired
        given().header("Authorization", "Bearer " + token).when().get(stack.upstreamGateway().baseUri()
                + "/api/v1/veupathdb/auth/status").then().statusCode(401);

        // every step and strategy of the run, made before and after the token expired, is in one site session: erin's
        Set<String> sessions = stack.simulator().journal().since(mark).stream().map(RecordedRequest::path)
                .map(USER_PATH::matcher).filter(Matcher::find).map(m -> m.group(1)).collect(Collectors.toSet());
        assertEquals(1, sessions.size(), () -> "one user's site session: " + sessions + " in "
                + stack.simulator().journal().since(mark).stream().map(r -> r.method() + " " + r.path()).toList());
    }
}
