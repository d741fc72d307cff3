package org.strategylab.upstream.rest.internal;

import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.strategylab.upstream.support.Callers.PLASMO;
import static org.strategylab.upstream.support.Callers.as;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.strategylab.simulator.UpstreamSimulator;
import org.strategylab.upstream.support.Callers;
import org.strategylab.upstream.support.InjectSimulator;
import org.strategylab.upstream.support.Trees;
import org.strategylab.upstream.support.UpstreamTest;

/** Spec rule 4.5.5 (control counts in a helper strategy) and the clean-up of leaked helper strategies. */
@QuarkusTest
@UpstreamTest
class ControlCountsTest {

    @InjectSimulator
    UpstreamSimulator simulator;

    @AfterEach
    void resetFaults() {
        simulator.faults().reset();
    }

    @Test
    void controlSetsAreIntersectedOnTopOfTheTreeAndEverythingIsDeleted() {
        String user = Callers.newUser("ken");
        List<String> kinases = as(user).body("{\"searchName\":\"GenesByGoTerm\",\"parameters\":{\"organism\":"
                        + "[\"Plasmodium falciparum 3D7\"],\"go_typeahead\":[\"GO:0004672\"]},\"maxIds\":5}")
                .when().post(PLASMO + "/searches/run").then().statusCode(200).extract().jsonPath().getList("ids");
        List<String> positives = new ArrayList<>(kinases.subList(0, 3));
        positives.add("NOT_A_GENE");
        String tree = Trees.combine("UNION", Trees.KINASES, Trees.SIGNAL_PEPTIDE);
        String body = "{\"tree\":" + tree + ",\"controlSets\":["
                + "{\"label\":\"positive\",\"ids\":" + json(positives) + "},"
                + "{\"label\":\"negative\",\"ids\":[\"PF3D7_1462800\",\"PF3D7_1246200\"]}]}";
        JsonPath counts = as(user).body(body).when().post(PLASMO + "/control-counts")
                .then().statusCode(200).extract().jsonPath();

        long union = as(user).body("{\"name\":\"union\",\"tree\":" + tree + "}").when().post(PLASMO + "/strategies")
                .then().statusCode(201).extract().jsonPath().getLong("estimatedSize");
        assertEquals(union, counts.getLong("rootGeneCount"));
        assertTrue(counts.getLong("rootCount") >= counts.getLong("rootGeneCount"));
        assertEquals("positive", counts.getString("controls[0].label"));
        assertEquals(4, counts.getInt("controls[0].submitted"));
        assertEquals(3, counts.getLong("controls[0].found"));
        assertEquals(3, counts.getLong("controls[0].hits"));
        assertEquals(positives.subList(0, 3).stream().sorted().toList(),
                counts.getList("controls[0].hitIds", String.class).stream().sorted().toList());
        assertEquals("negative", counts.getString("controls[1].label"));
        assertEquals(2, counts.getLong("controls[1].found"));

        // nothing is left behind: no helper strategy, and only the one strategy made above
        as(user).queryParam("includeInternal", true).when().get(PLASMO + "/strategies")
                .then().statusCode(200).body("items.name", contains("union"));
    }

    @Test
    void leakedHelperStrategiesAreHiddenAndCleanedUp() {
        String user = Callers.newUser("lea");
        // the helper's deletion fails on every attempt: it leaks
        simulator.faults().failNext("/strategies/\\d+$", 3, 500);
        as(user).body("{\"tree\":" + Trees.KINASES + ",\"controlSets\":[{\"label\":\"p\",\"ids\":[\"PF3D7_0100100\"]}]}")
                .when().post(PLASMO + "/control-counts").then().statusCode(200);
        simulator.faults().reset();

        as(user).queryParam("includeInternal", true).when().get(PLASMO + "/strategies")
                .then().statusCode(200).body("items.name", hasItem(startsWith("__svc_internal__:")));
        as(user).when().get(PLASMO + "/strategies")
                .then().statusCode(200).body("items.name", everyItem(not(startsWith("__svc_internal__:"))));

        as(user).when().post(PLASMO + "/strategies/cleanup")
                .then().statusCode(200).body("deleted", equalTo(1));
        as(user).queryParam("includeInternal", true).when().get(PLASMO + "/strategies")
                .then().statusCode(200).body("total", equalTo(0));
    }

    @Test
    void badControlRequestsNameTheField() {
        String user = Callers.newUser("max");
        as(user).body("{\"tree\":" + Trees.KINASES + ",\"controlSets\":[]}").when().post(PLASMO + "/control-counts")
                .then().statusCode(400).body("errors.pointer", hasItem("/controlSets"));
        as(user).body("{\"tree\":" + Trees.KINASES + ",\"controlSets\":[{\"label\":\"p\",\"ids\":[\"X\"]}],"
                        + "\"controlsSearch\":\"NoSuchSearch\"}")
                .when().post(PLASMO + "/control-counts")
                .then().statusCode(422).body("errors.pointer", contains("/controlsSearch"));
    }

    private static String json(List<String> ids) {
        StringBuilder array = new StringBuilder("[");
        for (int i = 0; i < ids.size(); i++) {
            array.append(i == 0 ? "" : ",").append('"').append(ids.get(i)).append('"');
        }
        return array.append(']').toString();
    }
}
