package org.strategylab.gateway.routing;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.json.JsonObject;
import java.net.ServerSocket;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.strategylab.eventlog.index.OperationLogHeader;

/**
 * A real HTTP server standing in for the services behind the gateway: it echoes what it received,
 * streams server-sent events, and has a path that never answers. The experiment route points at
 * a port where nothing listens.
 */
public class FakeServicesResource implements QuarkusTestResourceLifecycleManager {

    /** How many {@code /api/v1/sites/endless} responses were cut off by the gateway (their connection closed). */
    public static final java.util.concurrent.atomic.AtomicInteger ENDLESS_CLOSED =
            new java.util.concurrent.atomic.AtomicInteger();

    /** Requests that reached {@code /api/v1/sites/closes-first}, by their {@code key} parameter. */
    public static final Map<String, java.util.concurrent.atomic.AtomicInteger> CLOSES_FIRST =
            new java.util.concurrent.ConcurrentHashMap<>();

    /** The fake services' OpenAPI document: a public path of each fake route, an internal one and a /q one. */
    public static final String SERVICE_OPENAPI = """
            {"openapi":"3.1.0","info":{"title":"fake","version":"1"},"paths":{
              "/api/v1/sites/{siteId}":{"get":{"summary":"One site","parameters":[{"name":"siteId","in":"path",
                "required":true,"schema":{"type":"string"}}],"responses":{"200":{"description":"the site",
                "content":{"application/json":{"schema":{"$ref":"#/components/schemas/Site"}}}}}}},
              "/api/v1/chat":{"post":{"summary":"Send a message","requestBody":{"content":{"application/json":
                {"schema":{"type":"object"}}}},"responses":{"202":{"description":"started"},
                "422":{"description":"bad message"}}}},
              "/internal/v1/sites/{siteId}/steps":{"post":{"responses":{"200":{"description":"internal"}}}},
              "/q/health":{"get":{"responses":{"200":{"description":"health"}}}}},
             "components":{"schemas":{"Site":{"type":"object","properties":{"id":{"type":"string"}}}}}}
            """;

    private Vertx vertx;
    private HttpServer server;
    private io.vertx.core.http.HttpClient client;

    @Override
    public Map<String, String> start() {
        vertx = Vertx.vertx();
        client = vertx.createHttpClient();
        server = vertx.createHttpServer().requestHandler(request -> {
            switch (request.path()) {
                case "/api/v1/sites/silent" -> {
                    // never answers: the gateway's idle timeout must turn this into a 504
                }
                case "/api/v1/sites/endless" -> {
                    // a large body that never ends: only the gateway closing the exchange stops it
                    var response = request.response().setChunked(true).putHeader("Content-Type", "text/plain");
                    response.closeHandler(closed -> ENDLESS_CLOSED.incrementAndGet());
                    io.vertx.core.buffer.Buffer chunk = io.vertx.core.buffer.Buffer.buffer("protein ".repeat(1024));
                    vertx.setPeriodic(5, timer -> {
                        if (response.closed() || response.ended()) {
                            vertx.cancelTimer(timer);
                        } else if (!response.writeQueueFull()) {
                            response.write(chunk);
                        }
                    });
                }
                case "/api/v1/sites/closes-first" -> {
                    // a service that closed the connection just as the request came (an idle
                    // connection it dropped): the first request of each key gets no answer at all
                    int attempt = CLOSES_FIRST.computeIfAbsent(request.getParam("key"),
                            key -> new java.util.concurrent.atomic.AtomicInteger()).incrementAndGet();
                    if (attempt == 1) {
                        request.connection().close();
                    } else {
                        request.response().putHeader("Content-Type", "application/json")
                                .end(new JsonObject().put("attempt", attempt).encode());
                    }
                }
                case "/q/openapi" -> {
                    // a service's own OpenAPI document, only for holders of the service-to-service secret;
                    // both fake routes serve it, so the gateway must keep each path for its owner only
                    boolean peer = "test-peer-secret-for-the-gateway-tests-0123456789"
                            .equals(request.getHeader("X-StrategyLab-Peer"));
                    request.response().setStatusCode(peer ? 200 : 403).putHeader("Content-Type", "application/json")
                            .end(peer ? SERVICE_OPENAPI : "{}");
                }
                case "/mcp" -> {
                    // an MCP server answering a message as an event stream that stays open (the gateway
                    // must pass each event on as it comes, and the caller's Accept as it was)
                    var response = request.response().setChunked(true).putHeader("Content-Type", "text/event-stream");
                    JsonObject seen = new JsonObject().put("accept", request.getHeader("Accept"))
                            .put("authorization", request.getHeader("Authorization"))
                            .put("peer", request.getHeader("X-StrategyLab-Peer"));
                    response.write("event: message\ndata: " + seen.encode() + "\n\n");
                }
                case "/api/v1/sites/events" -> {
                    var response = request.response().setChunked(true).putHeader("Content-Type", "text/event-stream");
                    response.write("id: 1\nevent: tick\ndata: one\n\n");
                    vertx.setTimer(50, t -> response.write("id: 2\nevent: tick\ndata: two\n\n")
                            .onComplete(done -> response.end()));
                }
                case "/api/v1/chat" -> request.body().onSuccess(body -> {
                    // a service that starts an operation: it registers it (here through the gateway's
                    // test worker, with the caller's token) and answers 202 {operationId}, saying
                    // where the operation's events are when asked to ("relayLog")
                    String callback = new JsonObject(body).getString("callback");
                    boolean relayLog = new JsonObject(body).getBoolean("relayLog", false);
                    client.request(new io.vertx.core.http.RequestOptions().setMethod(io.vertx.core.http.HttpMethod.POST)
                                    .setAbsoluteURI(callback))
                            .compose(out -> out.putHeader("Authorization", request.getHeader("Authorization"))
                                    .putHeader("Content-Type", "application/json")
                                    .send("{\"type\":\"chat\",\"targetId\":\"conversation-1\"}"))
                            .compose(answer -> answer.body().map(answerBody -> {
                                String log = answer.getHeader(OperationLogHeader.NAME);
                                if (relayLog && log != null) {
                                    request.response().putHeader(OperationLogHeader.NAME, log);
                                }
                                return answerBody;
                            }))
                            .onSuccess(answer -> request.response().setStatusCode(202)
                                    .putHeader("Content-Type", "application/json")
                                    .end(new JsonObject(answer).put("strategyId", "conversation-1").encode()))
                            .onFailure(failure -> request.response().setStatusCode(500).end(failure.toString()));
                });
                default -> request.body().onSuccess(body -> {
                    JsonObject echo = new JsonObject()
                            .put("method", request.method().name())
                            .put("uri", request.uri())
                            .put("requestId", request.getHeader("X-Request-ID"))
                            .put("forwardedHost", request.getHeader("X-Forwarded-Host"))
                            .put("forwardedFor", request.headers().getAll("X-Forwarded-For"))
                            .put("forwarded", request.getHeader("Forwarded"))
                            .put("connection", request.getHeader("Connection"))
                            .put("authorization", request.getHeader("Authorization"))
                            .put("cookie", request.getHeader("Cookie"))
                            .put("peer", request.getHeader("X-StrategyLab-Peer"))
                            .put("body", body.toString());
                    request.response().setStatusCode(request.path().endsWith("/missing") ? 404 : 200)
                            .putHeader("Content-Type", "application/json")
                            .putHeader("X-Service", "fake")
                            .end(echo.encode());
                });
            }
        });
        int port;
        try {
            port = server.listen(0, "127.0.0.1").toCompletionStage().toCompletableFuture()
                    .get(10, TimeUnit.SECONDS).actualPort();
        } catch (Exception e) {
            throw new IllegalStateException("fake service did not start", e);
        }
        return Map.of(
                "strategylab.gateway.routes.upstream-gateway.target", "http://127.0.0.1:" + port,
                "strategylab.gateway.routes.experiment-service.target", "http://127.0.0.1:" + closedPort(),
                "strategylab.gateway.routes.chat-service.target", "http://127.0.0.1:" + port,
                "strategylab.gateway.idle-timeout", "PT2S");
    }

    private static int closedPort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void stop() {
        if (vertx != null) {
            vertx.close().toCompletionStage().toCompletableFuture().join();
        }
    }
}
