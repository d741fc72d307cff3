package org.strategylab.upstream.replicas;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import io.restassured.specification.RequestSpecification;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.strategylab.edge.peer.PeerCredential;
import org.strategylab.simulator.SimulatorOptions;
import org.strategylab.simulator.UpstreamSimulator;
import org.strategylab.testsupport.PostgresResource;
import org.strategylab.testsupport.TestTokens;
import org.strategylab.testsupport.process.QuarkusAppProcess;
import org.strategylab.testsupport.process.TestKeyFiles;

/**
 * Two upstream-gateway instances, each a separate process of the packaged service, sharing one
 * PostgreSQL as replicas do: a VEuPathDB sign-in or sign-out through one replica takes effect on
 * the other at once, although the other holds the session in its own memory.
 */
class SessionReplicasIT {

    private static final String AUTH = "/api/v1/veupathdb/auth";
    private static final String DEMO = "{\"email\":\"demo@strategylab.example\",\"password\":\"demo-password\"}";
    private static final String PEER_SECRET = "replica-test-peer-secret-0123456789abcdef";
    private static final String SESSIONS_KEY = "0ZjLi2Ii+2Dqzd3X7aqx0R2NrY1yk0RgC7SDryCJEdE=";

    private static PostgresResource postgres;
    private static UpstreamSimulator simulator;
    private static QuarkusAppProcess first;
    private static QuarkusAppProcess second;

    @BeforeAll
    static void startTwoReplicas() {
        Path directory = Path.of(System.getProperty("strategylab.it.work-dir", "target/replicas-it"));
        Path jar = Path.of(System.getProperty("strategylab.it.service-jar", "target/quarkus-app/quarkus-run.jar"));
        postgres = new PostgresResource();
        Map<String, String> datasource = postgres.start();
        simulator = UpstreamSimulator.start(SimulatorOptions.defaults());
        TestKeyFiles keys = TestKeyFiles.copyTo(directory.resolve("keys"));
        // on a loaded 2-core machine the C2 compiler mostly delays start-up; this test measures nothing
        List<String> jvm = new ArrayList<>(QuarkusAppProcess.DEFAULT_JVM_OPTIONS);
        jvm.add("-XX:TieredStopAtLevel=1");
        // one after the other: the first migrates the schema, the second finds it migrated
        first = replica("upstream-gateway-1", jar, jvm, directory, datasource, keys).start();
        second = replica("upstream-gateway-2", jar, jvm, directory, datasource, keys).start();
    }

    private static QuarkusAppProcess replica(String name, Path jar, List<String> jvm, Path directory,
                                             Map<String, String> datasource, TestKeyFiles keys) {
        return QuarkusAppProcess.builder(name, jar)
                .jvmOptions(jvm)
                .log(directory.resolve(name + ".log"))
                .properties(datasource)
                .property("strategylab.sites.origin-override", simulator.baseUrl())
                .property("strategylab.auth.public-key", keys.publicKey().toString())
                .property("strategylab.upstream.sessions.key", SESSIONS_KEY)
                .property("strategylab.peer.secret", PEER_SECRET)
                .build();
    }

    @AfterAll
    static void stopAll() {
        for (AutoCloseable part : new AutoCloseable[] {second, first}) {
            if (part != null) {
                try {
                    part.close();
                } catch (Exception ignored) {
                    // the next part still has to stop
                }
            }
        }
        if (simulator != null) {
            simulator.close();
        }
        if (postgres != null) {
            postgres.stop();
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
