package org.strategylab.experiment.controlsets;

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
    void invalidContentIsAProblemNamingTheField() {
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
                .then().statusCode(400).contentType("application/problem+json")
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
                .then().statusCode(400).body("errors.pointer", hasItem("/name"));
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

    @Test
    void aSetIsResolvedAgainstItsSiteOnCreateAndOnAChangeOfItsListsKeepingItsIdsAsTyped() {
        // issue 38's controls: a lowercase spelling, a transcript ID, no such gene, a gene, the first gene again
        String erin = newUser("erin");
        java.util.List<String> positives = ControlResolutionResourceTest.ISSUE_POSITIVES;
        String id = as(erin).body(java.util.Map.of("name", "issue 38", "siteId", "plasmodb", "positiveIds", positives,
                        "negativeIds", ControlResolutionResourceTest.ISSUE_NEGATIVES))
                .when().post(SETS)
                .then().statusCode(201)
                .body("positiveIds", equalTo(positives))
                .body("negativeIds", equalTo(ControlResolutionResourceTest.ISSUE_NEGATIVES))
                .body("resolution.status", equalTo("resolved"))
                .body("resolution.checkedAt", notNullValue())
                .body("resolution.controlResolution.positives.resolved", equalTo(3))
                .body("resolution.controlResolution.positives.renamed.input", contains("pf3d7_0105300", "PF3D7_0100100.1"))
                .body("resolution.controlResolution.positives.renamed.geneId", contains("PF3D7_0105300", "PF3D7_0100100"))
                .body("resolution.controlResolution.positives.unknown", contains("FAKE_GENE_1"))
                .body("resolution.controlResolution.positives.duplicates", contains("PF3D7_0105300"))
                .body("resolution.controlResolution.negatives.unknown", contains("BOGUS"))
                .body("resolution.genesInBothLists", equalTo(java.util.List.of()))
                .body("resolution.warnings", equalTo(java.util.List.of()))
                .body("resolution.reason", org.hamcrest.Matchers.nullValue())
                .extract().path("id");
        String checkedAt = as(erin).when().get(SETS + "/" + id).then().statusCode(200)
                .body("resolution.controlResolution.positives.resolved", equalTo(3))
                .extract().path("resolution.checkedAt");
        // a change that leaves the lists keeps their resolution
        as(erin).body("{\"name\":\"renamed\"}").when().patch(SETS + "/" + id).then().statusCode(200)
                .body("resolution.checkedAt", equalTo(checkedAt));
        // new lists are resolved again: saved as typed, what a run would refuse said as a warning
        as(erin).body("{\"positiveIds\":[\"FAKE_GENE_1\"],\"negativeIds\":[\"pf3d7_0100300\"]}")
                .when().patch(SETS + "/" + id).then().statusCode(200)
                .body("positiveIds", contains("FAKE_GENE_1"))
                .body("negativeIds", contains("pf3d7_0100300"))
                .body("resolution.status", equalTo("resolved"))
                .body("resolution.controlResolution.positives.unknown", contains("FAKE_GENE_1"))
                .body("resolution.controlResolution.negatives.renamed.geneId", contains("PF3D7_0100300"))
                .body("resolution.warnings.pointer", contains("/positiveIds"))
                .body("resolution.warnings[0].message", org.hamcrest.Matchers.containsString("FAKE_GENE_1"));
        // a gene in both lists once resolved
        as(erin).body("{\"positiveIds\":[\"PF3D7_0100300.1\"]}")
                .when().patch(SETS + "/" + id).then().statusCode(200)
                .body("resolution.genesInBothLists", contains("PF3D7_0100300"))
                .body("resolution.warnings.pointer", contains("/negativeIds"));
    }

    @Test
    void aSetIsSavedAsTypedWhenTheSiteCannotBeAskedAndSaysItsResolutionIsUnknown() {
        String fred = newUser("fred");
        // IDs no earlier test looked up: upstream-gateway reuses recent resolutions
        String fresh = "PF3D7_SAVE_" + UUID.randomUUID().toString().substring(0, 8).toUpperCase(java.util.Locale.ROOT);
        UpstreamStackResource.simulator.faults().errorRate("/reports/", 1.0, 500);
        String id;
        try {
            id = as(fred).body("{\"name\":\"offline\",\"siteId\":\"plasmodb\",\"positiveIds\":[\"" + fresh + "\"]}")
                    .when().post(SETS)
                    .then().statusCode(201)
                    .body("positiveIds", contains(fresh))
                    .body("resolution.status", equalTo("unknown"))
                    .body("resolution.controlResolution", org.hamcrest.Matchers.nullValue())
                    .body("resolution.reason", org.hamcrest.Matchers.containsString("could not be asked"))
                    .body("resolution.reason", not(org.hamcrest.Matchers.containsString("Exception")))
                    .extract().path("id");
        } finally {
            UpstreamStackResource.simulator.faults().reset();
        }
        as(fred).when().get(SETS + "/" + id).then().statusCode(200)
                .body("positiveIds", contains(fresh))
                .body("resolution.status", equalTo("unknown"));
        // once the site answers again, a change of the lists resolves them
        as(fred).body("{\"positiveIds\":[\"" + fresh + "\",\"PF3D7_0100100\"]}").when().patch(SETS + "/" + id)
                .then().statusCode(200)
                .body("resolution.status", equalTo("resolved"))
                .body("resolution.controlResolution.positives.unknown", contains(fresh));
    }

    /**
     * {@code /api/v1/gene-sets} (issue 39 item 4) beside the control sets it reads, in this class so the
     * module's stack starts once: algebra of two sets (saved as a new gene set of the caller), several
     * compared, someone else's private set a 404 naming the field, bad input a problem naming it.
     */
    @Test
    void geneSetAlgebraAndComparisonOverTheCallersSets() {
        String alice = newUser("alice");
        String bob = newUser("bob");
        String left = create(alice, "{\"name\":\"kinases\",\"siteId\":\"plasmodb\",\"tags\":[\"gene-set\"],"
                + "\"positiveIds\":[\"PF3D7_0100100\",\"PF3D7_0100200\",\"PF3D7_0100300\"]}");
        String right = create(alice, "{\"name\":\"secreted\",\"siteId\":\"plasmodb\",\"tags\":[\"gene-set\"],"
                + "\"positiveIds\":[\"PF3D7_0100300\",\"PF3D7_0105300\",\"PF3D7_0100100\"]}");
        // typed otherwise than its gene's current ID: compared as that gene (the set's stored resolution)
        String third = create(alice, "{\"name\":\"third\",\"siteId\":\"plasmodb\",\"positiveIds\":[\"pf3d7_0105300\"]}");
        String elsewhere = create(alice, "{\"name\":\"toxo\",\"siteId\":\"toxodb\",\"positiveIds\":[\"T1\"]}");
        String bobs = create(bob, "{\"name\":\"bob's\",\"siteId\":\"plasmodb\",\"positiveIds\":[\"PF3D7_0100100\"]}");
        String algebra = "/api/v1/gene-sets/algebra";
        String compare = "/api/v1/gene-sets/compare";

        as(alice).body("{\"op\":\"intersection\",\"leftSetId\":\"" + left + "\",\"rightSetId\":\"" + right + "\"}")
                .when().post(algebra).then().statusCode(200)
                .body("op", equalTo("intersection"))
                .body("geneIds", contains("PF3D7_0100100", "PF3D7_0100300"))
                .body("count", equalTo(2))
                .body("saved", org.hamcrest.Matchers.nullValue());
        as(alice).body("{\"op\":\"difference\",\"leftSetId\":\"" + left + "\",\"rightSetId\":\"" + right + "\"}")
                .when().post(algebra).then().statusCode(200).body("geneIds", contains("PF3D7_0100200"));
        String union = as(alice).body("{\"op\":\"union\",\"leftSetId\":\"" + left + "\",\"rightSetId\":\"" + right
                        + "\",\"save\":true,\"name\":\"either\"}")
                .when().post(algebra).then().statusCode(200)
                .body("geneIds", contains("PF3D7_0100100", "PF3D7_0100200", "PF3D7_0100300", "PF3D7_0105300"))
                .body("saved.name", equalTo("either"))
                .body("saved.userId", equalTo(alice))
                .body("saved.tags", contains("gene-set"))
                .body("saved.resolution.status", equalTo("resolved"))
                .extract().path("saved.id");
        as(alice).when().get(SETS + "/" + union).then().statusCode(200)
                .body("positiveIds", contains("PF3D7_0100100", "PF3D7_0100200", "PF3D7_0100300", "PF3D7_0105300"));
        // nothing in common: nothing to save
        as(alice).body("{\"op\":\"intersection\",\"leftSetId\":\"" + left + "\",\"rightSetId\":\"" + third
                        + "\",\"save\":true}")
                .when().post(algebra).then().statusCode(422).contentType("application/problem+json")
                .body("errors.pointer", hasItem("/save"));

        as(alice).body("{\"setIds\":[\"" + left + "\",\"" + right + "\",\"" + third + "\"]}")
                .when().post(compare).then().statusCode(200)
                .body("sets.id", contains(left, right, third))
                .body("sets.size", contains(3, 3, 1))
                .body("sets.uniqueCount", contains(1, 0, 0))
                .body("pairs.shared", contains(2, 0, 1))
                .body("totalGenes", equalTo(4))
                .body("intersections[0].setIds", contains(left, right))
                .body("intersections[0].geneIds", contains("PF3D7_0100100", "PF3D7_0100300"))
                .body("intersections.count", contains(2, 1, 1));

        // someone else's private set is a 404 naming where it was named; so is a malformed id
        as(bob).body("{\"op\":\"union\",\"leftSetId\":\"" + bobs + "\",\"rightSetId\":\"" + left + "\"}")
                .when().post(algebra).then().statusCode(404).contentType("application/problem+json")
                .body("code", equalTo("CONTROL_SET_NOT_FOUND"))
                .body("errors.pointer", contains("/rightSetId"));
        as(bob).body("{\"setIds\":[\"" + bobs + "\",\"" + left + "\"]}")
                .when().post(compare).then().statusCode(404).body("errors.pointer", contains("/setIds/1"));
        as(alice).body("{\"op\":\"union\",\"leftSetId\":\"nope\",\"rightSetId\":\"" + left + "\"}")
                .when().post(algebra).then().statusCode(404).body("errors.pointer", contains("/leftSetId"));

        // bad input names the field
        as(alice).body("{\"op\":\"xor\",\"leftSetId\":\"" + left + "\",\"rightSetId\":\"" + right + "\"}")
                .when().post(algebra).then().statusCode(400).contentType("application/problem+json")
                .body("errors.pointer", hasItem("/op"));
        as(alice).body("{\"op\":\"union\",\"leftSetId\":\"" + left + "\"}")
                .when().post(algebra).then().statusCode(400).body("errors.pointer", hasItem("/rightSetId"));
        as(alice).body("{\"op\":\"union\",\"leftSetId\":\"" + left + "\",\"rightSetId\":\"" + elsewhere + "\"}")
                .when().post(algebra).then().statusCode(422).body("errors.pointer", hasItem("/rightSetId"));
        as(alice).body("{\"setIds\":[\"" + left + "\"]}")
                .when().post(compare).then().statusCode(400).contentType("application/problem+json")
                .body("errors.pointer", hasItem("/setIds"));
        as(alice).body("{\"setIds\":[\"" + String.join("\",\"", java.util.Collections.nCopies(9, left)) + "\"]}")
                .when().post(compare).then().statusCode(400).body("errors.pointer", hasItem("/setIds"));
        as(alice).body("{\"setIds\":[\"" + left + "\",\"" + left + "\"]}")
                .when().post(compare).then().statusCode(400).body("errors.pointer", hasItem("/setIds/1"));
        as(alice).body("{\"setIds\":[\"" + left + "\",\"" + elsewhere + "\"]}")
                .when().post(compare).then().statusCode(422).body("errors.pointer", hasItem("/setIds/1"));
        given().contentType("application/json").body("{\"setIds\":[\"" + left + "\",\"" + right + "\"]}")
                .when().post(compare).then().statusCode(401);
    }
}
