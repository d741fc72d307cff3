package org.strategylab.upstream.rest.internal;

import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.strategylab.upstream.support.Callers.PLASMO;
import static org.strategylab.upstream.support.Callers.as;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.path.json.JsonPath;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.strategylab.simulator.RequestJournal.RecordedRequest;
import org.strategylab.simulator.UpstreamSimulator;
import org.strategylab.upstream.support.Callers;
import org.strategylab.upstream.support.InjectSimulator;
import org.strategylab.upstream.support.Trees;
import org.strategylab.upstream.support.UpstreamTest;

/**
 * Step filters on the nodes of a step tree ({@code StepTreeSpec.filters}): the filters a search offers
 * (its param-specs' {@code filters}), passed to the site with each new step, counted as the site
 * counts the filtered step (never as a lone search), and refused naming the filter.
 */
@QuarkusTest
@UpstreamTest
class StepTreeFiltersTest {

    private static final String BOTH = "{\"searchName\":\"GenesByTaxon\",\"parameters\":{\"organism\":"
            + "[\"Plasmodium falciparum 3D7\",\"Plasmodium vivax P01\"]}";

    @InjectSimulator
    UpstreamSimulator simulator;

    /** Genes of both organisms, filtered to the named organisms. */
    private static String filtered(String filter) {
        return BOTH + ",\"filters\":[" + filter + "]}";
    }

    private static String organisms(String... names) {
        return "{\"name\":\"organism_filter_array\",\"value\":{\"values\":[\"" + String.join("\",\"", names) + "\"]}}";
    }

    @Test
    void paramSpecsListTheFiltersTheSearchOffers() {
        JsonPath specs = RestAssured.given().when()
                .get("/api/v1/sites/plasmodb/searches/transcript/GenesByTaxon/param-specs")
                .then().statusCode(200).extract().jsonPath();
        List<String> names = specs.getList("filters.name");
        assertTrue(names.containsAll(List.of("organism_filter_array", "matched_transcript_filter_array",
                "representativeTranscriptOnly")), names.toString());
        assertEquals(true, specs.get("filters.find { it.name == 'representativeTranscriptOnly' }.isViewOnly"));
        assertEquals(false, specs.get("filters.find { it.name == 'organism_filter_array' }.isViewOnly"));
        assertTrue(specs.getString("filters.find { it.name == 'organism_filter_array' }.description").contains("values"));
    }

    @Test
    void aFilteredSearchIsCountedAsItsFilteredStepNotAsALoneSearch() {
        String user = Callers.newUser("fil");
        long both = as(user).body("{\"tree\":" + BOTH + "}}").when().post(PLASMO + "/step-counts")
                .then().statusCode(200).extract().jsonPath().getLong("geneCount");
        long falciparum = as(user).body("{\"tree\":" + Trees.FALCIPARUM + "}").when().post(PLASMO + "/step-counts")
                .then().statusCode(200).extract().jsonPath().getLong("geneCount");
        assertTrue(falciparum > 0 && falciparum < both, falciparum + " of " + both);

        long mark = simulator.journal().mark();
        JsonPath counted = as(user).body("{\"tree\":" + filtered(organisms("Plasmodium falciparum 3D7")) + "}")
                .when().post(PLASMO + "/step-counts").then().statusCode(200).extract().jsonPath();
        assertEquals(falciparum, counted.getLong("geneCount"), "the site applied the filter");
        List<RecordedRequest> seen = simulator.journal().since(mark);
        List<RecordedRequest> stepCreates = seen.stream()
                .filter(r -> r.method().equals("POST") && r.path().matches(".*/users/\\d+/steps$")).toList();
        assertEquals(1, stepCreates.size(), "a filtered search is a step, not an anonymous report: " + seen);
        assertTrue(stepCreates.get(0).body().contains("\"filters\"")
                && stepCreates.get(0).body().contains("organism_filter_array"), stepCreates.get(0).body());
        as(user).queryParam("includeInternal", true).when().get(PLASMO + "/strategies")
                .then().statusCode(200).body("total", equalTo(0));

        // a disabled filter is kept but not applied
        assertEquals(both, as(user).body("{\"tree\":" + filtered("{\"name\":\"organism_filter_array\",\"value\":"
                        + "{\"values\":[\"Plasmodium falciparum 3D7\"]},\"disabled\":true}") + "}")
                .when().post(PLASMO + "/step-counts").then().statusCode(200).extract().jsonPath().getLong("geneCount"));
    }

    @Test
    void aStrategyKeepsTheFiltersOnItsStep() {
        String user = Callers.newUser("fim");
        String tree = Trees.combine("INTERSECT", filtered(organisms("Plasmodium vivax P01")), Trees.KINASES);
        JsonPath strategy = as(user).body("{\"name\":\"filtered\",\"tree\":" + tree + "}").when()
                .post(PLASMO + "/strategies").then().statusCode(201).extract().jsonPath();
        long filteredStep = strategy.getLong("stepTree.primaryInput.stepId");
        as(user).when().get(PLASMO + "/steps/" + filteredStep + "/filters").then().statusCode(200)
                .body("filters.name", contains("organism_filter_array"))
                .body("filters[0].value.values", contains("Plasmodium vivax P01"));
        long root = strategy.getLong("stepTree.stepId");
        // vivax genes only, intersected with falciparum kinases: none
        assertEquals(0L, as(user).queryParam("limit", 0).when().get(PLASMO + "/steps/" + root + "/records")
                .then().statusCode(200).extract().jsonPath().getLong("displayTotalCount"));
        // someone else cannot read the filtered step
        as(Callers.newUser("fio")).when().get(PLASMO + "/steps/" + filteredStep + "/filters").then().statusCode(404);
    }

    @Test
    void badFiltersAreRefusedNamingTheFilter() {
        String user = Callers.newUser("fin");
        long mark = simulator.journal().mark();
        as(user).body("{\"tree\":" + filtered("{\"name\":\"no_such_filter\",\"value\":{}}") + "}")
                .when().post(PLASMO + "/step-counts").then().statusCode(422).contentType("application/problem+json")
                .body("errors.pointer", contains("/tree/filters/0/name"))
                .body("errors[0].message", containsString("organism_filter_array"));
        as(user).body("{\"tree\":" + filtered("{\"name\":\"representativeTranscriptOnly\",\"value\":{}}") + "}")
                .when().post(PLASMO + "/step-counts").then().statusCode(422)
                .body("errors.pointer", contains("/tree/filters/0/name"))
                .body("errors[0].message", containsString("one report"));
        assertTrue(simulator.journal().since(mark).stream().noneMatch(r -> r.method().equals("POST")
                && r.path().matches(".*/users/\\d+/steps$")), "names the catalogue refuses never reach the site");

        // values: the site decides, and its refusal points at the filter
        as(user).body("{\"tree\":" + filtered("{\"name\":\"matched_transcript_filter_array\",\"value\":{\"values\":[\"Y\"]}},"
                        + organisms("Nowhere land")) + "}")
                .when().post(PLASMO + "/step-counts").then().statusCode(422).contentType("application/problem+json")
                .body("errors.pointer", contains("/tree/filters/1"))
                .body("errors[0].message", containsString("Nowhere land"));
        as(user).body("{\"tree\":" + Trees.combine("UNION", Trees.KINASES,
                        filtered("{\"name\":\"organism_filter_array\",\"value\":\"falciparum\"}")) + "}")
                .when().post(PLASMO + "/step-counts").then().statusCode(422)
                .body("errors.pointer", contains("/tree/secondaryInput/filters/0"));
        as(user).body("{\"tree\":{\"operator\":\"UNION\",\"primaryInput\":" + Trees.KINASES + ",\"secondaryInput\":"
                        + Trees.FALCIPARUM + ",\"filters\":[" + organisms("Plasmodium falciparum 3D7") + "]}}")
                .when().post(PLASMO + "/step-counts").then().statusCode(422)
                .body("errors.pointer", hasItem("/tree/filters"));
        as(user).body("{\"tree\":" + filtered(organisms("Plasmodium falciparum 3D7") + ","
                        + organisms("Plasmodium vivax P01")) + "}")
                .when().post(PLASMO + "/step-counts").then().statusCode(422)
                .body("errors.pointer", contains("/tree/filters/1/name"));
        // a filter without a name is a malformed body
        as(user).body("{\"tree\":" + filtered("{\"value\":{}}") + "}")
                .when().post(PLASMO + "/step-counts").then().statusCode(400).contentType("application/problem+json")
                .body("errors.pointer", contains("/tree/filters/0/name"));
        as(user).queryParam("includeInternal", true).when().get(PLASMO + "/strategies")
                .then().statusCode(200).body("total", equalTo(0));
    }
}
