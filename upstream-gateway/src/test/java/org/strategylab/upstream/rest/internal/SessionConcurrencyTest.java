package org.strategylab.upstream.rest.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.strategylab.upstream.support.Callers.PLASMO;
import static org.strategylab.upstream.support.Callers.as;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;
import org.strategylab.upstream.persistence.StoredSession;
import org.strategylab.upstream.persistence.UpstreamSessionRepository;
import org.strategylab.upstream.support.Callers;
import org.strategylab.upstream.support.UpstreamTest;

/**
 * A cookie-less first call followed by parallel calls: every call acts as the same WDK guest; a token the
 * site refuses is replaced.
 */
@QuarkusTest
@UpstreamTest
class SessionConcurrencyTest {

    private static final int PARALLEL = 8;

    @Inject
    UpstreamSessionRepository repository;

    @Test
    void parallelFirstCallsShareOneGuestIdentity() throws Exception {
        String grace = Callers.newUser("grace");
        List<Long> datasets = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(PARALLEL);
        try {
            List<CompletableFuture<Long>> uploads = new ArrayList<>();
            for (int i = 0; i < PARALLEL; i++) {
                String id = i % 2 == 0 ? "PF3D7_0100100" : "PF3D7_0831900";
                uploads.add(CompletableFuture.supplyAsync(() -> as(grace).body("{\"ids\":[\"" + id + "\"]}")
                        .when().post(PLASMO + "/datasets")
                        .then().statusCode(200).extract().jsonPath().getLong("datasetId"), pool));
            }
            for (CompletableFuture<Long> upload : uploads) {
                datasets.add(upload.get());
            }
        } finally {
            pool.shutdown();
        }
        // a dataset is only usable by the WDK user who made it: each one works, so all were made by one guest
        for (long dataset : datasets) {
            JsonPath run = as(grace).body("{\"searchName\":\"GeneByLocusTag\",\"parameters\":{\"ds_gene_ids\":\"" + dataset + "\"}}")
                    .when().post(PLASMO + "/searches/run")
                    .then().statusCode(200).extract().jsonPath();
            assertEquals(1, run.getList("ids").size());
        }
        StoredSession stored = repository.find(grace, "plasmodb").await().atMost(Duration.ofSeconds(10)).orElseThrow();
        assertTrue(stored.cookies().containsKey("Authorization"), "the guest identity is kept");
        assertTrue(stored.upstreamUserId() != null && !stored.signedIn());
    }

    @Test
    void aTokenTheSiteRefusesIsDroppedAndTheSessionStartsOver() {
        String hugo = Callers.newUser("hugo");
        repository.save(new StoredSession(hugo, "plasmodb", 123L, false, Map.of("Authorization", "not-a-wdk-token"), null,
                null)).await().atMost(Duration.ofSeconds(10));
        as(hugo).when().get(PLASMO + "/strategies").then().statusCode(200);
        StoredSession stored = repository.find(hugo, "plasmodb").await().atMost(Duration.ofSeconds(10)).orElseThrow();
        assertTrue(!"not-a-wdk-token".equals(stored.cookies().get("Authorization")), "a new guest token replaced it");
        assertTrue(stored.upstreamUserId() != 123L);
    }

    @Test
    void parallelCallsWithATokenTheSiteRefusesAllGoOnAsOneNewGuest() throws Exception {
        // a restarted site no longer knows the stored token: every call of a burst gets its 401
        String ivy = Callers.newUser("ivy");
        repository.save(new StoredSession(ivy, "plasmodb", 321L, false, Map.of("Authorization", "a-forgotten-token"), null,
                null)).await().atMost(Duration.ofSeconds(10));
        List<Long> datasets = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(PARALLEL);
        try {
            List<CompletableFuture<Long>> uploads = new ArrayList<>();
            for (int i = 0; i < PARALLEL; i++) {
                uploads.add(CompletableFuture.supplyAsync(() -> as(ivy).body("{\"ids\":[\"PF3D7_0100100\"]}")
                        .when().post(PLASMO + "/datasets")
                        .then().statusCode(200).extract().jsonPath().getLong("datasetId"), pool));
            }
            for (CompletableFuture<Long> upload : uploads) {
                datasets.add(upload.get());
            }
        } finally {
            pool.shutdown();
        }
        for (long dataset : datasets) {
            as(ivy).body("{\"searchName\":\"GeneByLocusTag\",\"parameters\":{\"ds_gene_ids\":\"" + dataset + "\"}}")
                    .when().post(PLASMO + "/searches/run").then().statusCode(200);
        }
    }
}
