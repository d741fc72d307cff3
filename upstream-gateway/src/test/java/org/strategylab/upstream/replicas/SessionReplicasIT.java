package org.strategylab.upstream.replicas;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import io.restassured.specification.RequestSpecification;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.strategylab.edge.peer.PeerCredential;
import org.strategylab.testsupport.TestTokens;
import org.strategylab.testsupport.process.QuarkusAppProcess;
import org.strategylab.testsupport.stack.ProductStack;

/**
 * Two upstream-gateway instances, each a separate process of the packaged service, sharing one
 * PostgreSQL as replicas do: a VEuPathDB sign-in or sign-out through one replica takes effect on
 * the other at once, although the other holds the session in its own memory.
 */
class SessionReplicasIT {

    private static final String AUTH = "/api/v1/veupathdb/auth";
    private static final String DEMO = "{\"email\":\"demo@strategylab.example\",\"password\":\"demo-password\"}";
    private static final String PEER_SECRET = "replica-test-peer-secret-0123456789abcdef";

    private static ProductStack stack;
    private static QuarkusAppProcess first;
    private static QuarkusAppProcess second;

    @BeforeAll
    static void startTwoReplicas() {
        Path directory = Path.of(System.getProperty("strategylab.it.work-dir", "target/replicas-it"));
        Path jar = Path.of(System.getProperty("strategylab.it.service-jar", "target/quarkus-app/quarkus-run.jar"));
        stack = ProductStack.in(directory).quickStart().withoutBroker().start();
        // one after the other: the first migrates the schema, the second finds it migrated
        first = stack.start(stack.upstreamGateway("upstream-gateway-1", jar).property("strategylab.peer.secret", PEER_SECRET));
        second = stack.start(stack.upstreamGateway("upstream-gateway-2", jar).property("strategylab.peer.secret", PEER_SECRET));
    }

    @AfterAll
    static void stopAll() {
        if (stack != null) {
            stack.close();
        }
    }

    @Test
    void aSignOutThroughOneReplicaEndsTheSessionTheOtherHoldsInMemory() {
        String alice = TestTokens.bearer("replica-alice");
        as(first, alice).body(DEMO).post(AUTH + "/login").then().statusCode(200).body("signedIn", equalTo(true));
        // both replicas now hold alice's signed-in session in memory
        as(first, alice).get(AUTH + "/status").then().statusCode(200).body("signedIn", equalTo(true));
        as(second, alice).get(AUTH + "/status").then().statusCode(200).body("signedIn", equalTo(true));

        as(second, alice).post(AUTH + "/logout").then().statusCode(200).body("signedIn", equalTo(false));

        as(first, alice).get(AUTH + "/status").then().statusCode(200).body("signedIn", equalTo(false));
    }

    @Test
    void aSignInThroughOneReplicaIsUsedByTheOther() {
        String bob = TestTokens.bearer("replica-bob");
        // the first replica holds bob's guest session in memory
        as(first, bob).get(AUTH + "/status").then().statusCode(200).body("signedIn", equalTo(false));

        as(second, bob).body(DEMO).post(AUTH + "/login").then().statusCode(200).body("signedIn", equalTo(true));

        as(first, bob).get(AUTH + "/status").then().statusCode(200).body("signedIn", equalTo(true));
    }

    private static RequestSpecification as(QuarkusAppProcess replica, String bearer) {
        return given().baseUri(replica.baseUri().toString())
                .header("Authorization", bearer)
                .header(PeerCredential.HEADER, PEER_SECRET)
                .contentType("application/json")
                .queryParam("siteId", "plasmodb");
    }
}
