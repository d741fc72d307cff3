package org.strategylab.upstream.rest;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.strategylab.upstream.support.Callers.PLASMO;
import static org.strategylab.upstream.support.Callers.as;

import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.strategylab.upstream.persistence.UpstreamSessionRepository;
import org.strategylab.upstream.support.Callers;
import org.strategylab.upstream.support.Trees;
import org.strategylab.upstream.support.UpstreamTest;

/**
 * Issue 11 point 6: every replica keeps the sessions it uses in memory, and they share PostgreSQL.
 * What another replica does to a session is what it does to the shared table: a sign-out there
 * deletes the row, a sign-in or a new cookie rewrites it. This instance plays the replica that still
 * holds the session in memory; the other replica's sign-out is its {@code DELETE} of the row, made
 * here through the same repository (a second Quarkus process would test nothing more about this
 * instance's reads, and costs a second start of the service).
 */
@QuarkusTest
@UpstreamTest
class SessionReplicasTest {

    private static final String DEMO = "{\"email\":\"demo@strategylab.example\",\"password\":\"demo-password\"}";

    @Inject
    UpstreamSessionRepository repository;

    @Test
    void aSignOutOnAnotherReplicaEndsTheSessionHere() {
        String alice = Callers.newUser("replica");
        as(alice).queryParam("siteId", "plasmodb").body(DEMO).when().post("/api/v1/veupathdb/auth/login")
                .then().statusCode(200).body("signedIn", equalTo(true));
        int strategy = as(alice).body("{\"name\":\"signed-in work\",\"tree\":" + Trees.KINASES + "}")
                .when().post(PLASMO + "/strategies").then().statusCode(201).extract().path("strategyId");
        as(alice).when().get(PLASMO + "/strategies").then().statusCode(200).body("items.strategyId", hasItem(strategy));

        // the other replica signs alice out
        repository.delete(alice, "plasmodb").await().atMost(Duration.ofSeconds(10));

        // here, the signed-in session in memory must not be used any more: alice is a new guest
        as(alice).when().get(PLASMO + "/strategies").then().statusCode(200).body("items.strategyId", not(hasItem(strategy)));
        as(alice).queryParam("siteId", "plasmodb").when().get("/api/v1/veupathdb/auth/status")
                .then().statusCode(200).body("signedIn", equalTo(false));
        assertFalse(repository.find(alice, "plasmodb").await().atMost(Duration.ofSeconds(10))
                .map(stored -> stored.signedIn()).orElse(false), "the signed-in session is not written back");
    }

    @Test
    void aSignInOnAnotherReplicaIsUsedHere() {
        String bob = Callers.newUser("replica");
        // bob works as a guest here: his guest session is in this replica's memory
        as(bob).when().get(PLASMO + "/strategies").then().statusCode(200);
        // another replica signs bob in: it rewrites the row (a new version) with the signed-in session
        String other = Callers.newUser("other-replica");
        as(other).queryParam("siteId", "plasmodb").body(DEMO).when().post("/api/v1/veupathdb/auth/login")
                .then().statusCode(200);
        var signedIn = repository.find(other, "plasmodb").await().atMost(Duration.ofSeconds(10)).orElseThrow();
        repository.save(new org.strategylab.upstream.persistence.StoredSession(bob, "plasmodb", signedIn.upstreamUserId(),
                true, signedIn.cookies(), signedIn.email(), signedIn.displayName())).await().atMost(Duration.ofSeconds(10));

        as(bob).queryParam("siteId", "plasmodb").when().get("/api/v1/veupathdb/auth/status")
                .then().statusCode(200).body("signedIn", equalTo(true));
        int strategy = as(bob).body("{\"name\":\"after sign-in elsewhere\",\"tree\":" + Trees.KINASES + "}")
                .when().post(PLASMO + "/strategies").then().statusCode(201).extract().path("strategyId");
        // the strategy belongs to the signed-in account, which the other user's session also is
        as(other).when().get(PLASMO + "/strategies").then().statusCode(200).body("items.strategyId", hasItem(strategy));
    }
}
