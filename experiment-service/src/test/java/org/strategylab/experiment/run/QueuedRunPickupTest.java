package org.strategylab.experiment.run;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.strategylab.experiment.support.ExperimentApi;
import org.strategylab.eventlog.EventEnvelope;
import org.strategylab.eventlog.config.EventLogConfig;
import org.strategylab.eventlog.index.OperationRecord;
import org.strategylab.eventlog.index.OperationsIndex;
import org.strategylab.eventlog.operation.Operations;
import org.strategylab.experiment.messaging.CommandPublisher;
import org.strategylab.experiment.messaging.ExperimentCommand;
import org.strategylab.experiment.persistence.ExperimentEntity;
import org.strategylab.experiment.persistence.ExperimentRepository;
import org.strategylab.experiment.experiments.ExperimentService;
import org.strategylab.experiment.support.OperationEvents;

/**
 * A run whose command sits where no instance with a free slot reads it (another instance's
 * partition, that instance's slots all busy) is not left waiting: once it has waited
 * {@code workers.pickup-after}, an instance with a free slot takes it from the index, with the
 * command kept beside it, and runs it to completion. Here the command is kept but never written to
 * {@code experiment.commands} at all, so only the pick-up can run it.
 */
@QuarkusTest
class QueuedRunPickupTest {

    @Inject
    Operations operations;

    @Inject
    OperationsIndex index;

    @Inject
    ExperimentRepository repository;

    @Inject
    EventLogConfig eventLog;

    @Inject
    ObjectMapper mapper;

    @Inject
    OperationEvents events;

    @Test
    void aRunWhoseCommandNoInstanceReadsIsTakenFromTheIndexAndCompletes() throws Exception {
        String pia = ExperimentApi.newUser("pia");
        // a run as the API makes it, to copy its settings from
        JsonPath made = ExperimentApi.as(pia).body(Map.of("name", "gene list", "siteId", "plasmodb",
                        "targetGeneIds", List.of(ExperimentApi.G1, ExperimentApi.G2, ExperimentApi.N1),
                        "positiveControls", List.of(ExperimentApi.G1, ExperimentApi.G2),
                        "negativeControls", List.of(ExperimentApi.N1)))
                .when().post("/api/v1/experiments").then().statusCode(202).extract().jsonPath();
        events.awaitEnd(made.getString("operationId"), ExperimentApi.RUN);
        ExperimentEntity template = repository.find(UUID.fromString(made.getString("experimentId")))
                .await().atMost(Duration.ofSeconds(10)).orElseThrow();

        // registered and kept as a POST does, but its command is never written to the topic
        UUID id = UUID.randomUUID();
        OperationRecord operation = operations.register(pia, ExperimentService.KIND, id.toString(),
                ExperimentService.EVENTS_TOPIC).await().atMost(Duration.ofSeconds(10));
        ExperimentEntity row = new ExperimentEntity();
        row.id = id;
        row.ownerId = pia;
        row.siteId = template.siteId;
        row.name = "its command never arrives";
        row.status = ExperimentRepository.PENDING;
        row.config = template.config.deepCopy();
        row.targetGeneIds = repository.targets(template.id).await().atMost(Duration.ofSeconds(10));
        row.operationId = operation.id();
        repository.insert(row).await().atMost(Duration.ofSeconds(10));
        ExperimentCommand command = new ExperimentCommand.Run(operation.id().toString(),
                List.of(id.toString()), pia, null);
        operations.keepCommand(operation.id(), CommandPublisher.TOPIC, mapper.writeValueAsString(command))
                .await().atMost(Duration.ofSeconds(10));

        List<EventEnvelope> log = events.awaitEnd(operation.id().toString(), ExperimentApi.RUN);
        List<String> types = OperationEvents.types(log);
        assertEquals("experiment_end", types.get(types.size() - 1));
        assertTrue(types.contains("experiment_complete"), "completed: " + types);
        ExperimentApi.as(pia).when().get("/api/v1/experiments/" + id).then().statusCode(200)
                .body("status", equalTo("completed"))
                .body("metrics.confusionMatrix.truePositives", equalTo(2));
        OperationRecord taken = index.find(operation.id()).await().atMost(Duration.ofSeconds(10)).orElseThrow();
        assertNotNull(taken.claimedAt());
        Duration waited = Duration.between(taken.createdAt(), taken.claimedAt());
        Duration pickupAfter = eventLog.workers().pickupAfter().orElseThrow();
        assertTrue(waited.compareTo(pickupAfter) >= 0,
                "taken only after waiting " + pickupAfter + " for the instance its command went to: " + waited);
    }
}
