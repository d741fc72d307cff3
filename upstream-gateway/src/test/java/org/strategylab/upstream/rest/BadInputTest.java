package org.strategylab.upstream.rest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.strategylab.upstream.support.Callers.as;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.strategylab.upstream.support.Callers;
import org.strategylab.upstream.support.UpstreamTest;

/**
 * Issue 11 points a, b, c and e: bad page parameters, path segments and bodies are problems naming
 * what is wrong (400, or 404 for a name the site does not have), never a 500, a bare 404 or an empty
 * 400, and never a call to another upstream path. Each test sends its own {@code X-Forwarded-For}, so
 * the catalogue rate limit of one client is not spent on another test's requests.
 */
@QuarkusTest
@UpstreamTest
class BadInputTest {

    @TestHTTPResource("/")
    URI root;

    private static final String SEARCHES = "/api/v1/sites/plasmodb/searches";
    private static final String GO = SEARCHES + "/transcript/GenesByGoTerm";

    @ParameterizedTest
    @ValueSource(strings = {"/api/v1/sites", "/api/v1/sites/plasmodb/record-types", SEARCHES,
            "/api/v1/sites/plasmodb/organisms"})
    void hugeOffsetsGiveAnEmptyPage(String list) {
        client("198.51.100.1").queryParam("offset", Integer.MAX_VALUE).when().get(list)
                .then().statusCode(200).body("items", empty()).body("offset", equalTo(Integer.MAX_VALUE));
        client("198.51.100.1").queryParam("offset", 2147483600).queryParam("limit", 100).when().get(list)
                .then().statusCode(200).body("items", empty());
    }

    @ParameterizedTest
    @CsvSource({"limit,abc", "limit,2147483648", "limit,1e3", "limit,' 5'", "offset,-2147483649", "offset,0x10"})
    void unreadableNumbersAre400NamingTheParameter(String name, String value) {
        for (String list : new String[] {"/api/v1/sites", "/api/v1/sites/plasmodb/record-types", SEARCHES,
                "/api/v1/sites/plasmodb/organisms"}) {
            client("198.51.100.2").queryParam(name, value).when().get(list)
                    .then().statusCode(400).contentType("application/problem+json")
                    .body("code", equalTo("VALIDATION_ERROR"))
                    .body("errors[0].pointer", equalTo(name));
        }
        client("198.51.100.2").queryParam("q", "kinase").queryParam(name, value)
                .when().get("/api/v1/sites/plasmodb/genes/search")
                .then().statusCode(400).body("errors[0].pointer", equalTo(name));
    }

    @ParameterizedTest
    @ValueSource(strings = {"..;", "..%3B", "%2E%2E;", "a%2Fb", "%2F", "%2E%2E%2F..%2Fstrategies"})
    void searchNamesOutsideTheCatalogueNeverReachTheSite(String segment) {
        String base = SEARCHES + "/transcript/" + segment;
        client("198.51.100.3").urlEncodingEnabled(false).when().get(base + "/param-specs")
                .then().statusCode(404).contentType("application/problem+json").body("code", equalTo("SEARCH_NOT_FOUND"));
        for (String post : new String[] {"/validate", "/dependent-params", "/param-specs"}) {
            client("198.51.100.3").urlEncodingEnabled(false).contentType(ContentType.JSON)
                    .body(post.equals("/dependent-params")
                            ? "{\"changedParam\":{\"name\":\"organism\",\"value\":\"x\"},\"contextValues\":{}}"
                            : "{\"contextValues\":{}}")
                    .when().post(base + post)
                    .then().statusCode(404).body("code", equalTo("SEARCH_NOT_FOUND"));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"..;", "%2E%2E;", "a%2Fb", "%2F"})
    void recordTypesOutsideTheCatalogueNeverReachTheSite(String segment) {
        client("198.51.100.4").urlEncodingEnabled(false).when().get(SEARCHES + "/" + segment + "/GenesByGoTerm/param-specs")
                .then().statusCode(404).body("code", equalTo("RECORD_TYPE_NOT_FOUND"));
        client("198.51.100.4").urlEncodingEnabled(false).queryParam("recordType", segment).when().get(SEARCHES)
                .then().statusCode(404).body("code", equalTo("RECORD_TYPE_NOT_FOUND"));
    }

    @Test
    void dotSegmentsAreNormalisedBeforeRouting() {
        // ".." and "%2E%2E" never reach a resource as a name: the path is normalised first
        for (String segment : new String[] {"..", "%2E%2E"}) {
            client("198.51.100.5").urlEncodingEnabled(false)
                    .when().get(SEARCHES + "/transcript/" + segment + "/param-specs")
                    .then().statusCode(404).contentType("application/problem+json").body("code", not(equalTo("UPSTREAM_ERROR")));
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "[]|/",
            "\"text\"|/",
            "{\"contextValues\":{},\"extra\":1}|/extra",
            "{\"contextValues\":[1,2]}|/contextValues",
            "{\"contextValues\":\"x\"}|/contextValues",
            "{\"contextValues\":{\"a\":1},\"contextValues\":{}}|/contextValues",
            "{\"contextValues\":{\"organism\":\"a\",\"organism\":\"b\"}}|/contextValues/organism",
            "{\"contextValues\":{}} trailing|/",
            "{\"contextValues\":{}}{}|/",
            "{\"contextValues\":{}}]|/",
            "{\"contextValues\":{\"go_typeahead\":\"\\ud800\"}}|/contextValues/go_typeahead",
            "{\"contextValues\":{\"go_typeahead\":\"\\udc00x\"}}|/contextValues/go_typeahead",
            "{\"contextValues\":{\"organism\":|/contextValues/organism",
    })
    void unfitBodiesAre400NamingTheField(String body, String pointer) {
        client("198.51.100.6").contentType(ContentType.JSON).body(body).when().post(GO + "/validate")
                .then().statusCode(400).contentType("application/problem+json")
                .body("code", equalTo("INVALID_BODY"))
                .body("errors", hasSize(1))
                .body("errors[0].pointer", equalTo(pointer));
    }

    @Test
    void tooDeepAndTooLargeBodiesAre400() throws Exception {
        String deep = "{\"contextValues\":{\"organism\":" + "[".repeat(10_000) + "]".repeat(10_000) + "}}";
        // sent with the JDK client: rest-assured's request log pretty-prints the body up front, slowly
        HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(root.resolve(GO + "/validate"))
                .header("Content-Type", "application/json").header("X-Forwarded-For", "198.51.100.7")
                .POST(HttpRequest.BodyPublishers.ofString(deep)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(400, response.statusCode());
        assertEquals("application/problem+json", response.headers().firstValue("Content-Type").orElse(""));
        JsonPath problem = new JsonPath(response.body());
        assertEquals("INVALID_BODY", problem.getString("code"));
        assertTrue(problem.getString("errors[0].pointer").startsWith("/contextValues"));
        // a number too large for a double is a value the parameter refuses, named
        client("198.51.100.7").contentType(ContentType.JSON)
                .body("{\"contextValues\":{\"organism\":[\"Plasmodium falciparum 3D7\"],\"go_typeahead\":1e999999999}}")
                .when().post(GO + "/validate")
                .then().statusCode(422).contentType("application/problem+json")
                .body("errors.pointer", org.hamcrest.Matchers.hasItem("/contextValues/go_typeahead"));
    }

    @Test
    void nonStringNamesAreRefused() {
        client("198.51.100.8").contentType(ContentType.JSON).body("{\"changedParam\":{\"name\":123,\"value\":\"x\"}}")
                .when().post(GO + "/dependent-params")
                .then().statusCode(400).body("code", equalTo("INVALID_BODY"))
                .body("errors[0].pointer", equalTo("/changedParam/name"));
        as(Callers.newUser("ids")).body("{\"geneIds\":[\"PF3D7_0100100\",42]}")
                .when().post("/api/v1/sites/plasmodb/genes/resolve")
                .then().statusCode(400).body("errors[0].pointer", equalTo("/geneIds/1"));
        as(Callers.newUser("ids")).body("{\"email\":[\"a@b.c\"],\"password\":\"x\"}")
                .when().post("/api/v1/veupathdb/auth/login")
                .then().statusCode(400).body("errors[0].pointer", equalTo("/email"));
        as(Callers.newUser("ids")).body("{\"email\":\"a@b.c\",\"password\":true}")
                .when().post("/api/v1/veupathdb/auth/login")
                .then().statusCode(400).body("errors[0].pointer", equalTo("/password"));
    }

    private static io.restassured.specification.RequestSpecification client(String address) {
        return given().header("X-Forwarded-For", address);
    }
}
