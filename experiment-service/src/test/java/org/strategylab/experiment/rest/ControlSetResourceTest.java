package org.strategylab.experiment.rest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.specification.RequestSpecification;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.strategylab.testsupport.InProcessKafkaResource;
import org.strategylab.experiment.support.UpstreamStackResource;
import org.strategylab.testsupport.TestTokens;

@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = UpstreamStackResource.class, restrictToAnnotatedClass = false)
class ControlSetResourceTest {

    private static final String SETS = "/api/v1/control-sets";

    private static RequestSpecification as(String user) {
        return given().header("Authorization", TestTokens.bearer(user)).contentType("application/json");
    }

    private static String newUser(String name) {
        return name + "-" + UUID.randomUUID();
    }

    private static String create(String user, String body) {
        return as(user).body(body).when().post(SETS).then().statusCode(201).extract().path("id");
    }

    @Test
    void aCreatedSetHasItsIdsNormalisedAndAnOwner() {
        String alice = newUser("alice");
        String id = as(alice).body("{\"name\":\" kinases \",\"siteId\":\"plasmodb\",\"positiveIds\":[\" PF3D7_0100100 \","
                        + "\"PF3D7_0100100\",\"\",\"PF3D7_0200200\"],\"negativeIds\":[\"PF3D7_0900900\"],"
                        + "\"tags\":[\"kinase\",\" kinase\"],\"source\":\"paper\",\"provenanceNotes\":\"Table 2\"}")
                .when().post(SETS)
                .then().statusCode(201)
                .header("Location", org.hamcrest.Matchers.containsString(SETS + "/"))
                .body("name", equalTo("kinases"))
                .body("recordType", equalTo("transcript"))
                .body("positiveIds", contains("PF3D7_0100100", "PF3D7_0200200"))
                .body("negativeIds", contains("PF3D7_0900900"))
                .body("tags", contains("kinase"))
                .body("isPublic", equalTo(false))
                .body("userId", equalTo(alice))
                .body("createdAt", notNullValue())
                .extract().path("id");
        as(alice).when().get(SETS + "/" + id).then().statusCode(200)
                .body("id", equalTo(id))
                .body("positiveIds", contains("PF3D7_0100100", "PF3D7_0200200"))
                .body("source", equalTo("paper"))
                .body("provenanceNotes", equalTo("Table 2"));
    }

    @Test
    void invalidContentIs422NamingTheField() {
        String alice = newUser("alice");
        as(alice).body("{\"name\":\"x\",\"siteId\":\"plasmodb\",\"positiveIds\":[\"G1\",\"G2\"],\"negativeIds\":[\" G2\"]}")
                .when().post(SETS)
                .then().statusCode(422).contentType("application/problem+json")
                .body("errors.pointer", hasItem("/negativeIds"));
        as(alice).body("{\"name\":\"x\",\"siteId\":\"nosuchsite\"}")
                .when().post(SETS)
                .then().statusCode(422).contentType("application/problem+json")
                .body("errors.pointer", hasItem("/siteId"));
        StringBuilder ids = new StringBuilder("[");
        for (int i = 0; i < 2001; i++) { // one over the tests' control-sets.max-ids
            ids.append(i == 0 ? "" : ",").append("\"G").append(i).append('"');
        }
        ids.append(']');
        as(alice).body("{\"name\":\"x\",\"siteId\":\"plasmodb\",\"positiveIds\":" + ids + "}")
                .when().post(SETS)
                .then().statusCode(422).contentType("application/problem+json")
                .body("errors.pointer", hasItem("/positiveIds"));
    }

    @Test
    void malformedBodiesAre400NamingTheField() {
        String alice = newUser("alice");
        as(alice).body("{\"siteId\":\"plasmodb\"}").when().post(SETS)
                .then().statusCode(400).contentType("application/problem+json")
                .body("errors.pointer", hasItem(org.hamcrest.Matchers.containsString("name")));
        as(alice).body("{\"name\":\"x\",\"siteId\":\"plasmodb\",\"positiveIds\":[1,2]}").when().post(SETS)
                .then().statusCode(400).contentType("application/problem+json");
        as(alice).body("{\"name\":\"x\",\"siteId\":\"plasmodb\",\"owner\":\"bob\"}").when().post(SETS)
                .then().statusCode(400).contentType("application/problem+json");
        as(alice).when().get(SETS + "?limit=0").then().statusCode(400).contentType("application/problem+json");
        as(alice).when().get(SETS + "?limit=abc").then().statusCode(400).contentType("application/problem+json");
    }

    @Test
    void nobodySeesAnothersPrivateSetAndOnlyTheOwnerChangesAPublicOne() {
        String alice = newUser("alice");
        String bob = newUser("bob");
        String hidden = create(alice, "{\"name\":\"private\",\"siteId\":\"plasmodb\",\"positiveIds\":[\"G1\"]}");
        String shared = create(alice, "{\"name\":\"shared\",\"siteId\":\"plasmodb\",\"positiveIds\":[\"G1\"],\"isPublic\":true}");

        as(bob).when().get(SETS + "/" + hidden).then().statusCode(404).contentType("application/problem+json")
                .body("code", equalTo("CONTROL_SET_NOT_FOUND"));
        as(bob).body("{\"name\":\"mine now\"}").when().patch(SETS + "/" + hidden).then().statusCode(404);
        as(bob).when().delete(SETS + "/" + hidden).then().statusCode(404);

        as(bob).when().get(SETS + "/" + shared).then().statusCode(200).body("name", equalTo("shared"));
        as(bob).body("{\"name\":\"mine now\"}").when().patch(SETS + "/" + shared).then().statusCode(404);
        as(bob).when().delete(SETS + "/" + shared).then().statusCode(404);
        as(alice).when().get(SETS + "/" + shared).then().statusCode(200).body("name", equalTo("shared"));

        as(bob).when().get(SETS + "/not-a-uuid").then().statusCode(404);
        given().when().get(SETS).then().statusCode(401).contentType("application/problem+json");
    }

    @Test
    void theOwnerUpdatesWithTheSameRulesAndDeletes() {
        String alice = newUser("alice");
        String id = create(alice, "{\"name\":\"draft\",\"siteId\":\"toxodb\",\"positiveIds\":[\"T1\"],\"negativeIds\":[\"T9\"]}");
        as(alice).body("{\"name\":\"final\",\"positiveIds\":[\"T1\",\"T2 \",\"T2\"],\"isPublic\":true}")
                .when().patch(SETS + "/" + id)
                .then().statusCode(200)
                .body("name", equalTo("final"))
                .body("positiveIds", contains("T1", "T2"))
                .body("negativeIds", contains("T9"))
                .body("isPublic", equalTo(true));
        as(alice).body("{\"negativeIds\":[\"T2\"]}").when().patch(SETS + "/" + id)
                .then().statusCode(422).body("errors.pointer", hasItem("/negativeIds"));
        as(alice).body("{\"name\":\" \"}").when().patch(SETS + "/" + id)
                .then().statusCode(422).body("errors.pointer", hasItem("/name"));
        as(alice).when().delete(SETS + "/" + id).then().statusCode(204);
        as(alice).when().get(SETS + "/" + id).then().statusCode(404);
        as(alice).when().delete(SETS + "/" + id).then().statusCode(404);
    }

    @Test
    void listsShowOwnAndPublicSetsNewestFirstWithFiltersAndATotal() {
        String carol = newUser("carol");
        String dave = newUser("dave");
        String tag = "tag-" + UUID.randomUUID();
        String first = create(carol, "{\"name\":\"Alpha kinases\",\"siteId\":\"plasmodb\",\"tags\":[\"" + tag + "\"]}");
        String second = create(carol, "{\"name\":\"Beta\",\"siteId\":\"plasmodb\",\"tags\":[\"" + tag + "\"],"
                + "\"provenanceNotes\":\"KINASE screen\"}");
        String third = create(carol, "{\"name\":\"Gamma\",\"siteId\":\"toxodb\",\"tags\":[\"" + tag + "\"]}");
        String davesPublic = create(dave, "{\"name\":\"Dave's\",\"siteId\":\"plasmodb\",\"tags\":[\"" + tag + "\"],"
                + "\"isPublic\":true}");
        String davesPrivate = create(dave, "{\"name\":\"Dave's own\",\"siteId\":\"plasmodb\",\"tags\":[\"" + tag + "\"]}");

        as(carol).queryParam("tags", tag).when().get(SETS)
                .then().statusCode(200)
                .body("total", equalTo(4))
                .body("items.id", contains(davesPublic, third, second, first))
                .body("items.id", not(hasItem(davesPrivate)));
        as(carol).queryParam("tags", tag).queryParam("siteId", "plasmodb").queryParam("limit", 2).queryParam("offset", 1)
                .when().get(SETS)
                .then().statusCode(200)
                .body("total", equalTo(3)).body("limit", equalTo(2)).body("offset", equalTo(1))
                .body("items.id", contains(second, first));
        as(carol).queryParam("tags", tag).queryParam("q", "kinase").when().get(SETS)
                .then().statusCode(200).body("items.id", contains(second, first));
        as(carol).queryParam("tags", tag).queryParam("offset", 2147483647).when().get(SETS)
                .then().statusCode(200).body("total", equalTo(4)).body("items.size()", equalTo(0));
    }
}
