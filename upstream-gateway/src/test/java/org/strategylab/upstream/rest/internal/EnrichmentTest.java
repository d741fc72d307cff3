package org.strategylab.upstream.rest.internal;

import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.notNullValue;
import static org.strategylab.upstream.support.Callers.PLASMO;
import static org.strategylab.upstream.support.Callers.as;

import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.strategylab.simulator.UpstreamSimulator;
import org.strategylab.simulator.faults.AnalysisFirstRun;
import org.strategylab.upstream.support.Callers;
import org.strategylab.upstream.support.InjectSimulator;
import org.strategylab.upstream.support.Trees;
import org.strategylab.upstream.support.UpstreamTest;

/** Step analyses and the state machine of spec §3: run, poll, re-run after ERROR, give up. */
@QuarkusTest
@UpstreamTest
class EnrichmentTest {

    @InjectSimulator
    UpstreamSimulator simulator;

    @AfterEach
    void resetFaults() {
        simulator.faults().reset();
    }

    @Test
    void goEnrichmentOfANewSearchRunsInAHelperStrategyThatIsDeleted() {
        String user = Callers.newUser("nora");
        as(user).body("{\"tree\":" + Trees.KINASES + ",\"analysisName\":\"go-enrichment\","
                        + "\"parameters\":{\"goAssociationsOntologies\":\"Molecular Function\",\"pValueCutoff\":0.5}}")
                .when().post(PLASMO + "/analyses")
                .then().statusCode(200)
                .body("analysisName", equalTo("go-enrichment"))
                .body("reruns", equalTo(0))
                .body("parameters.goAssociationsOntologies", equalTo("[\"Molecular Function\"]"))
                .body("parameters.pValueCutoff", equalTo("0.5"))
                .body("parameters.goEvidenceCodes", notNullValue())
                .body("result.resultData.size()", greaterThan(0))
                .body("result.resultData[0].goId", notNullValue());
        as(user).queryParam("includeInternal", true).when().get(PLASMO + "/strategies")
                .then().statusCode(200).body("total", equalTo(0));
    }

    @Test
    void anAnalysisThatErrorsIsReRun() {
        String user = Callers.newUser("olga");
        simulator.faults().analysisFirstRun(AnalysisFirstRun.ERRORS);
        as(user).body("{\"tree\":" + Trees.combine("UNION", Trees.KINASES, Trees.SIGNAL_PEPTIDE)
                        + ",\"analysisName\":\"word-enrichment\",\"parameters\":{\"pValueCutoff\":1}}")
                .when().post(PLASMO + "/analyses")
                .then().statusCode(200)
                .body("reruns", equalTo(1))
                .body("result.resultData", notNullValue());
    }

    @Test
    void analysesRunOnAPersistedStep() {
        String user = Callers.newUser("paul");
        long step = as(user).body("{\"name\":\"kinases\",\"tree\":" + Trees.KINASES + "}").when().post(PLASMO + "/strategies")
                .then().statusCode(201).extract().jsonPath().getLong("stepTree.stepId");
        as(user).body("{\"stepId\":" + step + ",\"analysisName\":\"pathway-enrichment\",\"parameters\":{\"pValueCutoff\":1}}")
                .when().post(PLASMO + "/analyses")
                .then().statusCode(200)
                .body("stepId", equalTo((int) step))
                .body("parameters.pathwaysSources", notNullValue());
        String stranger = Callers.newUser("quinn");
        as(stranger).body("{\"stepId\":" + step + ",\"analysisName\":\"go-enrichment\"}").when().post(PLASMO + "/analyses")
                .then().statusCode(404).body("code", equalTo("STEP_NOT_FOUND"));
    }

    @Test
    void anAnalysisThatDoesNotCompleteInTimeIs504() {
        String user = Callers.newUser("rita");
        simulator.faults().analysisRunTime(Duration.ofMinutes(10));
        as(user).body("{\"tree\":" + Trees.KINASES + ",\"analysisName\":\"word-enrichment\",\"maxWaitSeconds\":1}")
                .when().post(PLASMO + "/analyses")
                .then().statusCode(504).contentType("application/problem+json")
                .body("code", equalTo("UPSTREAM_ANALYSIS_TIMEOUT"));
        as(user).queryParam("includeInternal", true).when().get(PLASMO + "/strategies")
                .then().statusCode(200).body("total", equalTo(0));
    }

    @Test
    void badAnalysisRequestsNameTheField() {
        String user = Callers.newUser("sam");
        as(user).body("{\"tree\":" + Trees.KINASES + ",\"analysisName\":\"magic-enrichment\"}")
                .when().post(PLASMO + "/analyses")
                .then().statusCode(422).body("errors.pointer", contains("/analysisName"));
        as(user).body("{\"tree\":" + Trees.KINASES + ",\"analysisName\":\"go-enrichment\",\"parameters\":{\"bogus\":1}}")
                .when().post(PLASMO + "/analyses")
                .then().statusCode(422).body("errors.pointer", contains("/parameters/bogus"));
        as(user).body("{\"analysisName\":\"go-enrichment\"}").when().post(PLASMO + "/analyses")
                .then().statusCode(422).body("errors.pointer", contains("/stepId"));
    }
}
