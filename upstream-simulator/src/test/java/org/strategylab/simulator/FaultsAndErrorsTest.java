package org.strategylab.simulator;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.restassured.http.ContentType;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.strategylab.simulator.faults.Latency;

/** Checklist 13: error bodies and fault injection (per test and through the admin endpoint). */
class FaultsAndErrorsTest {

    private final UpstreamSimulator sim = SharedSimulator.get();
    private final String base = SharedSimulator.plasmo();

    @AfterEach
    void reset() {
        sim.faults().reset();
    }

    @Test
    void failNextAnswersWdkErrorBodiesThenRecovers() {
        sim.faults().failNext("/record-types$", 1, 503).failNext("/record-types$", 1, 500);
        given().get(base + "/record-types").then().statusCode(503).contentType(startsWith("text/plain"))
                .body(equalTo("Service Temporarily Unavailable; please try again later."));
        given().get(base + "/record-types").then().statusCode(500).body(equalTo("Internal Error")).header("x-log-marker", notNullValue());
        given().get(base + "/record-types").then().statusCode(200);
        assertEquals(2, sim.faults().injectedCount("ERROR"));
    }

    @Test
    void aConcurrencyWatchCountsMatchingRequestsUnderWayAtOnce() throws Exception {
        org.strategylab.simulator.faults.ConcurrencyWatch watch = sim.faults().watchConcurrency("/record-types$");
        sim.faults().latency("/record-types$", org.strategylab.simulator.faults.Latency.fixed(java.time.Duration.ofMillis(300)));
        java.util.concurrent.CountDownLatch start = new java.util.concurrent.CountDownLatch(1);
        java.util.List<Thread> callers = new java.util.ArrayList<>();
        for (int i = 0; i < 4; i++) {
            Thread caller = new Thread(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                given().get(base + "/record-types").then().statusCode(200);
            });
            caller.start();
            callers.add(caller);
        }
        start.countDown();
        for (Thread caller : callers) {
            caller.join();
        }
        given().get(base + "/searches-not-watched").then().statusCode(404);
        assertEquals(4, watch.requests());
        assertEquals(0, watch.current());
        assertTrue(watch.peak() >= 2 && watch.peak() <= 4, "peak " + watch.peak());
    }

    @Test
    void errorRateFailsAboutThatShareOfRequests() {
        sim.faults().errorRate(".*/record-types$", 0.5, 502);
        int failed = 0;
        for (int i = 0; i < 200; i++) {
            if (given().get(base + "/record-types").statusCode() == 502) {
                failed++;
            }
        }
        assertTrue(failed > 60 && failed < 140, "failed " + failed + " of 200");
    }

    @Test
    void delayedResultIsWdk202OnReports() {
        Guest guest = Guest.on(base);
        sim.faults().delayedResultNext(1);
        Map<String, Object> body = Map.of("searchConfig", Map.of("parameters", Map.of("organism", "[\"" + Guest.PF + "\"]")),
                "reportConfig", Map.of("pagination", Map.of("offset", 0, "numRecords", 0)));
        guest.post("/record-types/transcript/searches/GenesByTaxon/reports/standard", body).then().statusCode(202)
                .contentType(startsWith("text/plain")).body(equalTo("{\"status\":\"accepted\",\"message\":\"WDK-DELAYED-RESULT\"}"));
        guest.post("/record-types/transcript/searches/GenesByTaxon/reports/standard", body).then().statusCode(200);
    }

    @Test
    void latencyIsAdded() {
        sim.faults().latency("/record-types$", Latency.fixed(Duration.ofMillis(300)));
        long started = System.nanoTime();
        given().get(base + "/record-types").then().statusCode(200);
        assertTrue((System.nanoTime() - started) / 1_000_000 >= 290);
        sim.faults().reset().latency(Latency.uniform(Duration.ofMillis(1), Duration.ofMillis(5)))
                .latency(Latency.logNormal(Duration.ofMillis(2), Duration.ofMillis(20)));
        given().get(base + "/record-types").then().statusCode(200);
    }

    @Test
    void aTimedOutRequestIsNeverAnswered() throws Exception {
        sim.faults().timeoutNext("/record-types$", 1, Duration.ofSeconds(3));
        HttpClient client = HttpClient.newHttpClient();
        HttpRequest request = HttpRequest.newBuilder(URI.create(base + "/record-types")).timeout(Duration.ofMillis(400)).build();
        assertThrows(HttpTimeoutException.class, () -> client.send(request, HttpResponse.BodyHandlers.ofString()));
        assertEquals(200, client.send(HttpRequest.newBuilder(URI.create(base + "/record-types")).build(),
                HttpResponse.BodyHandlers.ofString()).statusCode());
    }

    @Test
    void aLateAnswerComesAfterTheWorkIsDone() throws Exception {
        Guest guest = Guest.on(base);
        long step = guest.taxonStep(Guest.PF);
        sim.faults().answerLateNext("/users/[^/]+/strategies$", 1, Duration.ofMinutes(2));
        HttpClient client = HttpClient.newHttpClient();
        HttpRequest create = HttpRequest.newBuilder(URI.create(base + "/users/current/strategies"))
                .header("Cookie", "Authorization=" + guest.token).header("Content-Type", "application/json")
                .timeout(Duration.ofMillis(400))
                .POST(HttpRequest.BodyPublishers.ofString("{\"name\":\"late\",\"isSaved\":false,\"isPublic\":false,"
                        + "\"stepTree\":{\"stepId\":" + step + "}}")).build();
        // the client gives up waiting, but the strategy was made
        assertThrows(HttpTimeoutException.class, () -> client.send(create, HttpResponse.BodyHandlers.ofString()));
        assertEquals(1, sim.faults().injectedCount("ANSWER_LATE"));
        guest.request().get(base + "/users/current/strategies").then().statusCode(200)
                .body("size()", equalTo(1)).body("[0].name", equalTo("late"));
    }

    @Test
    void strategySizesAndStepValidityFaults() {
        Guest guest = Guest.on(base);
        long step = guest.goStep("GO:0004672");
        long strategy = guest.strategy("go", Guest.node(step));
        sim.faults().strategySizesUncomputed(true).invalidateSearch("GenesByGoTerm");
        guest.request().get(base + "/users/current/strategies/" + strategy).then().statusCode(200)
                .body("estimatedSize", equalTo(-1))
                .body("isValid", equalTo(false))
                .body("steps.'" + step + "'.validation.isValid", equalTo(false))
                .body("steps.'" + step + "'.validation.errors.general[0]", notNullValue())
                .body("steps.'" + step + "'.estimatedSize", notNullValue());
        sim.faults().reset();
        guest.request().get(base + "/users/current/strategies/" + strategy).then().statusCode(200)
                .body("isValid", equalTo(true))
                .body("steps.'" + step + "'.validation.isValid", equalTo(true));
    }

    @Test
    void theAdminEndpointSetsAndResetsTheRunsFaults() {
        String admin = sim.baseUrl() + "/__simulator";
        given().get(admin + "/health").then().statusCode(200).body("status", equalTo("UP"));
        given().get(admin + "/info").then().statusCode(200).body("synthetic", equalTo(true))
                .body("sites.find { it.id == 'plasmodb' }.servicePath", equalTo("/plasmo/service"));
        given().contentType(ContentType.JSON).body(Map.of("failNext", 1, "errorStatus", 504, "path", "/record-types$"))
                .put(admin + "/faults").then().statusCode(200).body("rules[0].kind", equalTo("ERROR"));
        given().get(base + "/record-types").then().statusCode(504);
        given().contentType(ContentType.JSON).body(Map.of("errorRate", 2)).put(admin + "/faults").then().statusCode(400);
        given().contentType(ContentType.JSON).body(Map.of("errorRate", 1.0)).put(admin + "/faults").then().statusCode(200);
        given().get(admin + "/faults").then().statusCode(200); // never faulted itself
        given().post(admin + "/faults/reset").then().statusCode(204);
        given().get(base + "/record-types").then().statusCode(200);
    }

    @Test
    void unsupportedMethodsAndUnknownRoutes() {
        given().delete(base + "/record-types").then().statusCode(405).contentType(startsWith("text/plain"));
        given().get(base + "/record-types/transcript/searches/NoSuchSearch").then().statusCode(404)
                .body(equalTo("Resource 'search: NoSuchSearch' does not exist."));
    }
}
