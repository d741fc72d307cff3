package org.strategylab.experiment.tracing;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.awaitility.Awaitility;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;
import org.strategylab.experiment.support.OperationEvents;
import org.strategylab.experiment.support.RecordingSpanExporter;
import org.strategylab.experiment.support.UpstreamStackResource;
import org.strategylab.testsupport.InProcessKafkaResource;
import org.strategylab.testsupport.TestTokens;

/**
 * Traces across the services and the Kafka hop, with the module's tests tracing for real: the POST
 * that starts an experiment continues its caller's trace (the W3C traceparent header), and the
 * experiment's command carries that trace through Kafka in the record's headers, so the request,
 * the command's consumption and the run's calls to upstream-gateway are one trace (the run starts on
 * the instance that accepted it, which has a free slot here; the consumer skips the command).
 */
@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = UpstreamStackResource.class, restrictToAnnotatedClass = false)
class ExperimentTraceTest {

    private static final String KINASES = "{\"siteId\":\"plasmodb\",\"name\":\"traced kinases\","
            + "\"searchName\":\"GenesByGoTerm\",\"parameters\":{\"organism\":[\"Plasmodium falciparum 3D7\"],"
            + "\"go_typeahead\":[\"GO:0004672\"]},\"positiveControls\":[\"PF3D7_0100100\",\"PF3D7_0100200\"],\"negativeControls\":[\"PF3D7_0200100\"]}";

    @Inject
    RecordingSpanExporter exporter;

    @Inject
    OperationEvents events;

    @Test
    void oneExperimentIsOneTraceFromTheCallerAcrossKafkaIntoTheWorkersUpstreamCalls() {
        // the caller starts the trace (as the gateway does), so the test knows its id before any span exists
        String traceId = UUID.randomUUID().toString().replace("-", "");
        String callerSpanId = traceId.substring(0, 16);
        JsonPath started = given().header("Authorization", TestTokens.bearer("tracer-" + UUID.randomUUID()))
                .header("traceparent", "00-" + traceId + "-" + callerSpanId + "-01")
                .contentType("application/json").body(KINASES).when().post("/api/v1/experiments")
                .then().statusCode(202).extract().jsonPath();
        String operationId = started.getString("operationId");
        events.awaitEnd(operationId, Duration.ofSeconds(90));
        String upstream = ConfigProvider.getConfig().getValue("quarkus.rest-client.upstream-gateway.url", String.class);

        // spans reach the exporter in batches, after they end
        List<SpanData> request = Awaitility.await().atMost(Duration.ofSeconds(30)).until(
                () -> exporter.spans().stream().filter(s -> s.getTraceId().equals(traceId)).toList(),
                spans -> spans.stream().anyMatch(s -> s.getKind() == SpanKind.SERVER));
        SpanData post = request.stream().filter(s -> s.getKind() == SpanKind.SERVER).findFirst().orElseThrow();
        assertEquals("POST", attribute(post, "http.request.method"));
        assertEquals("/api/v1/experiments", attribute(post, "http.route"));
        assertEquals(callerSpanId, post.getParentSpanId(), "the request span continues the caller's trace");

        // one trace: the command's send belongs to the request, and its consumption and the
        // worker's calls to upstream-gateway follow it across Kafka
        List<SpanData> whole = Awaitility.await().atMost(Duration.ofSeconds(30)).until(
                () -> exporter.spans().stream().filter(s -> s.getTraceId().equals(traceId)).toList(),
                spans -> spans.stream().anyMatch(ExperimentTraceTest::consumesACommand)
                        && spans.stream().anyMatch(s -> callsUpstreamGateway(s, upstream)));
        SpanData send = whole.stream().filter(s -> s.getKind() == SpanKind.PRODUCER
                && "experiment.commands".equals(attribute(s, "messaging.destination.name"))).findFirst()
                .orElseThrow(() -> new AssertionError("the command's send is not in the request's trace"));
        SpanData consume = whole.stream().filter(ExperimentTraceTest::consumesACommand).findFirst().orElseThrow();
        assertEquals(send.getSpanId(), consume.getParentSpanId(),
                "the consumer span is the child of the send: the traceparent crossed Kafka in the record's headers");
        // the run started where it was accepted (a free slot), so its calls need not follow the consumption
        assertTrue(whole.stream().anyMatch(s -> callsUpstreamGateway(s, upstream)
                        && s.getStartEpochNanos() >= post.getStartEpochNanos()),
                "the run's calls to upstream-gateway are in the request's trace");
    }

    private static boolean consumesACommand(SpanData span) {
        return span.getKind() == SpanKind.CONSUMER && "experiment.commands".equals(attribute(span, "messaging.destination.name"));
    }

    private static boolean callsUpstreamGateway(SpanData span, String upstream) {
        String url = attribute(span, "url.full");
        return span.getKind() == SpanKind.CLIENT && url != null && url.startsWith(upstream);
    }

    private static String attribute(SpanData span, String key) {
        return span.getAttributes().get(AttributeKey.stringKey(key));
    }

}
