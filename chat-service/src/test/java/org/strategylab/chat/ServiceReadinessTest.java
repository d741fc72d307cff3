package org.strategylab.chat;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.config.TopicConfig;
import org.junit.jupiter.api.Test;
import org.strategylab.testsupport.InProcessKafkaResource;
import org.strategylab.testsupport.PostgresResource;

@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = PostgresResource.class, restrictToAnnotatedClass = false)
class ServiceReadinessTest {

    private static final List<String> TOPICS = List.of("chat.commands", "chat.events");

    @Test
    void readyWhenItsSchemaIsMigratedAndItsTopicsExist() {
        given().when().get("/q/health/ready")
                .then().statusCode(200)
                .body("status", equalTo("UP"))
                .body("checks.name", hasItems("PostgreSQL schema chat", "Kafka topics", "Kafka connection health check"))
                .body("checks.find { it.name == 'PostgreSQL schema chat' }.data.schemaVersion", equalTo("1"))
                .body("checks.find { it.name == 'Kafka topics' }.data.topics", equalTo(String.join(",", TOPICS)));
    }

    @Test
    void ownedTopicsAreCreatedWithTheirPartitionsAndRetention() throws Exception {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                System.getProperty(InProcessKafkaResource.BOOTSTRAP_PROPERTY)))) {
            Map<String, TopicDescription> topics = admin.describeTopics(TOPICS).allTopicNames().get();
            assertEquals(Set.copyOf(TOPICS), topics.keySet());
            topics.values().forEach(topic -> assertEquals(3, topic.partitions().size(), topic.name()));
            for (String topic : TOPICS) {
                ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, topic);
                Config config = admin.describeConfigs(List.of(resource)).all().get().get(resource);
                assertEquals(Long.toString(Duration.ofDays(7).toMillis()),
                        config.get(TopicConfig.RETENTION_MS_CONFIG).value(), topic);
            }
        }
    }

    @Test
    void liveMetricsAndOpenApiAreServed() {
        given().when().get("/q/health/live").then().statusCode(200).body("status", equalTo("UP"));
        given().when().get("/q/metrics").then().statusCode(200);
        given().accept("application/json").when().get("/q/openapi").then().statusCode(200)
                .body("info.title", equalTo("StrategyLab chat service"));
    }

    @Test
    void unknownApiRoutesAreProblems() {
        given().when().get("/api/v1/nothing-here")
                .then().statusCode(404)
                .contentType("application/problem+json")
                .body("code", equalTo("NOT_FOUND"));
    }
}
