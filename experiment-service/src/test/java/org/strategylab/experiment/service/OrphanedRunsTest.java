package org.strategylab.experiment.service;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.strategylab.eventlog.EventEnvelope;
import org.strategylab.eventlog.index.OperationRecord;
import org.strategylab.eventlog.operation.Operations;
import org.strategylab.experiment.persistence.ExperimentEntity;
import org.strategylab.experiment.persistence.ExperimentRepository;
import org.strategylab.experiment.support.OperationEvents;
import org.strategylab.experiment.support.UpstreamStackResource;
import org.strategylab.testsupport.InProcessKafkaResource;

/** An experiment whose operation no worker runs does not stay pending: the reaper ends the operation, then the row. */
@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = UpstreamStackResource.class, restrictToAnnotatedClass = false)
class OrphanedRunsTest {

    @Inject
    Operations operations;

    @Inject
    ExperimentRepository repository;

    @Inject
    OperationEvents events;

    @Test
    void anExperimentWhoseCommandNoWorkerTookEndsInError() {
        String owner = "orphan-" + UUID.randomUUID();
        UUID id = UUID.randomUUID();
        // registered as a POST would, but its command is never written: nobody will claim it
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

        // the claim timeout (20 s in the test profile), a reaper pass, then a reconcile pass
        List<EventEnvelope> log = events.awaitEnd(operation.id().toString(), Duration.ofSeconds(60));
        assertEquals(List.of("experiment_error", "experiment_end"), OperationEvents.types(log));
        await().atMost(Duration.ofSeconds(30)).until(() -> ExperimentRepository.ERROR.equals(
                repository.find(id).await().atMost(Duration.ofSeconds(10)).orElseThrow().status));
        ExperimentEntity closed = repository.find(id).await().atMost(Duration.ofSeconds(10)).orElseThrow();
        assertEquals(OrphanedRuns.REASON, closed.error);
    }
}
