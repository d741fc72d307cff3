package org.strategylab.upstream.rest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.startsWith;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;
import org.strategylab.upstream.support.UpstreamTest;

@QuarkusTest
@UpstreamTest
class SiteResourceTest {

    @Test
    void listsEverySiteWithEveryField() {
        given().when().get("/api/v1/sites")
                .then().statusCode(200)
                .contentType("application/json")
                .body("total", equalTo(14))
                .body("items", hasSize(14))
                .body("defaultSiteId", equalTo("veupathdb"))
                // the test profile's routing timeouts (120 s / 30 s by default); timeout tests use a site with its own
                .body("routing.portalTimeoutSeconds", equalTo(30))
                .body("routing.componentTimeoutSeconds", equalTo(30))
                .body("items.id", hasItems("veupathdb", "plasmodb", "toxodb", "trichdb", "vectorbase", "orthomcl"))
                .body("items.find { it.id == 'plasmodb' }.name", equalTo("PlasmoDB"))
                .body("items.find { it.id == 'plasmodb' }.displayName", equalTo("PlasmoDB (Plasmodium)"))
                // the tests point every site's origin at the in-process simulator, keeping the path
                .body("items.find { it.id == 'plasmodb' }.baseUrl", endsWith("/plasmo/service"))
                .body("items.find { it.id == 'plasmodb' }.webUrl", endsWith("/plasmo"))
                .body("items.find { it.id == 'plasmodb' }.projectId", equalTo("PlasmoDB"))
                .body("items.find { it.id == 'plasmodb' }.isPortal", equalTo(false))
                .body("items.find { it.id == 'veupathdb' }.isPortal", equalTo(true));
    }

    @Test
    void pagesWithLimitAndOffset() {
        given().queryParam("limit", 2).queryParam("offset", 1).when().get("/api/v1/sites")
                .then().statusCode(200)
                .body("total", equalTo(14))
                .body("items.id", contains("plasmodb", "toxodb"));
    }

    @Test
    void oneSite() {
        given().when().get("/api/v1/sites/trichdb")
                .then().statusCode(200)
                .body("id", equalTo("trichdb"))
                .body("projectId", equalTo("TrichDB"))
                .body("webUrl", endsWith("/trichdb"));
    }

    @Test
    void unknownSiteIsA404Problem() {
        given().header("X-Request-ID", "test-req-1").when().get("/api/v1/sites/nosuchsite")
                .then().statusCode(404)
                .contentType("application/problem+json")
                .header("X-Request-ID", "test-req-1")
                .body("status", equalTo(404))
                .body("code", equalTo("SITE_NOT_FOUND"))
                .body("type", equalTo("/errors/SITE_NOT_FOUND"))
                .body("title", equalTo("Not Found"))
                .body("detail", equalTo("No site with id 'nosuchsite'"))
                .body("instance", equalTo("/api/v1/sites/nosuchsite"))
                .body("requestId", equalTo("test-req-1"));
    }

    @Test
    void badPagingIsA400NamingTheParameter() {
        given().queryParam("limit", 0).when().get("/api/v1/sites")
                .then().statusCode(400)
                .contentType("application/problem+json")
                .body("code", equalTo("VALIDATION_ERROR"))
                .body("errors[0].pointer", equalTo("limit"))
                .body("errors[0].message", notNullValue());
        // issue 11 point e: an unreadable number is a 400 naming it, not JAX-RS's bare 404
        given().queryParam("offset", "abc").when().get("/api/v1/sites")
                .then().statusCode(400).contentType("application/problem+json")
                .body("errors[0].pointer", equalTo("offset"));
    }

    @Test
    void unknownRouteAndMethodAreProblems() {
        given().when().get("/api/v1/nothing-here")
                .then().statusCode(404)
                .contentType("application/problem+json")
                .body("code", equalTo("NOT_FOUND"));
        given().when().delete("/api/v1/sites/plasmodb")
                .then().statusCode(405)
                .contentType("application/problem+json")
                .body("code", equalTo("METHOD_NOT_ALLOWED"));
    }

    @Test
    void everyResponseCarriesARequestId() {
        given().when().get("/api/v1/sites/plasmodb")
                .then().statusCode(200)
                .header("X-Request-ID", notNullValue());
        given().header("X-Request-ID", "bad id with spaces").when().get("/api/v1/sites/plasmodb")
                .then().header("X-Request-ID", startsWith(""))
                .header("X-Request-ID", org.hamcrest.Matchers.not(equalTo("bad id with spaces")));
    }
}
