package org.strategylab.experiment.service;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;
import org.awaitility.Awaitility;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;
import org.strategylab.eventlog.EventEnvelope;
import org.strategylab.experiment.support.OperationEvents;
import org.strategylab.experiment.support.UpstreamStackResource;
import org.strategylab.testsupport.InProcessKafkaResource;
import org.strategylab.testsupport.TestTokens;

/**
 * An experiment accepted by an instance with a free run slot starts there at once: its command is
 * written to {@code experiment.commands} all the same, consumed, and never starts the run a second
 * time. (The worker ITs take every run from the topic instead.)
 */
@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = UpstreamStackResource.class, restrictToAnnotatedClass = false)
class RunWhereAcceptedTest {

    private static final String TOPIC = "experiment.commands";
    private static final String KINASES = "{\"siteId\":\"plasmodb\",\"name\":\"kinases, started here\","
            + "\"searchName\":\"GenesByGoTerm\",\"parameters\":{\"organism\":[\"Plasmodium falciparum 3D7\"],"
            + "\"go_typeahead\":[\"GO:0004672\"]},\"positiveControls\":[\"G1\",\"G2\"],\"negativeControls\":[\"N1\"]}";

    @Inject
    OperationEvents events;

    @Test
    void aRunAcceptedWithAFreeSlotStartsHereAndItsCommandIsSkipped() {
        String bootstrap = ConfigProvider.getConfig().getValue("kafka.bootstrap.servers", String.class);
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
            long commandsBefore = total(ends(admin));
            double hereBefore = runsStarted("accepted");
            double fromCommandsBefore = runsStarted("command");
            String operationId = given().header("Authorization", TestTokens.bearer("here-" + UUID.randomUUID()))
                    .contentType("application/json").body(KINASES).when().post("/api/v1/experiments")
                    .then().statusCode(202).extract().path("operationId");
            List<EventEnvelope> log = events.awaitEnd(operationId, Duration.ofSeconds(90));
            assertEquals("experiment_end", log.get(log.size() - 1).type(), log.toString());
            assertEquals(1, log.stream().filter(e -> e.type().equals("experiment_complete")).count(), log.toString());
            Map<TopicPartition, Long> ends = ends(admin);
            assertEquals(commandsBefore + 1, total(ends), "every run is written to experiment.commands");
            Awaitility.await("the command is consumed").atMost(Duration.ofSeconds(30)).ignoreExceptions()
                    .until(() -> committed(admin, ends.keySet()).equals(ends));
            assertEquals(hereBefore + 1, runsStarted("accepted"));
            assertEquals(fromCommandsBefore, runsStarted("command"), "its consumer skipped the run started here");
        }
    }

    private static long total(Map<TopicPartition, Long> offsets) {
        return offsets.values().stream().mapToLong(Long::longValue).sum();
    }

    /** The end offset of each partition of the commands topic (the service creates it as it starts: waited for). */
    private static Map<TopicPartition, Long> ends(Admin admin) {
        return Awaitility.await("the commands topic's end offsets").atMost(Duration.ofSeconds(30)).ignoreExceptions()
                .until(() -> {
                    Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
                    admin.describeTopics(List.of(TOPIC)).allTopicNames().get().get(TOPIC).partitions()
                            .forEach(p -> latest.put(new TopicPartition(TOPIC, p.partition()), OffsetSpec.latest()));
                    Map<TopicPartition, Long> offsets = new HashMap<>();
                    admin.listOffsets(latest).all().get().forEach((partition, info) -> offsets.put(partition, info.offset()));
                    return offsets;
                }, offsets -> !offsets.isEmpty());
    }

    /** The service's consumer group's committed offsets on the commands topic (0 where none yet). */
    private static Map<TopicPartition, Long> committed(Admin admin, java.util.Set<TopicPartition> partitions)
            throws Exception {
        Map<TopicPartition, Long> offsets = new HashMap<>();
        partitions.forEach(partition -> offsets.put(partition, 0L));
        admin.listConsumerGroupOffsets("experiment-service").partitionsToOffsetAndMetadata().get().forEach((partition, at) -> {
            if (partition.topic().equals(TOPIC) && at != null) {
                offsets.put(partition, at.offset());
            }
        });
        return offsets;
    }

    /** {@code strategylab_experiments_runs_started_total} of one path, from the service's metrics. */
    private static double runsStarted(String path) {
        String prefix = "strategylab_experiments_runs_started_total{path=\"" + path + "\"";
        return given().when().get("/q/metrics").then().statusCode(200).extract().asString().lines()
                .filter(line -> line.startsWith(prefix))
                // the value follows the labels; an exemplar may follow it ("# {trace_id=…} 1.0 <time>")
                .mapToDouble(line -> Double.parseDouble(line.substring(line.indexOf("} ") + 2).split(" ")[0]))
                .findFirst().orElse(0.0);
    }
}
