package org.strategylab.upstream.rest.internal;

import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.strategylab.upstream.support.Callers.PLASMO;
import static org.strategylab.upstream.support.Callers.as;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.strategylab.simulator.RequestJournal.RecordedRequest;
import org.strategylab.simulator.UpstreamSimulator;
import org.strategylab.upstream.support.Callers;
import org.strategylab.upstream.support.InjectSimulator;
import org.strategylab.upstream.support.Trees;
import org.strategylab.upstream.support.UpstreamTest;

/**
 * {@code POST /step-counts}: a step or a step tree counted node by node, in genes with the transcripts
 * beside them, as the site counts the same steps in a strategy, without a strategy left in (or, for a
 * lone search, ever put in) the user's account on the site.
 */
@QuarkusTest
@UpstreamTest
class StepCountsTest {

    private static final Pattern STRATEGY_CREATE = Pattern.compile("/users/\\d+/strategies$");
    private static final Pattern STRATEGY_DELETE = Pattern.compile("/users/\\d+/strategies/(\\d+)$");

    /** P. vivax orthologs of the falciparum kinases (a transform). */
    private static final String ORTHOLOGS = "{\"searchName\":\"GenesByOrthologs\",\"parameters\":{\"organism\":"
            + "[\"Plasmodium vivax P01\"],\"isSyntenic\":\"no\"},\"primaryInput\":" + Trees.KINASES + "}";

    @InjectSimulator
    UpstreamSimulator simulator;

    @Test
    void aLoneSearchIsCountedAsTheSiteCountsItsStepWithoutAnyStrategy() {
        String user = Callers.newUser("cal");
        long mark = simulator.journal().mark();
        JsonPath counts = as(user).body("{\"tree\":" + Trees.KINASES + "}").when().post(PLASMO + "/step-counts")
                .then().statusCode(200).contentType("application/json").extract().jsonPath();
        List<RecordedRequest> seen = simulator.journal().since(mark);
        assertTrue(seen.stream().noneMatch(r -> r.method().equals("POST")
                        && (STRATEGY_CREATE.matcher(r.path()).find() || r.path().matches(".*/users/\\d+/steps$"))),
                "no step and no strategy was made on the site: " + seen);
        noStrategiesOf(user);

        // the same search as a step of a strategy, read through the step's records
        JsonPath expected = recordCounts(user, strategy(user, Trees.KINASES).getLong("stepTree.stepId"));
        assertEquals(expected.getLong("displayTotalCount"), counts.getLong("geneCount"));
        assertEquals(expected.getLong("totalCount"), counts.getLong("transcriptCount"));
        assertTrue(counts.getLong("transcriptCount") > counts.getLong("geneCount"),
                "the kinases include genes with several transcripts");
        assertFalse(counts.getMap("").containsKey("primaryInput"));
    }

    @Test
    void aSubtreeIsCountedNodeByNodeInAHelperStrategyThatIsGoneAfterwards() {
        String user = Callers.newUser("dee");
        String tree = Trees.combine("UNION", ORTHOLOGS, Trees.SIGNAL_PEPTIDE);
        long mark = simulator.journal().mark();
        JsonPath counts = as(user).body("{\"tree\":" + tree + "}").when().post(PLASMO + "/step-counts")
                .then().statusCode(200).extract().jsonPath();
        List<RecordedRequest> seen = simulator.journal().since(mark);

        // the only strategy made was a helper (hidden by its name), and it was deleted again
        List<RecordedRequest> creates = seen.stream()
                .filter(r -> r.method().equals("POST") && STRATEGY_CREATE.matcher(r.path()).find()).toList();
        assertEquals(1, creates.size(), seen.toString());
        assertTrue(creates.get(0).body().contains("__svc_internal__:"), creates.get(0).body());
        List<RecordedRequest> deletes = seen.stream()
                .filter(r -> r.method().equals("DELETE") && STRATEGY_DELETE.matcher(r.path()).find()).toList();
        assertEquals(1, deletes.size(), seen.toString());
        assertEquals(204, deletes.get(0).status(), deletes.get(0).toString());
        noStrategiesOf(user);

        // each node counts what its step counts in a strategy of the same tree
        JsonPath built = strategy(user, tree);
        assertCounted(user, built.getMap("stepTree"), counts.getMap(""), "tree");
        assertNotNull(counts.get("primaryInput.primaryInput.geneCount"), "the transform's input is counted too");
    }

    @Test
    void badRequestsNameTheField() {
        String user = Callers.newUser("eve");
        as(user).body("{}").when().post(PLASMO + "/step-counts")
                .then().statusCode(400).contentType("application/problem+json")
                .body("errors.pointer", hasItem("/tree"));
        as(user).body("{\"tree\":" + Trees.KINASES + ",\"root\":1}").when().post(PLASMO + "/step-counts")
                .then().statusCode(400).contentType("application/problem+json")
                .body("code", equalTo("INVALID_BODY")).body("errors.pointer", contains("/root"));
        as(user).body("{\"tree\":{\"searchName\":42}}").when().post(PLASMO + "/step-counts")
                .then().statusCode(400).contentType("application/problem+json")
                .body("errors.pointer", contains("/tree/searchName"));
        as(user).body("{\"tree\":{\"searchName\":\"GenesByNothing\"}}").when().post(PLASMO + "/step-counts")
                .then().statusCode(422).contentType("application/problem+json")
                .body("errors.pointer", contains("/tree/searchName"));
        as(user).body("{\"tree\":{\"searchName\":\"GenesByGoTerm\",\"parameters\":{\"go_typeahead\":[\"NOT-A-TERM\"]}}}")
                .when().post(PLASMO + "/step-counts")
                .then().statusCode(422).body("errors.pointer", hasItem("/tree/parameters/go_typeahead"));
        as(user).body("{\"tree\":" + Trees.combine("XOR", Trees.KINASES, Trees.FALCIPARUM) + "}")
                .when().post(PLASMO + "/step-counts")
                .then().statusCode(422).body("errors.pointer", hasItem("/tree/operator"));
        as(user).body("{\"tree\":" + Trees.combine("UNION", Trees.KINASES,
                        "{\"searchName\":\"GenesByGoTerm\",\"parameters\":{\"go_typeahead\":[\"NOT-A-TERM\"]}}") + "}")
                .when().post(PLASMO + "/step-counts")
                .then().statusCode(422).body("errors.pointer", hasItem("/tree/secondaryInput/parameters/go_typeahead"));
        noStrategiesOf(user);
        io.restassured.RestAssured.given().contentType("application/json").body("{\"tree\":" + Trees.KINASES + "}")
                .when().post(PLASMO + "/step-counts").then().statusCode(401).contentType("application/problem+json");
    }

    @Test
    void anExistingStepIsRefusedWhoeverOwnsItAndStaysWithItsOwner() {
        String owner = Callers.newUser("fay");
        long step = as(owner).body("{\"searchName\":\"GenesByGoTerm\",\"parameters\":{\"organism\":"
                        + "[\"Plasmodium falciparum 3D7\"],\"go_typeahead\":[\"GO:0004672\"]}}")
                .when().post(PLASMO + "/steps").then().statusCode(201).extract().jsonPath().getLong("stepId");
        String tree = Trees.combine("UNION", "{\"stepId\":" + step + "}", Trees.SIGNAL_PEPTIDE);
        // someone else learns nothing of the step: the same refusal as its owner gets, before the site is asked
        String other = Callers.newUser("gus");
        long mark = simulator.journal().mark();
        for (String caller : List.of(other, owner)) {
            as(caller).body("{\"tree\":" + tree + "}").when().post(PLASMO + "/step-counts")
                    .then().statusCode(422).contentType("application/problem+json")
                    .body("errors.pointer", contains("/tree/primaryInput/stepId"))
                    .body("geneCount", nullValue());
        }
        assertTrue(simulator.journal().since(mark).stream().noneMatch(r -> r.path().contains("/steps/" + step)),
                "the step was not touched");
        noStrategiesOf(other);
        noStrategiesOf(owner);
        as(owner).when().get(PLASMO + "/steps/" + step).then().statusCode(200).body("strategyId", nullValue());
        as(other).when().get(PLASMO + "/steps/" + step).then().statusCode(404).body("code", equalTo("STEP_NOT_FOUND"));
    }

    /** The user's strategies on the site, helpers included (WDK's own list, unfiltered), are none. */
    private static void noStrategiesOf(String user) {
        as(user).queryParam("includeInternal", true).when().get(PLASMO + "/strategies")
                .then().statusCode(200).body("total", equalTo(0));
    }

    private static JsonPath strategy(String user, String tree) {
        return as(user).body("{\"name\":\"expected\",\"tree\":" + tree + "}").when().post(PLASMO + "/strategies")
                .then().statusCode(201).extract().jsonPath();
    }

    private static JsonPath recordCounts(String user, long stepId) {
        return as(user).queryParam("limit", 0).when().get(PLASMO + "/steps/" + stepId + "/records")
                .then().statusCode(200).extract().jsonPath();
    }

    /** Each node of the counted tree has the counts of the same node's step in the built strategy. */
    @SuppressWarnings("unchecked")
    private static void assertCounted(String user, Map<String, Object> stepNode, Map<String, Object> counted,
                                      String at) {
        assertNotNull(counted, at + " has counts");
        JsonPath expected = recordCounts(user, ((Number) stepNode.get("stepId")).longValue());
        assertEquals(expected.getLong("displayTotalCount"), ((Number) counted.get("geneCount")).longValue(), at);
        assertEquals(expected.getLong("totalCount"), ((Number) counted.get("transcriptCount")).longValue(), at);
        for (String input : List.of("primaryInput", "secondaryInput")) {
            Map<String, Object> child = (Map<String, Object>) stepNode.get(input);
            if (child == null) {
                assertFalse(counted.containsKey(input), at + " has no " + input);
            } else {
                assertCounted(user, child, (Map<String, Object>) counted.get(input), at + "." + input);
            }
        }
    }
}
