package org.strategylab.simulator;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Checklist 6 (steps) and 7 (boolean search, stepTree wiring, one strategy per step). */
class StepsAndStrategiesTest {

    private final Guest guest = Guest.on(SharedSimulator.plasmo());

    @Test
    void createStepAnswersIdWithLocationAndStepJsonHasTheRealKeys() {
        var response = guest.post("/users/current/steps", Map.of("searchName", "GenesByTaxon", "customName", "All Pf",
                "searchConfig", Map.of("parameters", Map.of("organism", "[\"" + Guest.PF + "\"]"))));
        response.then().statusCode(200).contentType(ContentType.JSON).header("Location", containsString("/plasmo/service/users/"));
        long id = response.jsonPath().getLong("id");
        assertEquals(Set.of("id"), response.jsonPath().getMap("").keySet());
        guest.request().get(guest.base + "/users/current/steps/" + id).then().statusCode(200)
                .body("customName", equalTo("All Pf")).body("searchName", equalTo("GenesByTaxon"))
                .body("recordClassName", equalTo("transcript")).body("strategyId", nullValue())
                .body("searchConfig.parameters.organism", equalTo("[\"" + Guest.PF + "\"]"))
                .body("$", not(hasKey("answerSpec"))).body("$", not(hasKey("viewFilters"))).body("$", not(hasKey("estimatedSize")))
                .body("validation.isValid", is(true)).body("ownerId", notNullValue());
    }

    @Test
    void stepCreationRules() {
        guest.post("/users/current/steps", Map.of("searchName", "GenesByTextSearch", "searchConfig", Map.of("parameters", Map.of())))
                .then().statusCode(422).contentType(startsWith("text/plain")).body(containsString("GenesByTextSearch is not a valid search name."));
        guest.post("/users/current/steps", Map.of("searchName", Guest.BOOLEAN, "searchConfig", Map.of("parameters",
                        Map.of(Guest.LEFT, "123", Guest.RIGHT, "", "bq_operator", "UNION"))))
                .then().statusCode(422).body(containsString("Answer Params in new steps must have the null value (empty string)."));
        guest.post("/users/current/steps", Map.of("searchName", "GenesByTaxon", "searchConfig", Map.of("parameters", Map.of()),
                "answerSpec", Map.of())).then().statusCode(400).body(containsString("extraneous key [answerSpec]"));
        guest.post("/users/current/steps", Map.of("searchName", "GenesByTaxon",
                "searchConfig", Map.of("parameters", Map.of("organism", "[]")))).then().statusCode(422)
                .body(containsString("\"organism\""));
        long step = guest.taxonStep(Guest.PF);
        guest.request().body(Map.of("answerSpec", Map.of("viewFilters", List.of()))).patch(guest.base + "/users/current/steps/" + step)
                .then().statusCode(400);
        guest.request().body(Map.of("customName", "x", "expanded", true)).patch(guest.base + "/users/current/steps/" + step)
                .then().statusCode(204);
        guest.request().delete(guest.base + "/users/current/steps/" + step).then().statusCode(204);
        guest.request().delete(guest.base + "/users/current/steps/" + step).then().statusCode(404);
    }

    @Test
    void combineByIntersectInAStrategyAndPageThroughRecords() {
        long taxon = guest.taxonStep(Guest.PF);
        long go = guest.goStep("GO:0004672");
        long combined = guest.booleanStep("INTERSECT");
        var created = guest.post("/users/current/strategies", Map.of("name", "kinases", "isSaved", false, "isPublic", false,
                "stepTree", Guest.node(combined, Guest.node(taxon), Guest.node(go))));
        created.then().statusCode(200).header("Location", containsString("/strategies/"));
        long strategy = created.jsonPath().getLong("id");
        int count = guest.count(combined);
        assertEquals(guest.count(go), count);
        assertTrue(count > 50, "kinase count " + count);
        JsonPath page1 = guest.report(combined, Map.of("pagination", Map.of("offset", 0, "numRecords", 10),
                "attributes", List.of("gene_product"))).jsonPath();
        JsonPath page2 = guest.report(combined, Map.of("pagination", Map.of("offset", 10, "numRecords", 10),
                "attributes", List.of("gene_product"))).jsonPath();
        assertEquals(10, page1.getList("records").size());
        Set<String> ids = new HashSet<>(page1.getList("records.displayName"));
        ids.addAll(page2.getList("records.displayName"));
        assertEquals(20, ids.size());
        guest.request().get(guest.base + "/users/current/strategies/" + strategy).then().statusCode(200)
                .body("stepTree.stepId", equalTo((int) combined)).body("stepTree.primaryInput.stepId", equalTo((int) taxon))
                .body("steps." + combined + ".searchConfig.parameters." + Guest.LEFT, equalTo(String.valueOf(taxon)))
                .body("steps." + go + ".strategyId", equalTo((int) strategy))
                .body("steps." + taxon + ".estimatedSize", equalTo(5621))
                .body("rootStepId", equalTo((int) combined)).body("recordClassName", equalTo("transcript"))
                .body("estimatedSize", notNullValue()).body("nameOfFirstStep", equalTo("Organism"))
                .body("leafAndTransformStepCount", equalTo(2));
        guest.request().get(guest.base + "/users/current/strategies").then().statusCode(200)
                .body("find { it.strategyId == " + strategy + " }", not(hasKey("stepTree")));
    }

    @Test
    void allSixOperatorsFollowSetAlgebra() {
        Set<String> left = new HashSet<>(geneIdsOf(guest.runnableLeaf("GenesByTransmembraneDomains",
                Map.of("organism", "[\"" + Guest.PF + "\"]", "min_tm", "2", "max_tm", "99"))));
        Set<String> right = new HashSet<>(geneIdsOf(guest.runnableLeaf("GenesWithSignalPeptide",
                Map.of("organism", "[\"" + Guest.PF + "\"]"))));
        for (String op : List.of("UNION", "INTERSECT", "MINUS", "RMINUS", "LONLY", "RONLY")) {
            long a = guest.createStep("GenesByTransmembraneDomains", Map.of("organism", "[\"" + Guest.PF + "\"]", "min_tm", "2"));
            long b = guest.createStep("GenesWithSignalPeptide", Map.of("organism", "[\"" + Guest.PF + "\"]"));
            long c = guest.booleanStep(op);
            guest.strategy("op " + op, Guest.node(c, Guest.node(a), Guest.node(b)));
            Set<String> expected = new HashSet<>();
            switch (op) {
                case "UNION" -> { expected.addAll(left); expected.addAll(right); }
                case "INTERSECT" -> { expected.addAll(left); expected.retainAll(right); }
                case "MINUS" -> { expected.addAll(left); expected.removeAll(right); }
                case "RMINUS" -> { expected.addAll(right); expected.removeAll(left); }
                case "LONLY" -> expected.addAll(left);
                default -> expected.addAll(right);
            }
            assertEquals(expected, new HashSet<>(geneIdsOf(c)), op);
        }
        assertTrue(!left.isEmpty() && !right.isEmpty());
    }

    private List<String> geneIdsOf(long step) {
        return guest.geneIds(step);
    }

    @Test
    void aStepServesOneStrategyAndStrategyBodiesAreStrict() {
        long step = guest.taxonStep(Guest.PF);
        long first = guest.strategy("first", Guest.node(step));
        guest.post("/users/current/strategies", Map.of("name", "second", "isSaved", false, "isPublic", false,
                        "stepTree", Guest.node(step)))
                .then().statusCode(422).body(containsString("Step " + step + " belongs to strategy " + first
                        + " so cannot be assigned to a new strategy"));
        long fresh = guest.taxonStep(Guest.PF);
        guest.post("/users/current/strategies", Map.of("name", "x", "isSaved", false, "isPublic", false, "is_internal", true,
                "stepTree", Guest.node(fresh))).then().statusCode(400).contentType(startsWith("text/plain"))
                .body(containsString("extraneous key [is_internal]"));
        guest.post("/users/current/strategies", Map.of("name", "x", "isSaved", false, "isPublic", false,
                "stepTree", Map.of("stepId", fresh, "primaryInput", Guest.node(step)))).then().statusCode(422)
                .body(containsString("does not allow a primary input step."));
        guest.post("/users/current/strategies", Map.of("name", "x", "isSaved", false, "isPublic", false,
                "stepTree", Guest.node(424242424))).then().statusCode(422).body(containsString("424242424 is not a valid step ID."));
        guest.request().delete(guest.base + "/users/current/steps/" + step).then().statusCode(409).contentType(startsWith("text/plain"));
        Guest other = Guest.on(guest.base);
        other.post("/users/current/strategies", Map.of("name", "x", "isSaved", false, "isPublic", false,
                "stepTree", Guest.node(fresh))).then().statusCode(422).body(containsString(fresh + " is not a valid step ID."));
    }

    @Test
    void patchTreeUpdateSoftDeleteAndSavedFlag() {
        long a = guest.taxonStep(Guest.PF);
        long b = guest.goStep("GO:0008233");
        long combined = guest.booleanStep("UNION");
        long strategy = guest.strategy("to edit", Guest.node(combined, Guest.node(a), Guest.node(b)));
        String path = guest.base + "/users/current/strategies/" + strategy;
        guest.request().body(Map.of("name", "renamed", "isSaved", true)).patch(path).then().statusCode(204);
        guest.request().get(path).then().body("name", equalTo("renamed")).body("isSaved", is(true));
        guest.request().body(Map.of("bogus", 1)).patch(path).then().statusCode(400);
        guest.request().body(Map.of("stepTree", Guest.node(a))).put(path + "/step-tree").then().statusCode(204);
        guest.request().get(guest.base + "/users/current/steps/" + combined).then().body("strategyId", nullValue())
                .body("searchConfig.parameters." + Guest.LEFT, equalTo(""));
        guest.request().get(path).then().body("rootStepId", equalTo((int) a));
        guest.request().delete(path).then().statusCode(204);
        guest.request().delete(path).then().statusCode(404).body(endsWith("does not exist."));
        guest.request().get(path).then().statusCode(404);
        guest.post("/users/current/strategies", Map.of("name", "reuse", "isSaved", false, "isPublic", false,
                "stepTree", Guest.node(a))).then().statusCode(422).body(containsString(a + " is not a valid step ID."));
    }

    @Test
    void transformByOrthologsWiresItsInputStep() {
        long input = guest.createStep("GeneByLocusTag", Map.of("ds_gene_ids", String.valueOf(dataset(List.of("PF3D7_1462800")))));
        long transform = guest.createStep("GenesByOrthologs", Map.of("gene_result", "", "organism", "[\"Plasmodium vivax P01\"]"));
        guest.strategy("orthologs", Map.of("stepId", transform, "primaryInput", Guest.node(input)));
        List<String> ids = guest.geneIds(transform);
        assertTrue(ids.stream().allMatch(id -> id.startsWith("PVP01_")), ids.toString());
    }

    private long dataset(List<String> ids) {
        return guest.post("/users/current/datasets", Map.of("sourceType", "idList", "sourceContent", Map.of("ids", ids)))
                .then().statusCode(200).extract().jsonPath().getLong("id");
    }
}
