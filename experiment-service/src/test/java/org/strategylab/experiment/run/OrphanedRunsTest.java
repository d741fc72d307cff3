package org.strategylab.experiment.run;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.strategylab.eventlog.EventEnvelope;
import org.strategylab.eventlog.config.EventLogConfig;
import org.strategylab.eventlog.index.OperationRecord;
import org.strategylab.eventlog.index.OperationsIndex;
import org.strategylab.eventlog.operation.LeaseKeeper;
import org.strategylab.eventlog.operation.Operations;
import org.strategylab.experiment.persistence.ExperimentEntity;
import org.strategylab.experiment.persistence.ExperimentRepository;
import org.strategylab.experiment.support.OperationEvents;
import org.strategylab.experiment.support.UpstreamStackResource;
import org.strategylab.testsupport.InProcessKafkaResource;
import org.strategylab.experiment.experiments.ExperimentService;

/**
 * An experiment whose operation no worker has claimed stays queued ({@code pending}) for as long as
 * a worker of experiment-service lives, however long past the claim timeout; only when none has been
 * running for the claim timeout does the reaper end the operation, and then the row, with a sentence
 * that says so.
 */
@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = UpstreamStackResource.class, restrictToAnnotatedClass = false)
class OrphanedRunsTest {

    @Inject
    Operations operations;

    @Inject
    OperationsIndex index;

    @Inject
    LeaseKeeper leases;

    @Inject
    EventLogConfig eventLog;

    @Inject
    ExperimentRepository repository;

    @Inject
    OperationEvents events;

    /** Registered as a POST would, but its command is never written: no worker will claim it. */
    private UUID pendingExperiment(String owner) {
        UUID id = UUID.randomUUID();
        OperationRecord operation = operations.register(owner, ExperimentService.KIND, id.toString(),
                ExperimentService.EVENTS_TOPIC).await().atMost(Duration.ofSeconds(10));
        ExperimentEntity row = new ExperimentEntity();
        row.id = id;
        row.ownerId = owner;
        row.siteId = "plasmodb";
        row.name = "never runs";
        row.status = ExperimentRepository.PENDING;
        row.config = org.strategylab.evaluation.json.EvaluationJson.mapper().createObjectNode().put("mode", "gene-ids");
        row.operationId = operation.id();
        repository.insert(row).await().atMost(Duration.ofSeconds(10));
        return id;
    }

    private ExperimentEntity row(UUID id) {
        return repository.find(id).await().atMost(Duration.ofSeconds(10)).orElseThrow();
    }

    @Test
    void aQueuedExperimentWaitsPastTheClaimTimeoutWhileAWorkerLives() {
        UUID id = pendingExperiment("queued-" + UUID.randomUUID());
        UUID operationId = row(id).operationId;
        Duration claimTimeout = eventLog.lease().claimTimeout(); // 8 s in the test profile
        // this instance's worker serves experiment.events: the operation waits, however long its queue
        await().during(claimTimeout.plusSeconds(5)).atMost(claimTimeout.plusSeconds(30)).until(() -> {
            OperationRecord operation = index.find(operationId).await().atMost(Duration.ofSeconds(10)).orElseThrow();
            return operation.queued() && "queued".equals(operation.publicStatus())
                    && ExperimentRepository.PENDING.equals(row(id).status);
        });
        assertNull(row(id).error);
        assertEquals(List.of(), events.read(operationId.toString()), "nothing was written to its log");
    }

    @Test
    void anExperimentNoLiveWorkerCanTakeEndsInErrorSayingSo() {
        // this instance stops telling it takes experiment operations, as if experiment-service had no worker left
        leases.stopServing(ExperimentService.EVENTS_TOPIC);
        try {
            UUID id = pendingExperiment("orphan-" + UUID.randomUUID());
            String operationId = row(id).operationId.toString();
            // the claim timeout (8 s in the test profile) without a worker, a reaper pass, then a reconcile pass
            List<EventEnvelope> log = events.awaitEnd(operationId, Duration.ofSeconds(90));
            assertEquals(List.of("experiment_error", "experiment_end"), OperationEvents.types(log));
            assertEquals("no worker took this operation: none that runs it has been running for the last 8 s",
                    log.get(0).data().path("error").asText());
            await().atMost(Duration.ofSeconds(30)).until(() -> ExperimentRepository.ERROR.equals(row(id).status));
            ExperimentEntity closed = row(id);
            assertEquals("no experiment-service worker took this run: none has been running for the last 8 s",
                    closed.error);
            assertEquals(OrphanedRuns.notTakenReason(eventLog.lease().claimTimeout()), closed.error);
            assertTrue(index.find(row(id).operationId).await().atMost(Duration.ofSeconds(10)).orElseThrow().claimedAt() == null,
                    "no worker ever claimed it");
        } finally {
            leases.serve(ExperimentService.EVENTS_TOPIC);
        }
    }
}
