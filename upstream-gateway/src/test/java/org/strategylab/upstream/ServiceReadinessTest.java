package org.strategylab.upstream;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.containsString;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;
import org.strategylab.testsupport.InProcessKafkaResource;
import org.strategylab.testsupport.PostgresResource;

@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = PostgresResource.class, restrictToAnnotatedClass = false)
class ServiceReadinessTest {

    @Test
    void readyWhenItsSchemaIsMigratedAndKafkaAnswers() {
        given().when().get("/q/health/ready")
                .then().statusCode(200)
                .body("status", equalTo("UP"))
                .body("checks.name", hasItems("PostgreSQL schema upstream_gateway", "Kafka connection health check"))
                .body("checks.find { it.name == 'PostgreSQL schema upstream_gateway' }.data.schemaVersion", equalTo("1"));
    }

    @Test
    void liveMetricsAndOpenApiAreServed() {
        given().when().get("/q/health/live").then().statusCode(200).body("status", equalTo("UP"));
        given().when().get("/api/v1/sites/toxodb").then().statusCode(200);
        given().when().get("/q/metrics").then().statusCode(200)
                .body(containsString("http_server_requests_seconds_count{"))
                .body(containsString("uri=\"/api/v1/sites/{siteId}\""));
        given().accept("application/json").when().get("/q/openapi")
                .then().statusCode(200)
                .body("paths", org.hamcrest.Matchers.hasKey("/api/v1/sites/{siteId}"));
    }
}
