package org.strategylab.upstream;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.hasKey;

import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.strategylab.testsupport.ServiceReadinessTestBase;
import org.strategylab.upstream.support.UpstreamTest;

@QuarkusTest
@UpstreamTest
class ServiceReadinessTest extends ServiceReadinessTestBase {

    ServiceReadinessTest() {
        super("upstream_gateway", List.of(), "StrategyLab upstream gateway");
    }

    @Override
    protected String schemaVersion() {
        // V2 added the session version that replicas read through; V3 the stored ranking vectors (issue 19)
        return "3";
    }

    @Test
    void metricsAndOpenApiNameItsRoutes() {
        given().when().get("/api/v1/sites/toxodb").then().statusCode(200);
        given().when().get("/q/metrics").then().statusCode(200)
                .body(containsString("http_server_requests_seconds_count{"))
                .body(containsString("uri=\"/api/v1/sites/{siteId}\""));
        given().accept("application/json").when().get("/q/openapi")
                .then().statusCode(200)
                .body("paths", hasKey("/api/v1/sites/{siteId}"))
                .body("paths", hasKey("/api/v1/sites/{siteId}/searches/{recordType}/{searchName}/validate"))
                .body("paths", hasKey("/internal/v1/sites/{siteId}/control-counts"))
                .body("paths", hasKey("/internal/v1/sites/{siteId}/step-counts"))
                .body("paths", hasKey("/internal/v1/sites/{siteId}/steps/{stepId}/ordered-ids"))
                .body("paths", hasKey("/internal/v1/sites/{siteId}/analyses"))
                .body("paths", hasKey("/api/v1/veupathdb/auth/login"));
    }
}
