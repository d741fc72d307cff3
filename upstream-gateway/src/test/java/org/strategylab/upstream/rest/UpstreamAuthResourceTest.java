package org.strategylab.upstream.rest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.strategylab.upstream.support.Callers.PLASMO;
import static org.strategylab.upstream.support.Callers.as;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.strategylab.simulator.UpstreamSimulator;
import org.strategylab.upstream.persistence.UpstreamSessionRepository;
import org.strategylab.upstream.support.Callers;
import org.strategylab.upstream.support.InjectSimulator;
import org.strategylab.upstream.support.Trees;
import org.strategylab.upstream.support.UpstreamTest;

/** Upstream sign-in: sessions kept per (user, site), encrypted, invisible to others, expiry. */
@QuarkusTest
@UpstreamTest
class UpstreamAuthResourceTest {

    private static final String AUTH = "/api/v1/veupathdb/auth";
    private static final String DEMO = "{\"email\":\"demo@strategylab.example\",\"password\":\"demo-password\"}";

    @InjectSimulator
    UpstreamSimulator simulator;

    @Inject
    UpstreamSessionRepository repository;

    @AfterEach
    void resetFaults() {
        simulator.faults().reset();
    }

    @Test
    void inLocalModeASignInSaysWhoElseCanActWithTheAccount() {
        String carol = Callers.newUser("carol");
        as(carol).queryParam("siteId", "plasmodb").header("X-Forwarded-For", "192.0.2.31").body(DEMO).when().post(AUTH + "/login")
                .then().statusCode(200).body("signedIn", equalTo(true))
                .body("warning", org.hamcrest.Matchers.containsString("local mode"))
                .body("warning", org.hamcrest.Matchers.containsString("whoever signs in as this user"));
        as(carol).queryParam("siteId", "plasmodb").when().get(AUTH + "/status")
                .then().statusCode(200).body("signedIn", equalTo(true)).body("$", not(org.hamcrest.Matchers.hasKey("warning")));
    }

    @Test
    void signInsAreLimitedPerUser() {
        String dave = Callers.newUser("dave");
        for (int i = 0; i < 5; i++) {
            as(dave).queryParam("siteId", "plasmodb").header("X-Forwarded-For", "192.0.2.41").body(DEMO)
                    .when().post(AUTH + "/login").then().statusCode(200);
        }
        as(dave).queryParam("siteId", "plasmodb").header("X-Forwarded-For", "192.0.2.42").body(DEMO).when().post(AUTH + "/login")
                .then().statusCode(429).contentType("application/problem+json")
                .header("Retry-After", org.hamcrest.Matchers.notNullValue())
                .body("code", equalTo("RATE_LIMITED"))
                .body("detail", org.hamcrest.Matchers.containsString("for this user"))
                .body("detail", org.hamcrest.Matchers.containsString("strategylab.upstream.rate-limit.sign-in"));
        // another user is not held up by dave's tries
        as(Callers.newUser("erin")).queryParam("siteId", "plasmodb").header("X-Forwarded-For", "192.0.2.43").body(DEMO)
                .when().post(AUTH + "/login").then().statusCode(200);
    }

    @Test
    void signInsAreLimitedPerAddressAcrossUsers() {
        for (int i = 0; i < 20; i++) {
            as(Callers.newUser("nat")).queryParam("siteId", "plasmodb").header("X-Forwarded-For", "198.51.100.20").body(DEMO)
                    .when().post(AUTH + "/login").then().statusCode(200);
        }
        as(Callers.newUser("nat")).queryParam("siteId", "plasmodb").header("X-Forwarded-For", "198.51.100.20").body(DEMO)
                .when().post(AUTH + "/login")
                .then().statusCode(429).header("Retry-After", org.hamcrest.Matchers.notNullValue())
                .body("detail", org.hamcrest.Matchers.containsString("from this address"));
    }

    @Test
    void signInKeepsTheSessionServerSideAndEncrypted() {
        String alice = Callers.newUser("alice");
        as(alice).queryParam("siteId", "plasmodb").when().get(AUTH + "/status")
                .then().statusCode(200).body("signedIn", equalTo(false));

        Response login = as(alice).queryParam("siteId", "plasmodb").body(DEMO).when().post(AUTH + "/login");
        login.then().statusCode(200)
                .body("signedIn", equalTo(true))
                .body("siteId", equalTo("plasmodb"))
                .body("email", equalTo("demo@strategylab.example"))
                .header("Set-Cookie", nullValue());
        String token = simulatorToken(alice);
        assertFalse(login.asString().contains(token), "the upstream token never reaches the caller");

        as(alice).queryParam("siteId", "plasmodb").when().get(AUTH + "/status")
                .then().statusCode(200).body("signedIn", equalTo(true)).body("name", not(nullValue()));

        assertTrue(repository.find(alice, "plasmodb").await().atMost(Duration.ofSeconds(10)).orElseThrow()
                .cookies().containsKey("JSESSIONID"), "the web session was primed and every cookie kept");
        byte[] stored = repository.rawJar(alice, "plasmodb").await().atMost(Duration.ofSeconds(10)).orElseThrow();
        String raw = new String(stored, StandardCharsets.ISO_8859_1);
        assertFalse(raw.contains(token) || raw.contains("Authorization") || raw.contains("demo@"),
                "the stored session is encrypted");
    }

    @Test
    void someoneElsesSessionIsNotVisible() {
        String alice = Callers.newUser("alice");
        String bob = Callers.newUser("bob");
        as(alice).queryParam("siteId", "plasmodb").body(DEMO).when().post(AUTH + "/login")
                .then().statusCode(200).body("signedIn", equalTo(true));
        as(bob).queryParam("siteId", "plasmodb").when().get(AUTH + "/status")
                .then().statusCode(200).body("signedIn", equalTo(false)).body("email", nullValue());
        as(alice).queryParam("siteId", "toxodb").when().get(AUTH + "/status")
                .then().statusCode(200).body("signedIn", equalTo(false));
        given().queryParam("siteId", "plasmodb").when().get(AUTH + "/status")
                .then().statusCode(200).body("signedIn", equalTo(false));
    }

    @Test
    void badCredentialsAre422AndNoSignIn() {
        String carol = Callers.newUser("carol");
        as(carol).queryParam("siteId", "plasmodb")
                .body("{\"email\":\"demo@strategylab.example\",\"password\":\"wrong\"}")
                .when().post(AUTH + "/login")
                .then().statusCode(422).contentType("application/problem+json")
                .body("code", equalTo("INVALID_CREDENTIALS"))
                .body("errors.pointer", contains("/password"));
        as(carol).queryParam("siteId", "plasmodb").when().get(AUTH + "/status")
                .then().statusCode(200).body("signedIn", equalTo(false));
        as(carol).queryParam("siteId", "plasmodb").body("{\"email\":\"\"}").when().post(AUTH + "/login")
                .then().statusCode(400).body("errors.pointer", org.hamcrest.Matchers.hasItems("/email", "/password"));
        given().contentType("application/json").body(DEMO).when().post(AUTH + "/login")
                .then().statusCode(401).contentType("application/problem+json");
    }

    @Test
    void signOutForgetsTheSession() {
        String dave = Callers.newUser("dave");
        as(dave).queryParam("siteId", "plasmodb").body(DEMO).when().post(AUTH + "/login").then().statusCode(200);
        as(dave).queryParam("siteId", "plasmodb").when().post(AUTH + "/logout")
                .then().statusCode(200).body("signedIn", equalTo(false));
        as(dave).queryParam("siteId", "plasmodb").when().get(AUTH + "/status")
                .then().statusCode(200).body("signedIn", equalTo(false));
        Optional<byte[]> stored = repository.rawJar(dave, "plasmodb").await().atMost(Duration.ofSeconds(10));
        assertTrue(stored.isEmpty(), "the session row is deleted");
    }

    @Test
    void anExpiredSignedInTokenShowsAsSignedOutAndFailsCallsClearly() {
        String erin = Callers.newUser("erin");
        as(erin).queryParam("siteId", "plasmodb").body(DEMO).when().post(AUTH + "/login").then().statusCode(200);
        simulator.faults().expireTokensNow();
        as(erin).when().get(PLASMO + "/strategies")
                .then().statusCode(502).contentType("application/problem+json")
                .body("code", equalTo("UPSTREAM_SESSION_EXPIRED"))
                .body("upstreamStatus", equalTo(403));
        as(erin).queryParam("siteId", "plasmodb").when().get(AUTH + "/status")
                .then().statusCode(200).body("signedIn", equalTo(false));
        // signing in again restores access
        as(erin).queryParam("siteId", "plasmodb").body(DEMO).when().post(AUTH + "/login").then().statusCode(200);
        as(erin).when().get(PLASMO + "/strategies").then().statusCode(200);
    }

    @Test
    void anExpiredGuestTokenContinuesAsANewGuest() {
        String frank = Callers.newUser("frank");
        as(frank).body("{\"name\":\"before expiry\",\"tree\":" + Trees.KINASES + "}")
                .when().post(PLASMO + "/strategies").then().statusCode(201);
        long before = upstreamUserId(frank);
        simulator.faults().expireTokensNow();
        as(frank).when().get(PLASMO + "/strategies")
                .then().statusCode(200).body("total", equalTo(0));
        as(frank).body("{\"name\":\"after expiry\",\"tree\":" + Trees.KINASES + "}")
                .when().post(PLASMO + "/strategies").then().statusCode(201);
        assertTrue(upstreamUserId(frank) != before, "the session moved to the new guest");
    }

    /** The WDK token of a user's stored session, read through the simulator's own view of users. */
    private String simulatorToken(String owner) {
        // the token is whatever Authorization cookie the gateway holds; ask the gateway's store for it
        return repository.find(owner, "plasmodb").await().atMost(Duration.ofSeconds(10)).orElseThrow()
                .cookies().get("Authorization");
    }

    private long upstreamUserId(String owner) {
        return repository.find(owner, "plasmodb").await().atMost(Duration.ofSeconds(10)).orElseThrow().upstreamUserId();
    }
}
