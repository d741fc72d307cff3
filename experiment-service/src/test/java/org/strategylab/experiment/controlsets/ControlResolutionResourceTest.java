package org.strategylab.experiment.controlsets;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.strategylab.experiment.support.ExperimentApi;
import org.strategylab.experiment.support.OperationEvents;
import org.strategylab.experiment.support.RecordingSpanExporter;
import org.strategylab.experiment.support.UpstreamStackResource;
import org.strategylab.testsupport.InProcessKafkaResource;
import org.strategylab.testsupport.TestTokens;

/**
 * {@code POST /api/v1/control-resolutions}: control lists resolved against the site as a run
 * resolves them, with the refusals a run would meet, nothing run or stored (issue 38 item 1).
 */
@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = UpstreamStackResource.class, restrictToAnnotatedClass = false)
public class ControlResolutionResourceTest {

    static final String RESOLUTIONS = "/api/v1/control-resolutions";
    /** Issue 38's controls: a lowercase spelling, a transcript ID, no such gene, a gene, the first gene again. */
    public static final List<String> ISSUE_POSITIVES = List.of("pf3d7_0105300", "PF3D7_0100100.1", "FAKE_GENE_1",
            "PF3D7_0100600", "PF3D7_0105300");
    static final List<String> ISSUE_NEGATIVES = List.of("BOGUS", "PF3D7_0100300");

    @Inject
    RecordingSpanExporter exporter;

    @Inject
    OperationEvents events;

    @Test
    void theIssuesControlsResolveToTheGenesTheyNameWithTheUnknownOnesNamed() {
        String ada = ExperimentApi.newUser("ada");
        ExperimentApi.as(ada).body(Map.of("siteId", "plasmodb", "positiveControls", ISSUE_POSITIVES,
                        "negativeControls", ISSUE_NEGATIVES))
                .when().post(RESOLUTIONS)
                .then().statusCode(200)
                .body("siteId", equalTo("plasmodb"))
                .body("controlResolution.positives.resolved", equalTo(3))
                .body("controlResolution.positives.renamed.input", equalTo(List.of("pf3d7_0105300", "PF3D7_0100100.1")))
                .body("controlResolution.positives.renamed.geneId", equalTo(List.of("PF3D7_0105300", "PF3D7_0100100")))
                .body("controlResolution.positives.unknown", equalTo(List.of("FAKE_GENE_1")))
                .body("controlResolution.positives.duplicates", equalTo(List.of("PF3D7_0105300")))
                .body("controlResolution.negatives.resolved", equalTo(1))
                .body("controlResolution.negatives.unknown", equalTo(List.of("BOGUS")))
                .body("positiveGenes", equalTo(List.of("PF3D7_0105300", "PF3D7_0100100", "PF3D7_0100600")))
                .body("negativeGenes", equalTo(List.of("PF3D7_0100300")))
                .body("genesInBothLists", equalTo(List.of()))
                .body("runnable", equalTo(true))
                .body("refusals", equalTo(List.of()));
    }

    @Test
    void whatARunWouldBeRefusedForIsSaidNamingTheListAndTheRunIsRefusedTheSame() {
        String bea = ExperimentApi.newUser("bea");
        // no positive names a gene of the site
        JsonPath none = ExperimentApi.as(bea).body(Map.of("siteId", "plasmodb",
                        "positiveControls", List.of("FAKE_GENE_1", "NOT_A_GENE"), "negativeControls", List.of("PF3D7_0100300")))
                .when().post(RESOLUTIONS)
                .then().statusCode(200)
                .body("runnable", equalTo(false))
                .body("positiveGenes", equalTo(List.of()))
                .body("refusals.pointer", equalTo(List.of("/positiveControls")))
                .body("refusals[0].message", containsString("FAKE_GENE_1, NOT_A_GENE"))
                .extract().jsonPath();
        ExperimentApi.as(bea).body(Map.of("siteId", "plasmodb", "targetGeneIds", List.of(ExperimentApi.G1),
                        "positiveControls", List.of("FAKE_GENE_1", "NOT_A_GENE"), "negativeControls", List.of("PF3D7_0100300")))
                .when().post("/api/v1/experiments")
                .then().statusCode(422)
                .body("errors.pointer", equalTo(List.of("/positiveControls")))
                .body("errors[0].message", equalTo(none.getString("refusals[0].message")));
        // two spellings of one gene, one in each list: in both lists once resolved
        String g2 = ExperimentApi.G2;
        ExperimentApi.as(bea).body(Map.of("siteId", "plasmodb", "positiveControls", List.of(ExperimentApi.G1, g2),
                        "negativeControls", List.of(g2.toLowerCase(Locale.ROOT), ExperimentApi.N1)))
                .when().post(RESOLUTIONS)
                .then().statusCode(200)
                .body("runnable", equalTo(false))
                .body("genesInBothLists", equalTo(List.of(g2)))
                .body("negativeGenes", equalTo(List.of(g2, ExperimentApi.N1)))
                .body("refusals.pointer", equalTo(List.of("/negativeControls")))
                .body("refusals[0].message", containsString(g2));
        // negatives alone resolve, but a run needs positives
        ExperimentApi.as(bea).body(Map.of("siteId", "plasmodb", "negativeControls", List.of("PF3D7_0100300")))
                .when().post(RESOLUTIONS)
                .then().statusCode(200)
                .body("runnable", equalTo(false))
                .body("negativeGenes", equalTo(List.of("PF3D7_0100300")))
                .body("refusals.pointer", equalTo(List.of("/positiveControls")));
    }

    @Test
    void listsLongerThanOneLookupAreResolvedInSeveralCallsNoneSkipped() throws Exception {
        // the tests send at most 1,000 IDs per gene-lookup call (gene-resolution.batch-size)
        String cid = ExperimentApi.newUser("cid");
        List<String> genes = ExperimentApi.run(cid, ExperimentApi.FALCIPARUM).ids();
        List<String> positives = new ArrayList<>(genes.subList(0, 1500).stream()
                .map(id -> id.toLowerCase(Locale.ROOT)).toList());
        positives.add(1200, "UNKNOWN_IN_THE_SECOND_CALL");
        List<String> negatives = new ArrayList<>(genes.subList(1500, 2500));
        negatives.add(0, "UNKNOWN_IN_THE_THIRD_CALL");

        String traceId = traced();
        JsonPath answer = given().header("Authorization", TestTokens.bearer(cid))
                .header("traceparent", "00-" + traceId + "-" + traceId.substring(0, 16) + "-01")
                .contentType("application/json")
                .body(Map.of("siteId", "plasmodb", "positiveControls", positives, "negativeControls", negatives))
                .when().post(RESOLUTIONS)
                .then().statusCode(200)
                .body("controlResolution.positives.resolved", equalTo(1500))
                .body("controlResolution.positives.renamed.size()", equalTo(1500))
                .body("controlResolution.positives.unknown", equalTo(List.of("UNKNOWN_IN_THE_SECOND_CALL")))
                .body("controlResolution.negatives.resolved", equalTo(1000))
                .body("controlResolution.negatives.unknown", equalTo(List.of("UNKNOWN_IN_THE_THIRD_CALL")))
                .body("runnable", equalTo(true))
                .extract().jsonPath();
        assertEquals(genes.subList(0, 1500), answer.getList("positiveGenes", String.class));
        assertEquals(genes.subList(1500, 2500), answer.getList("negativeGenes", String.class));
        // 2,502 distinct IDs: three calls of at most 1,000, one after another
        assertEquals(3, lookupCalls(traceId));

        // a run's controls go the same way: 1,501 IDs in two calls, the run accepted
        String runTrace = traced();
        String operation = given().header("Authorization", TestTokens.bearer(cid))
                .header("traceparent", "00-" + runTrace + "-" + runTrace.substring(0, 16) + "-01")
                .contentType("application/json")
                .body(Map.of("siteId", "plasmodb", "targetGeneIds", genes.subList(0, 10), "positiveControls", positives))
                .when().post("/api/v1/experiments")
                .then().statusCode(202).extract().path("operationId");
        assertEquals(2, lookupCalls(runTrace));
        ExperimentApi.assertEnds(events.awaitEnd(operation, ExperimentApi.RUN));
    }

    @Test
    void aSavedSetIsResolvedByItsIdAndSomeoneElsesPrivateSetIsNotFound() {
        String dot = ExperimentApi.newUser("dot");
        String eve = ExperimentApi.newUser("eve");
        String set = ExperimentApi.as(dot).body(Map.of("name", "issue 38", "siteId", "plasmodb",
                        "positiveIds", ISSUE_POSITIVES, "negativeIds", ISSUE_NEGATIVES))
                .when().post("/api/v1/control-sets").then().statusCode(201).extract().path("id");
        ExperimentApi.as(dot).body(Map.of("siteId", "plasmodb", "controlSetId", set))
                .when().post(RESOLUTIONS)
                .then().statusCode(200)
                .body("controlSetId", equalTo(set))
                .body("positiveGenes", equalTo(List.of("PF3D7_0105300", "PF3D7_0100100", "PF3D7_0100600")))
                .body("controlResolution.negatives.unknown", equalTo(List.of("BOGUS")));
        // a list given beside the set replaces the set's
        ExperimentApi.as(dot).body(Map.of("siteId", "plasmodb", "controlSetId", set,
                        "negativeControls", List.of("PF3D7_0100400")))
                .when().post(RESOLUTIONS)
                .then().statusCode(200)
                .body("negativeGenes", equalTo(List.of("PF3D7_0100400")))
                .body("positiveGenes.size()", equalTo(3));
        // someone else's private set is a 404 exactly like a missing one
        ExperimentApi.as(eve).body(Map.of("siteId", "plasmodb", "controlSetId", set))
                .when().post(RESOLUTIONS)
                .then().statusCode(404).contentType("application/problem+json")
                .body("code", equalTo("CONTROL_SET_NOT_FOUND"))
                .body("errors.pointer", equalTo(List.of("/controlSetId")));
        ExperimentApi.as(eve).body(Map.of("siteId", "plasmodb", "controlSetId", UUID.randomUUID().toString()))
                .when().post(RESOLUTIONS)
                .then().statusCode(404).body("code", equalTo("CONTROL_SET_NOT_FOUND"));
        ExperimentApi.as(eve).body(Map.of("siteId", "plasmodb", "controlSetId", "not-a-uuid"))
                .when().post(RESOLUTIONS)
                .then().statusCode(404).body("code", equalTo("CONTROL_SET_NOT_FOUND"));
    }

    @Test
    void badInputIsAProblemNamingTheFieldAndNoTokenIs401() {
        String fin = ExperimentApi.newUser("fin");
        ExperimentApi.as(fin).body(Map.of("siteId", "nosuchsite", "positiveControls", List.of("PF3D7_0100100")))
                .when().post(RESOLUTIONS)
                .then().statusCode(422).contentType("application/problem+json")
                .body("errors.pointer", equalTo(List.of("/siteId")));
        ExperimentApi.as(fin).body(Map.of("siteId", "plasmodb", "positiveControls", List.of(" ", ""),
                        "negativeControls", List.of()))
                .when().post(RESOLUTIONS)
                .then().statusCode(422).contentType("application/problem+json")
                .body("errors.pointer", equalTo(List.of("/positiveControls")));
        List<String> tooMany = new ArrayList<>();
        for (int i = 0; i < 2001; i++) { // one over the tests' control-sets.max-ids
            tooMany.add("G" + i);
        }
        ExperimentApi.as(fin).body(Map.of("siteId", "plasmodb", "negativeControls", tooMany))
                .when().post(RESOLUTIONS)
                .then().statusCode(400).contentType("application/problem+json")
                .body("errors.pointer", equalTo(List.of("/negativeControls")))
                .body("errors[0].message", containsString("control-sets.max-ids"));
        ExperimentApi.as(fin).body("{\"siteId\":\"plasmodb\",\"positiveControls\":[\"PF3D7_0100100\",null]}")
                .when().post(RESOLUTIONS)
                .then().statusCode(400).contentType("application/problem+json")
                .body("errors.pointer", equalTo(List.of("/positiveControls")));
        ExperimentApi.as(fin).body("{\"positiveControls\":[\"PF3D7_0100100\"]}")
                .when().post(RESOLUTIONS)
                .then().statusCode(400).contentType("application/problem+json")
                .body("errors.pointer", equalTo(List.of("/siteId")));
        ExperimentApi.as(fin).body("{\"siteId\":\"plasmodb\",\"positiveControls\":\"PF3D7_0100100\",\"owner\":\"x\"}")
                .when().post(RESOLUTIONS)
                .then().statusCode(400).contentType("application/problem+json");
        given().contentType("application/json").body(Map.of("siteId", "plasmodb", "positiveControls", List.of("PF3D7_0100100")))
                .when().post(RESOLUTIONS)
                .then().statusCode(401);
    }

    private static String traced() {
        return UUID.randomUUID().toString().replace("-", "");
    }

    /**
     * The calls to upstream-gateway's internal gene lookup made while answering the traced request:
     * counted once the request's own span has been exported, which ends after them (spans are
     * exported in the order they end).
     */
    private long lookupCalls(String traceId) {
        List<SpanData> trace = Awaitility.await().atMost(Duration.ofSeconds(30)).until(
                () -> exporter.spans().stream().filter(s -> s.getTraceId().equals(traceId)).toList(),
                spans -> spans.stream().anyMatch(s -> s.getKind() == SpanKind.SERVER));
        return trace.stream().filter(s -> s.getKind() == SpanKind.CLIENT && String.valueOf(s.getAttributes()
                .get(AttributeKey.stringKey("url.full"))).matches(".*/internal/v1/sites/plasmodb/genes/resolve")).count();
    }
}
