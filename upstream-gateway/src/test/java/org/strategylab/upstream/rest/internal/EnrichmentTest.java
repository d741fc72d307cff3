package org.strategylab.upstream.rest.internal;

import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
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

    /** {@code strategylab.upstream.analysis.max-reruns} (its default; the test profile keeps it). */
    private static final int MAX_RERUNS = 3;

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
                .body("analysisType", equalTo("go_function"))
                .body("result", nullValue())
                .body("terms.size()", greaterThan(0))
                .body("terms[0].termId", startsWith("GO:"))
                .body("terms[0].termName", notNullValue())
                .body("terms[0].geneCount", greaterThan(0))
                // the count is the link's text, the genes its idList
                .body("terms.every { it.genes.size() == it.geneCount }", equalTo(true));
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
                .body("analysisType", equalTo("word"))
                .body("terms.size()", greaterThan(0))
                .body("terms[0].geneCount", greaterThan(0))
                .body("terms[0].genes", empty());
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
                .body("parameters.pathwaysSources", notNullValue())
                .body("analysisType", equalTo("pathway"))
                .body("terms.size()", greaterThan(0))
                .body("terms[0].termName", notNullValue());
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
    void aCompleteAnalysisWhoseResultNeverComesStopsAtTheLimit() {
        String user = Callers.newUser("tom");
        simulator.faults().analysisResultWithheld(true);
        // the guard only turns a hang (the bug: polling 204s forever) into a failure; it asserts no timing
        assertTimeoutPreemptively(Duration.ofMinutes(2), () ->
                as(user).body("{\"tree\":" + Trees.KINASES + ",\"analysisName\":\"word-enrichment\",\"maxWaitSeconds\":1}")
                        .when().post(PLASMO + "/analyses")
                        .then().statusCode(504).contentType("application/problem+json")
                        .body("code", equalTo("UPSTREAM_ANALYSIS_TIMEOUT")));
    }

    @Test
    void anInstanceStillCreatedIsStartedWithoutUsingUpAReRun() {
        String user = Callers.newUser("uma");
        // more ignored run requests than there are re-runs: each CREATED must start the run, not count as a re-run
        simulator.faults().analysisIgnoredRuns(MAX_RERUNS + 1);
        as(user).body("{\"tree\":" + Trees.KINASES + ",\"analysisName\":\"word-enrichment\",\"parameters\":{\"pValueCutoff\":1}}")
                .when().post(PLASMO + "/analyses")
                .then().statusCode(200)
                .body("reruns", equalTo(0))
                .body("terms.size()", greaterThan(0));
    }

    @Test
    void anAnalysisThatKeepsFailingRunsOutOfReRuns() {
        String user = Callers.newUser("vera");
        simulator.faults().analysisFailingRuns(MAX_RERUNS + 1);
        as(user).body("{\"tree\":" + Trees.KINASES + ",\"analysisName\":\"word-enrichment\"}")
                .when().post(PLASMO + "/analyses")
                .then().statusCode(502).contentType("application/problem+json")
                .body("code", equalTo("UPSTREAM_ANALYSIS_FAILED"));
        // one run fewer fails, and the last re-run succeeds
        simulator.faults().analysisFailingRuns(MAX_RERUNS);
        as(user).body("{\"tree\":" + Trees.KINASES + ",\"analysisName\":\"word-enrichment\",\"parameters\":{\"pValueCutoff\":1}}")
                .when().post(PLASMO + "/analyses")
                .then().statusCode(200).body("reruns", equalTo(MAX_RERUNS));
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
