package org.strategylab.upstream;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.containsString;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;
import org.strategylab.upstream.support.UpstreamTest;

@QuarkusTest
@UpstreamTest
class ServiceReadinessTest {

    @Test
    void readyWhenItsSchemaIsMigrated() {
        given().when().get("/q/health/ready")
                .then().statusCode(200)
                .body("status", equalTo("UP"))
                .body("checks.name", hasItems("PostgreSQL schema upstream_gateway"))
                .body("checks.find { it.name == 'PostgreSQL schema upstream_gateway' }.data.schemaVersion", equalTo("2"));
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
                .body("paths", org.hamcrest.Matchers.hasKey("/api/v1/sites/{siteId}"))
                .body("paths", org.hamcrest.Matchers.hasKey("/api/v1/sites/{siteId}/searches/{recordType}/{searchName}/validate"))
                .body("paths", org.hamcrest.Matchers.hasKey("/internal/v1/sites/{siteId}/control-counts"))
                .body("paths", org.hamcrest.Matchers.hasKey("/internal/v1/sites/{siteId}/steps/{stepId}/ordered-ids"))
                .body("paths", org.hamcrest.Matchers.hasKey("/internal/v1/sites/{siteId}/analyses"))
                .body("paths", org.hamcrest.Matchers.hasKey("/api/v1/veupathdb/auth/login"));
    }
}
