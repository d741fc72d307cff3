package org.strategylab.gateway.rest;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import org.junit.jupiter.api.Test;
import org.strategylab.gateway.routing.FakeServicesResource;
import org.strategylab.gateway.routing.RawHttp;
import org.strategylab.testsupport.InProcessKafkaResource;
import org.strategylab.testsupport.PostgresResource;

/** Issue 11 point d: refusals below JAX-RS are problem+json too, not empty bodies. */
@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = PostgresResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = FakeServicesResource.class, restrictToAnnotatedClass = false)
class HttpLayerProblemsTest {

    @TestHTTPResource("/")
    URI root;

    @Test
    void aLongRequestLineIsA414Problem() throws Exception {
        RawHttp.Response response = RawHttp.send(root, "GET /api/v1/sites?q=" + "a".repeat(5000) + " HTTP/1.1");
        assertProblem(response, 414, "URI_TOO_LONG");
    }

    @Test
    void bigHeadersAreA431Problem() throws Exception {
        RawHttp.Response response = RawHttp.send(root, "GET /api/v1/sites HTTP/1.1", "X-Big: " + "b".repeat(25_000));
        assertProblem(response, 431, "HEADERS_TOO_LARGE");
    }

    @Test
    void aBodyOverTheLimitOnTheGatewaysOwnEndpointIsA413Problem() throws Exception {
        RawHttp.Response response = RawHttp.send(root, "POST /api/v1/auth/local/sign-in HTTP/1.1",
                "Content-Type: application/json", "Content-Length: 20000000");
        assertProblem(response, 413, "PAYLOAD_TOO_LARGE");
    }

    private static void assertProblem(RawHttp.Response response, int status, String code) {
        assertEquals(status, response.status(), response.body());
        assertEquals("application/problem+json", response.headers().get("content-type"), response.toString());
        JsonObject problem = new JsonObject(response.body());
        assertEquals(status, problem.getInteger("status"));
        assertEquals(code, problem.getString("code"));
    }
}
