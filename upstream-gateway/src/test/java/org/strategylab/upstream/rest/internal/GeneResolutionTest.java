package org.strategylab.upstream.rest.internal;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.strategylab.upstream.support.Callers.PLASMO;
import static org.strategylab.upstream.support.Callers.as;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.strategylab.upstream.support.Callers;
import org.strategylab.upstream.support.UpstreamTest;

/** The internal gene resolution (control lists): spellings, transcript ids, unknown ids, batches. */
@QuarkusTest
@UpstreamTest
class GeneResolutionTest {

    private static final String carol = Callers.newUser("carol");

    @Test
    void everySpellingOfAGeneResolvesAndUnknownIdsAreNamed() {
        JsonPath answer = as(carol).body("{\"geneIds\":[\"pf3d7_0105300\",\"PF3D7_0100100.1\",\"FAKE_GENE_1\","
                        + "\"PF3D7_0100600\",\"PF3D7_0105300\",\"BOGUS\"]}")
                .when().post(PLASMO + "/genes/resolve")
                .then().statusCode(200).extract().jsonPath();
        // the same gene twice (two spellings): both inputs are named, as WDK names only one per record
        assertEquals(List.of("pf3d7_0105300", "PF3D7_0100100.1", "PF3D7_0100600", "PF3D7_0105300"),
                answer.getList("resolved.inputId"));
        assertEquals(List.of("PF3D7_0105300", "PF3D7_0100100", "PF3D7_0100600", "PF3D7_0105300"),
                answer.getList("resolved.geneId"));
        assertEquals(List.of("FAKE_GENE_1", "BOGUS"), answer.getList("unresolved"));
    }

    @Test
    void aListLongerThanOneLookupIsResolvedInBatches() {
        List<String> genes = as(carol).body("{\"searchName\":\"GenesByTaxon\",\"parameters\":"
                        + "{\"organism\":[\"Plasmodium falciparum 3D7\"]},\"maxIds\":1400}")
                .when().post(PLASMO + "/searches/run")
                .then().statusCode(200).extract().jsonPath().getList("ids", String.class);
        assertTrue(genes.size() > 1100, "enough genes for two batches: " + genes.size());
        List<String> input = new ArrayList<>();
        Map<String, String> expected = new LinkedHashMap<>();
        for (int i = 0; i < genes.size(); i++) {
            String id = i % 2 == 0 ? genes.get(i) : genes.get(i).toLowerCase(Locale.ROOT);
            input.add(id);
            expected.put(id, genes.get(i));
        }
        input.add(1050, "UNKNOWN_IN_THE_SECOND_BATCH");
        input.add("UNKNOWN_AT_THE_END");
        JsonPath answer = as(carol).body(Map.of("geneIds", input))
                .when().post(PLASMO + "/genes/resolve")
                .then().statusCode(200).extract().jsonPath();
        assertEquals(List.copyOf(expected.keySet()), answer.getList("resolved.inputId"));
        assertEquals(List.copyOf(expected.values()), answer.getList("resolved.geneId"));
        assertEquals(List.of("UNKNOWN_IN_THE_SECOND_BATCH", "UNKNOWN_AT_THE_END"), answer.getList("unresolved"));
    }

    @org.strategylab.upstream.support.InjectSimulator
    org.strategylab.simulator.UpstreamSimulator simulator;

    @Test
    void aListResolvedLatelyIsNotLookedUpAgainAndOnlyItsNewIdsAre() {
        String first = "{\"geneIds\":[\"PF3D7_0100200\",\"pf3d7_0100400\",\"NOT_A_GENE_7\"]}";
        as(carol).body(first).when().post(PLASMO + "/genes/resolve").then().statusCode(200);
        long mark = simulator.journal().mark();
        JsonPath again = as(Callers.newUser("dora")).body(first).when().post(PLASMO + "/genes/resolve")
                .then().statusCode(200).extract().jsonPath();
        assertEquals(List.of("PF3D7_0100200", "PF3D7_0100400"), again.getList("resolved.geneId"));
        assertEquals(List.of("NOT_A_GENE_7"), again.getList("unresolved"), "an unknown id stays unknown");
        assertEquals(0, simulator.journal().since(mark).stream().filter(r -> r.path().endsWith("/datasets")).count(),
                "the same ids again: no look-up at the site");

        // one new id among known ones: only it is looked up, and the answer keeps the input's order
        JsonPath mixed = as(carol).body("{\"geneIds\":[\"PF3D7_0100200\",\"PF3D7_0101300\",\"NOT_A_GENE_7\"]}")
                .when().post(PLASMO + "/genes/resolve").then().statusCode(200).extract().jsonPath();
        assertEquals(List.of("PF3D7_0100200", "PF3D7_0101300"), mixed.getList("resolved.inputId"));
        assertEquals(1, simulator.journal().since(mark).stream().filter(r -> r.path().endsWith("/datasets")).count());
    }

    @Test
    void badInputIsNamedAndAnonymousCallersAreRefused() {
        as(carol).body("{\"geneIds\":[]}").when().post(PLASMO + "/genes/resolve")
                .then().statusCode(400).contentType("application/problem+json").body("errors.pointer", contains("/geneIds"));
        as(carol).body("{\"geneIds\":[\" \"]}").when().post(PLASMO + "/genes/resolve")
                .then().statusCode(422).body("errors.pointer", contains("/geneIds"));
        as(carol).body("{\"geneIds\":[\"PF3D7_0100100\"]}").when().post("/internal/v1/sites/nosuchsite/genes/resolve")
                .then().statusCode(404).body("code", equalTo("SITE_NOT_FOUND"));
        given().contentType("application/json").body("{\"geneIds\":[\"PF3D7_0100100\"]}")
                .when().post(PLASMO + "/genes/resolve")
                .then().statusCode(401);
    }
}
