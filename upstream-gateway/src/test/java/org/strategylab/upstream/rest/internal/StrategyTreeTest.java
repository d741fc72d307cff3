package org.strategylab.upstream.rest.internal;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.strategylab.upstream.support.Callers.PLASMO;
import static org.strategylab.upstream.support.Callers.as;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.strategylab.upstream.support.Callers;
import org.strategylab.upstream.support.Trees;
import org.strategylab.upstream.support.UpstreamTest;

/** Strategies from step trees: every combine operator, a transform, reads, changes, ownership. */
@QuarkusTest
@UpstreamTest
class StrategyTreeTest {

    private static final String alice = Callers.newUser("alice");
    /** Gene counts of the two operands and of their intersection, counted once for the class. */
    private static long[] operands;

    private static long[] operands() {
        if (operands == null) {
            long kinases = geneCount(Trees.KINASES);
            long signalPeptide = geneCount(Trees.SIGNAL_PEPTIDE);
            long both = geneCount(Trees.combine("INTERSECT", Trees.KINASES, Trees.SIGNAL_PEPTIDE));
            assertTrue(kinases > 0 && signalPeptide > 0 && both < kinases, "the operands overlap partly");
            operands = new long[] {kinases, signalPeptide, both};
        }
        return operands;
    }

    @ParameterizedTest
    @ValueSource(strings = {"INTERSECT", "UNION", "MINUS", "RMINUS", "LONLY", "RONLY"})
    void eachCombineOperatorBuildsAWiredStrategyWithItsSetSemantics(String operator) {
        long kinases = operands()[0];
        long signalPeptide = operands()[1];
        long both = operands()[2];
        JsonPath strategy = create("combine " + operator, Trees.combine(operator, Trees.KINASES, Trees.SIGNAL_PEPTIDE));
        long root = strategy.getLong("stepTree.stepId");
        Map<String, Object> rootStep = strategy.getMap("steps." + root);
        assertTrue(((String) rootStep.get("searchName")).startsWith("boolean_question_"));
        assertEquals(operator, strategy.getString("steps." + root + ".parameters.bq_operator"));
        assertTrue(strategy.getLong("stepTree.primaryInput.stepId") > 0);
        assertTrue(strategy.getLong("stepTree.secondaryInput.stepId") > 0);
        long expected = switch (operator) {
            case "INTERSECT" -> both;
            case "UNION" -> kinases + signalPeptide - both;
            case "MINUS" -> kinases - both;
            case "RMINUS" -> signalPeptide - both;
            case "LONLY" -> kinases;
            default -> signalPeptide;
        };
        as(alice).queryParam("limit", 0).when().get(PLASMO + "/steps/" + root + "/records")
                .then().statusCode(200).body("displayTotalCount", equalTo((int) expected));
    }

    @Test
    void aTransformFindsOrthologsOfItsInput() {
        String orthologs = "{\"searchName\":\"GenesByOrthologs\",\"parameters\":{\"organism\":[\"Plasmodium vivax P01\"],"
                + "\"isSyntenic\":\"no\"},\"primaryInput\":" + Trees.KINASES + "}";
        JsonPath strategy = create("orthologs", orthologs);
        long root = strategy.getLong("stepTree.stepId");
        assertEquals("GenesByOrthologs", strategy.getString("steps." + root + ".searchName"));
        long input = strategy.getLong("stepTree.primaryInput.stepId");
        assertEquals(String.valueOf(input), strategy.getString("steps." + root + ".parameters.gene_result"));
        as(alice).queryParam("limit", 20).queryParam("attributes", "organism")
                .when().get(PLASMO + "/steps/" + root + "/records")
                .then().statusCode(200)
                .body("displayTotalCount", greaterThan(0))
                .body("records.attributes.organism", everyItem(containsString("Plasmodium vivax P01")));
    }

    @Test
    void readListRenameSaveRetreeAndDelete() {
        JsonPath created = create("to change", Trees.KINASES);
        long id = created.getLong("strategyId");
        assertTrue(created.getString("webUrl").endsWith("/plasmo/app/workspace/strategies/" + id + "/"
                + created.getLong("stepTree.stepId")));
        as(alice).when().get(PLASMO + "/strategies")
                .then().statusCode(200).body("items.strategyId", hasItem((int) id));

        JsonPath patched = as(alice).body("{\"name\":\"renamed\",\"isSaved\":true,\"tree\":"
                        + Trees.combine("UNION", Trees.KINASES, Trees.SIGNAL_PEPTIDE) + "}")
                .when().patch(PLASMO + "/strategies/" + id)
                .then().statusCode(200).extract().jsonPath();
        assertEquals("renamed", patched.getString("name"));
        assertTrue(patched.getBoolean("isSaved"));
        assertEquals("UNION", patched.getString("steps." + patched.getLong("stepTree.stepId") + ".parameters.bq_operator"));

        as(alice).when().delete(PLASMO + "/strategies/" + id).then().statusCode(204);
        as(alice).when().get(PLASMO + "/strategies/" + id).then().statusCode(404).body("code", equalTo("STRATEGY_NOT_FOUND"));
        as(alice).when().delete(PLASMO + "/strategies/" + id).then().statusCode(404);
    }

    @Test
    void someoneElsesStrategyAndStepAre404() {
        JsonPath created = create("private", Trees.KINASES);
        String bob = Callers.newUser("bob");
        as(bob).when().get(PLASMO + "/strategies/" + created.getLong("strategyId"))
                .then().statusCode(404).body("code", equalTo("STRATEGY_NOT_FOUND"));
        as(bob).when().get(PLASMO + "/steps/" + created.getLong("stepTree.stepId"))
                .then().statusCode(404).body("code", equalTo("STEP_NOT_FOUND"));
        as(bob).when().delete(PLASMO + "/strategies/" + created.getLong("strategyId")).then().statusCode(404);
        as(bob).when().get(PLASMO + "/strategies")
                .then().statusCode(200).body("items.strategyId", not(hasItem((int) created.getLong("strategyId"))));
    }

    @Test
    void aStrategyReadsBackAsTheTreeThatBuildsItAgainAndOnlyForItsOwner() throws Exception {
        String orthologs = "{\"searchName\":\"GenesByOrthologs\",\"customName\":\"vivax orthologs\",\"parameters\":"
                + "{\"organism\":[\"Plasmodium vivax P01\"],\"isSyntenic\":\"no\"},\"primaryInput\":"
                + Trees.combine("MINUS", Trees.KINASES, Trees.SIGNAL_PEPTIDE) + "}";
        JsonPath built = create("to import", orthologs);
        long id = built.getLong("strategyId");
        long rootStep = built.getLong("stepTree.stepId");
        String read = as(alice).when().get(PLASMO + "/strategies/" + id + "/tree")
                .then().statusCode(200).extract().asString();
        JsonPath tree = JsonPath.from(read);
        assertEquals(id, tree.getLong("strategyId"));
        assertEquals("to import", tree.getString("name"));
        assertEquals("transcript", tree.getString("recordType"));
        assertEquals(rootStep, tree.getLong("rootStep.stepId"));
        assertEquals("GenesByOrthologs", tree.getString("rootStep.searchName"));
        assertEquals("vivax orthologs", tree.getString("rootStep.customName"));
        // the input step is the tree's wiring, not a parameter; multi-pick terms are lists again
        assertEquals(Map.of("organism", java.util.List.of("Plasmodium vivax P01"), "isSyntenic", "no"),
                tree.getMap("rootStep.parameters"));
        assertEquals("MINUS", tree.getString("rootStep.primaryInput.operator"));
        assertEquals(null, tree.getString("rootStep.primaryInput.searchName"));
        assertEquals("GenesByGoTerm", tree.getString("rootStep.primaryInput.primaryInput.searchName"));
        assertEquals(java.util.List.of("GO:0004672"), tree.getList("rootStep.primaryInput.primaryInput.parameters.go_typeahead"));
        assertEquals("GenesWithSignalPeptide", tree.getString("rootStep.primaryInput.secondaryInput.searchName"));

        // built again from what was read (the site's ids and sizes left out), it returns the same genes
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        com.fasterxml.jackson.databind.JsonNode again = json.readTree(read).get("rootStep");
        again.findParents("stepId").forEach(node -> ((com.fasterxml.jackson.databind.node.ObjectNode) node)
                .remove(java.util.List.of("stepId", "displayName", "estimatedSize")));
        JsonPath rebuilt = create("imported", json.writeValueAsString(again));
        assertEquals(geneCountOf(rootStep), geneCountOf(rebuilt.getLong("stepTree.stepId")));

        String bob = Callers.newUser("bob");
        as(bob).when().get(PLASMO + "/strategies/" + id + "/tree")
                .then().statusCode(404).contentType("application/problem+json").body("code", equalTo("STRATEGY_NOT_FOUND"));
        as(alice).when().get(PLASMO + "/strategies/999999999/tree").then().statusCode(404);
    }

    private static long geneCountOf(long stepId) {
        return as(alice).queryParam("limit", 0).when().get(PLASMO + "/steps/" + stepId + "/records")
                .then().statusCode(200).extract().jsonPath().getLong("displayTotalCount");
    }

    @Test
    void badTreesAre422NamingTheNode() {
        as(alice).body("{\"name\":\"x\",\"tree\":" + Trees.combine("XOR", Trees.KINASES, Trees.FALCIPARUM) + "}")
                .when().post(PLASMO + "/strategies")
                .then().statusCode(422).contentType("application/problem+json")
                .body("errors.pointer", hasItem("/tree/operator"));
        as(alice).body("{\"name\":\"x\",\"tree\":" + Trees.combine("UNION", Trees.KINASES,
                        "{\"searchName\":\"GenesByNothing\"}") + "}")
                .when().post(PLASMO + "/strategies")
                .then().statusCode(422).body("errors.pointer", hasItem("/tree/secondaryInput/searchName"));
        as(alice).body("{\"name\":\"x\",\"tree\":" + Trees.combine("UNION", Trees.FALCIPARUM,
                        "{\"searchName\":\"GenesByGoTerm\",\"parameters\":{\"go_typeahead\":[\"NOT-A-TERM\"]}}") + "}")
                .when().post(PLASMO + "/strategies")
                .then().statusCode(422).body("errors.pointer", hasItem("/tree/secondaryInput/parameters/go_typeahead"));
        as(alice).body("{\"name\":\"x\",\"tree\":{\"searchName\":\"GenesByOrthologs\"}}")
                .when().post(PLASMO + "/strategies")
                .then().statusCode(422).body("errors.pointer", hasItem("/tree/primaryInput"));
        as(alice).body("{\"name\":\"__svc_internal__:sneaky\",\"tree\":" + Trees.KINASES + "}")
                .when().post(PLASMO + "/strategies")
                .then().statusCode(422).body("errors.pointer", hasItem("/name"));
        as(alice).body("{\"tree\":" + Trees.KINASES + "}")
                .when().post(PLASMO + "/strategies")
                .then().statusCode(400).body("errors.pointer", hasItem(notNullValue()));
    }

    @Test
    void internalApiNeedsACaller() {
        io.restassured.RestAssured.given().when().get(PLASMO + "/strategies")
                .then().statusCode(401).contentType("application/problem+json");
    }

    private static JsonPath create(String name, String tree) {
        return as(alice).body("{\"name\":\"" + name + "\",\"tree\":" + tree + "}")
                .when().post(PLASMO + "/strategies")
                .then().statusCode(201).extract().jsonPath();
    }

    private static long geneCount(String tree) {
        JsonPath strategy = create("count", tree);
        return as(alice).queryParam("limit", 0).when().get(PLASMO + "/steps/" + strategy.getLong("stepTree.stepId") + "/records")
                .then().statusCode(200).extract().jsonPath().getLong("displayTotalCount");
    }
}
