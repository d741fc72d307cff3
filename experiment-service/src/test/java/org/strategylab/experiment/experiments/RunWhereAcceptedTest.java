package org.strategylab.experiment.experiments;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.common.TopicPartition;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;
import org.strategylab.eventlog.EventEnvelope;
import org.strategylab.experiment.support.OperationEvents;
import org.strategylab.experiment.support.UpstreamStackResource;
import org.strategylab.testsupport.InProcessKafkaResource;
import org.strategylab.testsupport.TestTokens;
import org.strategylab.testsupport.events.CommandTopic;
import org.strategylab.testsupport.metrics.MetricsScrape;

/**
 * An experiment accepted by an instance with a free run slot starts there at once: its command is
 * written to {@code experiment.commands} all the same, consumed, and never starts the run a second
 * time. (The worker ITs take every run from the topic instead.)
 */
@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = UpstreamStackResource.class, restrictToAnnotatedClass = false)
class RunWhereAcceptedTest {

    private static final String KINASES = "{\"siteId\":\"plasmodb\",\"name\":\"kinases, started here\","
            + "\"searchName\":\"GenesByGoTerm\",\"parameters\":{\"organism\":[\"Plasmodium falciparum 3D7\"],"
            + "\"go_typeahead\":[\"GO:0004672\"]},\"positiveControls\":[\"PF3D7_0100100\",\"PF3D7_0100200\"],\"negativeControls\":[\"PF3D7_0200100\"]}";

    @Inject
    OperationEvents events;

    @Test
    void aRunAcceptedWithAFreeSlotStartsHereAndItsCommandIsSkipped() {
        String bootstrap = ConfigProvider.getConfig().getValue("kafka.bootstrap.servers", String.class);
        try (CommandTopic commands = new CommandTopic(bootstrap, "experiment.commands", "experiment-service")) {
            long commandsBefore = CommandTopic.total(commands.ends());
            double hereBefore = runsStarted("accepted");
            double fromCommandsBefore = runsStarted("command");
            String operationId = given().header("Authorization", TestTokens.bearer("here-" + UUID.randomUUID()))
                    .contentType("application/json").body(KINASES).when().post("/api/v1/experiments")
                    .then().statusCode(202).extract().path("operationId");
            List<EventEnvelope> log = events.awaitEnd(operationId, Duration.ofSeconds(90));
            assertEquals("experiment_end", log.get(log.size() - 1).type(), log.toString());
            assertEquals(1, log.stream().filter(e -> e.type().equals("experiment_complete")).count(), log.toString());
            Map<TopicPartition, Long> ends = commands.ends();
            assertEquals(commandsBefore + 1, CommandTopic.total(ends), "every run is written to experiment.commands");
            commands.awaitConsumed(ends, Duration.ofSeconds(30));
            assertEquals(hereBefore + 1, runsStarted("accepted"));
            assertEquals(fromCommandsBefore, runsStarted("command"), "its consumer skipped the run started here");
        }
    }

    private static double runsStarted(String path) {
        return MetricsScrape.value("strategylab_experiments_runs_started_total{path=\"" + path + "\"");
    }
}
