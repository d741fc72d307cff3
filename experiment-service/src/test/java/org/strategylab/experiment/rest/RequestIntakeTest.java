package org.strategylab.experiment.rest;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.strategylab.experiment.support.ExperimentApi;
import org.strategylab.simulator.faults.ConcurrencyWatch;
import org.strategylab.simulator.faults.Latency;
import org.strategylab.experiment.support.UpstreamStackResource;
import org.strategylab.testsupport.InProcessKafkaResource;
import org.strategylab.testsupport.TestTokens;

/**
 * Requests with gene lists are taken in three at a time in the test profile, two of them one
 * caller's ({@code strategylab.experiments.intake.max-concurrent=3}, {@code max-concurrent-per-caller=2}):
 * a caller's burst queues, unread, no more than two of it are ever being handled, every one is
 * handled with its own body intact, and another caller's request does not wait behind the burst.
 */
@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = UpstreamStackResource.class, restrictToAnnotatedClass = false)
class RequestIntakeTest {

    private static final int REQUESTS = 12;
    /** The site's answer to a search's parameters, which every search-mode POST waits for. */
    private static final String VALIDATION = "/searches/GenesByGoTerm$";

    @AfterEach
    void resetTheSite() {
        UpstreamStackResource.simulator.faults().reset();
    }

    @Test
    void noMoreThanTwoAreHandledAtOnceAndTheRestWait() throws Exception {
        String user = ExperimentApi.newUser("bounded");
        String body = "{\"siteId\":\"plasmodb\",\"name\":\"bounded\",\"searchName\":\"GenesByGoTerm\",\"parameters\":"
                + "{\"organism\":[\"Plasmodium falciparum 3D7\"],\"go_typeahead\":[\"GO:0004672\"]},"
                + "\"positiveControls\":[\"PF3D7_0100100\"],\"negativeControls\":[\"PF3D7_0200100\"]}";
        // once unhurried, so the site's catalogue is read and cached before anything is counted
        given().header("Authorization", TestTokens.bearer(user)).contentType("application/json").body(body)
                .when().post("/api/v1/experiments").then().statusCode(202);
        double queuedBefore = metric("strategylab_experiments_intake_queued_total");
        ConcurrencyWatch validations = UpstreamStackResource.simulator.faults().watchConcurrency(VALIDATION);
        // each request holds its place for at least this long, so a burst of eight must queue
        UpstreamStackResource.simulator.faults().latency(VALIDATION, Latency.fixed(Duration.ofMillis(300)));
        ExecutorService clients = Executors.newFixedThreadPool(8);
        try {
            List<CompletableFuture<Integer>> answers = IntStream.range(0, 8).mapToObj(i -> CompletableFuture.supplyAsync(
                    () -> given().header("Authorization", TestTokens.bearer(user)).contentType("application/json")
                            .body(body).when().post("/api/v1/experiments").statusCode(), clients)).toList();
            for (CompletableFuture<Integer> answer : answers) {
                assertEquals(202, answer.get());
            }
        } finally {
            clients.shutdownNow();
        }
        assertEquals(8, validations.requests());
        assertTrue(validations.peak() <= 2, "at most two requests handled at once, saw " + validations.peak());
        assertTrue(metric("strategylab_experiments_intake_queued_total") > queuedBefore, "eight at once: some waited");
    }

    @Test
    void anotherCallersRequestDoesNotWaitBehindOneCallersBurst() throws Exception {
        String alice = ExperimentApi.newUser("bursting");
        String bob = ExperimentApi.newUser("patient");
        String body = "{\"siteId\":\"plasmodb\",\"name\":\"shared\",\"searchName\":\"GenesByGoTerm\",\"parameters\":"
                + "{\"organism\":[\"Plasmodium falciparum 3D7\"],\"go_typeahead\":[\"GO:0004672\"]},"
                + "\"positiveControls\":[\"PF3D7_0100100\"],\"negativeControls\":[\"PF3D7_0200100\"]}";
        given().header("Authorization", TestTokens.bearer(alice)).contentType("application/json").body(body)
                .when().post("/api/v1/experiments").then().statusCode(202);
        // each of alice's six holds its place for two seconds: two at a time, they take six
        UpstreamStackResource.simulator.faults().latency(VALIDATION, Latency.fixed(Duration.ofSeconds(2)));
        ExecutorService clients = Executors.newFixedThreadPool(6);
        try {
            List<CompletableFuture<Integer>> burst = IntStream.range(0, 6).mapToObj(i -> CompletableFuture.supplyAsync(
                    () -> given().header("Authorization", TestTokens.bearer(alice)).contentType("application/json")
                            .body(body).when().post("/api/v1/experiments").statusCode(), clients)).toList();
            await().atMost(Duration.ofSeconds(10)).until(() -> metric("strategylab_experiments_intake_waiting") >= 1);
            // bob's one request takes the free place at once, while alice's wait behind her own
            given().header("Authorization", TestTokens.bearer(bob)).contentType("application/json").body(body)
                    .when().post("/api/v1/experiments").then().statusCode(202);
            assertTrue(burst.stream().anyMatch(answer -> !answer.isDone()), "bob was answered before alice's burst was through");
            for (CompletableFuture<Integer> answer : burst) {
                assertEquals(202, answer.get());
            }
        } finally {
            clients.shutdownNow();
        }
    }

    @Test
    void aBurstOfGeneListRequestsQueuesAndEachKeepsItsOwnBody() throws Exception {
        String user = ExperimentApi.newUser("burst");
        ExecutorService clients = Executors.newFixedThreadPool(REQUESTS);
        try {
            List<CompletableFuture<Response>> answers = new ArrayList<>();
            for (int i = 1; i <= REQUESTS; i++) {
                // each body is its own size, so a mixed-up or cut body shows in the stored count
                List<String> targets = IntStream.range(0, 400 * i).mapToObj(n -> "PF3D7_" + (1000000 + n)).toList();
                Map<String, Object> body = Map.of("name", "burst " + i, "siteId", "plasmodb", "targetGeneIds", targets,
                        "positiveControls", List.of("PF3D7_1000100"), "negativeControls", List.of("PF3D7_0900100"));
                answers.add(CompletableFuture.supplyAsync(() -> given().header("Authorization", TestTokens.bearer(user))
                        .contentType("application/json").body(body).when().post("/api/v1/experiments"), clients));
            }
            for (int i = 1; i <= REQUESTS; i++) {
                Response answer = answers.get(i - 1).get();
                assertEquals(202, answer.statusCode(), answer.asString());
                String id = answer.jsonPath().getString("experimentId");
                given().header("Authorization", TestTokens.bearer(user)).when().get("/api/v1/experiments/" + id)
                        .then().statusCode(200)
                        .body("name", org.hamcrest.Matchers.equalTo("burst " + i))
                        .body("config.targetGeneCount", org.hamcrest.Matchers.equalTo(400 * i));
            }
        } finally {
            clients.shutdownNow();
        }
        assertEquals(0.0, metric("strategylab_experiments_intake_in_flight"));
        assertEquals(0.0, metric("strategylab_experiments_intake_waiting"));
    }

    private static double metric(String name) {
        String text = given().when().get("/q/metrics").then().statusCode(200).extract().asString();
        return text.lines().filter(line -> line.startsWith(name + " ") || line.startsWith(name + "{"))
                .mapToDouble(line -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)))
                .findFirst().orElse(0.0);
    }

}
