package org.strategylab.experiment.rest;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.strategylab.experiment.support.UpstreamStackResource;
import org.strategylab.testsupport.InProcessKafkaResource;
import org.strategylab.testsupport.TestTokens;

/**
 * Requests with gene lists are taken in two at a time in the test profile
 * ({@code strategylab.experiments.intake.max-concurrent=2}): a burst of them queues, unread, and
 * every one is then handled with its own body intact.
 */
@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = UpstreamStackResource.class, restrictToAnnotatedClass = false)
class RequestIntakeTest {

    private static final int REQUESTS = 12;

    @Test
    void aBurstOfGeneListRequestsQueuesAndEachKeepsItsOwnBody() throws Exception {
        String user = ExperimentRunTest.newUser("burst");
        double queuedBefore = metric("strategylab_experiments_intake_queued_total");
        ExecutorService clients = Executors.newFixedThreadPool(REQUESTS);
        try {
            List<CompletableFuture<Response>> answers = new ArrayList<>();
            for (int i = 1; i <= REQUESTS; i++) {
                // each body is its own size, so a mixed-up or cut body shows in the stored count
                List<String> targets = IntStream.range(0, 400 * i).mapToObj(n -> "PF3D7_" + (1000000 + n)).toList();
                Map<String, Object> body = Map.of("name", "burst " + i, "siteId", "plasmodb", "targetGeneIds", targets,
                        "positiveControls", List.of("PF3D7_1000001"), "negativeControls", List.of("PF3D7_0999999"));
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
        assertTrue(metric("strategylab_experiments_intake_queued_total") > queuedBefore,
                "twelve requests at once, two at a time: some must have waited");
        assertEquals(0.0, metric("strategylab_experiments_intake_in_flight"));
        assertEquals(0.0, metric("strategylab_experiments_intake_waiting"));
    }

    private static double metric(String name) {
        String text = given().when().get("/q/metrics").then().statusCode(200).extract().asString();
        Matcher found = Pattern.compile("(?m)^" + name + "(?:\\{[^}]*})? ([0-9.eE+-]+)$").matcher(text);
        return found.find() ? Double.parseDouble(found.group(1)) : 0.0;
    }
}
