package org.strategylab.gateway.openapi;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import org.junit.jupiter.api.Test;
import org.strategylab.gateway.routing.FakeServicesResource;
import org.strategylab.testsupport.InProcessKafkaResource;
import org.strategylab.testsupport.PostgresResource;

/**
 * {@code GET /api/v1/openapi} through the fake services (upstream-gateway and chat-service answer,
 * experiment-service's port is closed), and the reference page at {@code /api}.
 */
@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = PostgresResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = FakeServicesResource.class, restrictToAnnotatedClass = false)
class PublicApiResourceTest {

    @Test
    void oneDocumentOfTheGatewaysAndTheServicesPublicPathsWithoutAToken() {
        given().when().get("/api/v1/openapi")
                .then().statusCode(200)
                .contentType(startsWith("application/json"))
                .body("openapi", equalTo("3.1.0"))
                .body("servers[0].url", equalTo("/"))
                .body("paths", hasKey("/api/v1/sites/{siteId}"))
                .body("paths", hasKey("/api/v1/chat"))
                .body("paths", hasKey("/api/v1/auth/local/sign-in"))
                .body("paths", hasKey("/api/v1/operations/{operationId}/subscribe"))
                .body("paths", hasKey("/api/v1/asyncapi"))
                .body("paths", hasKey("/api/v1/openapi"))
                .body("paths", not(hasKey("/internal/v1/sites/{siteId}/steps")))
                .body("paths", not(hasKey("/q/health")))
                .body("components.schemas", hasKey("Site"))
                .body("components.securitySchemes.bearerAuth.scheme", equalTo("bearer"))
                .body("paths.'/api/v1/sites/{siteId}'.get.operationId", equalTo("getSitesBySiteId"))
                .body("paths.'/api/v1/chat'.post.responses.'422'.content", hasKey("application/problem+json"))
                .body("paths.'/api/v1/chat'.post.responses.'401'.'$ref'", equalTo("#/components/responses/Unauthorized"))
                .body("paths.'/api/v1/auth/local/sign-in'.post.security.size()", equalTo(0))
                .body("paths.'/api/v1/openapi'.get.operationId", equalTo("getOpenApi"))
                .body("x-unavailable[0].service", equalTo("experiment-service"))
                .body("x-unavailable[0].reason", equalTo("it could not be reached"));
    }

    @Test
    void theReferencePageLoadsTheDocumentWithSwaggerUiFromTheGateway() {
        given().redirects().follow(false).when().get("/api")
                .then().statusCode(302).header("Location", equalTo("/api/"));
        given().when().get("/api/")
                .then().statusCode(200)
                .contentType(startsWith("text/html"))
                .body(containsString("/webjars/swagger-ui/5.34.1/swagger-ui-bundle.js"),
                        containsString("Content-Security-Policy"), not(containsString("https://")));
        given().when().get("/api/reference.js").then().statusCode(200).body(containsString("/api/v1/openapi"));
        given().when().get("/webjars/swagger-ui/5.34.1/swagger-ui-bundle.js").then().statusCode(200);
        RestAssured.reset();
    }
}
