package org.strategylab.simulator;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Checklist 1 (sites and paths), 2 (guest identity) and 3 (login, users/current). */
class SitesAndIdentityTest {

    private final UpstreamSimulator sim = SharedSimulator.get();

    @AfterEach
    void resetFaults() {
        sim.faults().reset();
    }

    @Test
    void servesThePortalAndTwoComponentSitesAtTheirRegistryPaths() {
        for (String path : List.of("/veupathdb/service", "/plasmo/service", "/toxo/service")) {
            given().get(sim.baseUrl() + path + "/record-types").then().statusCode(200).contentType(ContentType.JSON)
                    .body("", hasItems("transcript", "gene"));
        }
        assertEquals(sim.baseUrl() + "/plasmo/service", sim.serviceUrl("plasmodb"));
    }

    @Test
    void unknownSitesAndPathsAre404TextPlain() {
        given().get(sim.baseUrl() + "/orthomcl/service/record-types").then().statusCode(404).contentType(startsWith("text/plain"));
        given().get(sim.baseUrl() + "/plasmo/service/no-such-thing").then().statusCode(404).contentType(startsWith("text/plain"));
    }

    @Test
    void portalRecordsKeepTheirComponentProjectId() {
        String portal = sim.serviceUrl("veupathdb");
        Guest guest = Guest.on(portal);
        Response report = guest.post("/record-types/transcript/searches/GenesByTaxon/reports/standard", Map.of(
                "searchConfig", Map.of("parameters", Map.of("organism", "[\"Toxoplasma gondii ME49\",\"" + Guest.PF + "\"]")),
                "reportConfig", Map.of("pagination", Map.of("offset", 0, "numRecords", 20000))));
        report.then().statusCode(200);
        List<String> projectIds = report.jsonPath().getList("records.collect { r -> r.id[2].value }");
        org.hamcrest.MatcherAssert.assertThat(projectIds, hasItems("PlasmoDB", "ToxoDB"));
        org.hamcrest.MatcherAssert.assertThat(projectIds, everyItem(not(equalTo("EuPathDB"))));
    }

    @Test
    void aCookielessRequestGetsANewGuestEveryTime() {
        Response first = given().get(SharedSimulator.plasmo() + "/users/current");
        Response second = given().get(SharedSimulator.plasmo() + "/users/current");
        first.then().statusCode(200).body("isGuest", is(true));
        org.hamcrest.MatcherAssert.assertThat(first.headers().getValues("Set-Cookie"),
                hasItems(containsString("Max-Age=94608000"), startsWith("wdk_check_auth=;")));
        assertNotEquals(first.jsonPath().getLong("id"), second.jsonPath().getLong("id"));
        assertNotNull(first.getCookie("Authorization"));
    }

    @Test
    void theAuthorizationCookieOrBearerHeaderKeepsTheSameUser() {
        Guest guest = Guest.on(SharedSimulator.plasmo());
        Response again = guest.request().get(guest.base + "/users/current");
        assertEquals(guest.id, again.jsonPath().getLong("id"));
        org.hamcrest.MatcherAssert.assertThat(again.headers().getValues("Set-Cookie"), everyItem(not(containsString("Authorization="))));
        assertEquals(guest.id, given().header("Authorization", "Bearer " + guest.token).get(guest.base + "/users/" + guest.id)
                .then().statusCode(200).extract().jsonPath().getLong("id"));
        // accounts are shared by the sites, as VEuPathDB's are
        assertEquals(guest.id, guest.request().get(sim.serviceUrl("toxodb") + "/users/current").jsonPath().getLong("id"));
    }

    @Test
    void anotherUsersResourcesAre403AndAnInvalidTokenIs401() {
        Guest a = Guest.on(SharedSimulator.plasmo());
        Guest b = Guest.on(SharedSimulator.plasmo());
        long step = a.taxonStep(Guest.PF);
        b.request().get(b.base + "/users/" + a.id).then().statusCode(403).contentType(startsWith("text/plain"))
                .body(equalTo("Permission Denied.  You do not have access to this resource."));
        b.request().get(b.base + "/users/current/steps/" + step).then().statusCode(403);
        a.request().get(a.base + "/users/current/steps/999999").then().statusCode(404)
                .body(equalTo("Resource 'Step ID 999999' does not exist."));
        given().cookie("Authorization", "forged.token").get(SharedSimulator.plasmo() + "/users/current").then().statusCode(401);
    }

    @Test
    void anExpiredTokenMakesTheCallerANewGuest() {
        Guest guest = Guest.on(SharedSimulator.plasmo());
        sim.faults().expireTokensNow();
        Response after = guest.request().get(guest.base + "/users/current");
        after.then().statusCode(200).body("isGuest", is(true));
        assertNotEquals(guest.id, after.jsonPath().getLong("id"));
        assertNotNull(after.getCookie("Authorization"));
    }

    @Test
    void loginNeedsAllThreeFieldsAndAnswers200OnBadCredentials() {
        String base = SharedSimulator.plasmo();
        given().contentType(ContentType.JSON).body(Map.of("email", "x@example.org", "password", "p"))
                .post(base + "/login").then().statusCode(400).contentType(startsWith("text/plain"))
                .body(containsString("redirectUrl"));
        given().contentType(ContentType.JSON).body(Map.of("email", "x@example.org", "password", "p", "redirectUrl", "/app", "extra", 1))
                .post(base + "/login").then().statusCode(400);
        Response bad = given().contentType(ContentType.JSON)
                .body(Map.of("email", "demo@strategylab.example", "password", "wrong", "redirectUrl", "/plasmo/app"))
                .post(base + "/login");
        bad.then().statusCode(200).contentType(ContentType.JSON).body("success", is(false))
                .body("message", equalTo("Invalid username or password"));
        org.junit.jupiter.api.Assertions.assertNull(bad.getCookie("Authorization"));
    }

    @Test
    void loginSetsTheTokenCookieAndUsersCurrentShowsTheAccount() {
        String base = SharedSimulator.plasmo();
        Response ok = given().contentType(ContentType.JSON)
                .body(Map.of("email", "demo@strategylab.example", "password", "demo-password", "redirectUrl", "/plasmo/app"))
                .post(base + "/login");
        ok.then().statusCode(200).body("success", is(true)).body("redirectUrl", equalTo("/plasmo/app"));
        String token = ok.getCookie("Authorization");
        assertNotNull(token);
        given().cookie("Authorization", token).get(base + "/users/current?includePreferences=true").then().statusCode(200)
                .body("isGuest", is(false)).body("id", notNullValue()).body("email", equalTo("demo@strategylab.example"))
                .body("properties.firstName", equalTo("Demo")).body("preferences.global", notNullValue());
        given().cookie("Authorization", token).redirects().follow(false).contentType(ContentType.JSON)
                .body(Map.of("email", "demo@strategylab.example", "password", "demo-password", "redirectUrl", "/plasmo/app"))
                .post(base + "/login").then().statusCode(307).header("Location", equalTo("/plasmo/app"));
        given().get(base + "/users/current").then().body("email", nullValue());
    }

    @Test
    void methodOverrideQueryParameterIsHonoured() {
        Guest guest = Guest.on(SharedSimulator.plasmo());
        long step = guest.taxonStep(Guest.PF);
        guest.request().body(Map.of("customName", "renamed")).post(guest.base + "/users/current/steps/" + step + "?http-method=PATCH")
                .then().statusCode(204);
        guest.request().get(guest.base + "/users/current/steps/" + step).then().body("customName", equalTo("renamed"));
    }

    @Test
    void sessionPrimingPageSetsJsessionId() {
        Response app = given().get(sim.baseUrl() + "/plasmo/app");
        app.then().statusCode(200);
        assertNotNull(app.getCookie("JSESSIONID"));
    }
}
