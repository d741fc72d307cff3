package org.strategylab.upstream.rest.internal;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.strategylab.upstream.support.Callers.PLASMO;
import static org.strategylab.upstream.support.Callers.as;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.strategylab.simulator.UpstreamSimulator;
import org.strategylab.upstream.support.Callers;
import org.strategylab.upstream.support.InjectSimulator;
import org.strategylab.upstream.support.Trees;
import org.strategylab.upstream.support.UpstreamTest;

/**
 * What the real strategy and step format carries and users need (issue 11 points 16 and 18): WDK's
 * "not computed" size (−1) is never passed on as a size, and an invalid step is reported as such.
 */
@QuarkusTest
@UpstreamTest
class StrategyFidelityTest {

    @InjectSimulator
    UpstreamSimulator simulator;

    @AfterEach
    void resetFaults() {
        simulator.faults().reset();
    }

    @Test
    void aSizeTheSiteHasNotComputedIsTheRootStepsSizeOrNull() {
        String user = Callers.newUser("size");
        simulator.faults().strategySizesUncomputed(true);
        JsonPath strategy = as(user).body("{\"name\":\"kinases\",\"tree\":" + Trees.KINASES + "}")
                .when().post(PLASMO + "/strategies").then().statusCode(201).extract().jsonPath();
        long root = strategy.getLong("stepTree.stepId");
        Long rootSize = strategy.getObject("steps." + root + ".estimatedSize", Long.class);
        assertNotNull(rootSize, "the site computed the root step's size");
        assertTrue(rootSize > 0);
        assertEquals(rootSize, strategy.getObject("estimatedSize", Long.class));
        // a listing has no steps to fall back on: unknown, not −1
        as(user).when().get(PLASMO + "/strategies")
                .then().statusCode(200).body("items[0].estimatedSize", nullValue());
    }

    @Test
    void anInvalidStepIsReportedAndMakesItsStrategyInvalid() {
        String user = Callers.newUser("invalid");
        long strategyId = as(user).body("{\"name\":\"both\",\"tree\":"
                        + Trees.combine("INTERSECT", Trees.KINASES, Trees.SIGNAL_PEPTIDE) + "}")
                .when().post(PLASMO + "/strategies").then().statusCode(201)
                .body("isValid", equalTo(true))
                .extract().jsonPath().getLong("strategyId");
        // a site release changes the GO search: WDK keeps the step but says it is no longer valid
        simulator.faults().invalidateSearch("GenesByGoTerm");
        JsonPath strategy = as(user).when().get(PLASMO + "/strategies/" + strategyId)
                .then().statusCode(200).body("isValid", equalTo(false)).extract().jsonPath();
        long goStep = strategy.getLong("stepTree.primaryInput.stepId");
        long otherStep = strategy.getLong("stepTree.secondaryInput.stepId");
        assertEquals(false, strategy.getBoolean("steps." + goStep + ".validation.isValid"));
        assertTrue(strategy.getString("steps." + goStep + ".validation.general[0]").contains("GenesByGoTerm"));
        assertEquals(true, strategy.getBoolean("steps." + otherStep + ".validation.isValid"));
        as(user).when().get(PLASMO + "/steps/" + goStep)
                .then().statusCode(200).body("validation.isValid", equalTo(false))
                .body("validation.general", hasItem(containsString("revise the step")));
        as(user).when().get(PLASMO + "/strategies")
                .then().statusCode(200).body("items.find { it.strategyId == " + strategyId + " }.isValid", equalTo(false));
    }
}
