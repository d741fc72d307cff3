package org.strategylab.testsupport;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasItems;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import io.restassured.response.ValidatableResponse;
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

/**
 * What every service's edge must show once it has started, as tests a module inherits: readiness
 * UP with its own schema migrated (and its owned topics created, with their partitions and
 * retention), liveness, metrics, its OpenAPI document, and a problem+json 404 for an unknown API
 * route. A module's {@code ServiceReadinessTest} extends it, carries the module's usual
 * {@code @QuarkusTest} resources, and names its schema, topics and OpenAPI title:
 *
 * <pre>{@code
 * @QuarkusTest
 * @QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
 * @QuarkusTestResource(value = PostgresResource.class, restrictToAnnotatedClass = false)
 * class ServiceReadinessTest extends ServiceReadinessTestBase {
 *     ServiceReadinessTest() {
 *         super("chat", List.of("chat.commands", "chat.events"), "StrategyLab chat service");
 *     }
 * }
 * }</pre>
 */
public abstract class ServiceReadinessTestBase {

    private final String schema;
    private final List<String> ownedTopics;
    private final String openApiTitle;

    /**
     * @param schema       the service's PostgreSQL schema, e.g. {@code chat}
     * @param ownedTopics  the topics it creates at start-up (empty when it owns none)
     * @param openApiTitle {@code quarkus.smallrye-openapi.info-title}
     */
    protected ServiceReadinessTestBase(String schema, List<String> ownedTopics, String openApiTitle) {
        this.schema = schema;
        this.ownedTopics = List.copyOf(ownedTopics);
        this.openApiTitle = openApiTitle;
    }

    /** The Flyway version the schema must have reached; "1" unless a module has more migrations. */
    protected String schemaVersion() {
        return "1";
    }

    @Test
    void readyWhenItsSchemaIsMigratedAndItsTopicsExist() {
        String schemaCheck = "PostgreSQL schema " + schema;
        ValidatableResponse ready = given().when().get("/q/health/ready")
                .then().statusCode(200)
                .body("status", equalTo("UP"))
                .body("checks.name", hasItem(schemaCheck))
                .body("checks.find { it.name == '" + schemaCheck + "' }.data.schemaVersion", equalTo(schemaVersion()));
        if (!ownedTopics.isEmpty()) {
            ready.body("checks.name", hasItems("Kafka topics", "Kafka connection health check"))
                    .body("checks.find { it.name == 'Kafka topics' }.data.topics", equalTo(String.join(",", ownedTopics)));
        }
    }

    @Test
    void ownedTopicsAreCreatedWithTheirPartitionsAndRetention() throws Exception {
        assumeFalse(ownedTopics.isEmpty(), "the service owns no topics");
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                System.getProperty(InProcessKafkaResource.BOOTSTRAP_PROPERTY)))) {
            Map<String, TopicDescription> topics = admin.describeTopics(ownedTopics).allTopicNames().get();
            assertEquals(Set.copyOf(ownedTopics), topics.keySet());
            topics.values().forEach(topic -> assertEquals(3, topic.partitions().size(), topic.name()));
            for (String topic : ownedTopics) {
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
                .body("info.title", equalTo(openApiTitle));
    }

    @Test
    void unknownApiRoutesAreProblems() {
        given().when().get("/api/v1/nothing-here")
                .then().statusCode(404)
                .contentType("application/problem+json")
                .body("code", equalTo("NOT_FOUND"));
    }
}
