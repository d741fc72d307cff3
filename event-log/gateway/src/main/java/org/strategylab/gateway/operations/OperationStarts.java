package org.strategylab.gateway.operations;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;
import java.util.Optional;
import java.util.UUID;
import org.jboss.logging.Logger;
import org.strategylab.edge.request.RequestIds;
import org.strategylab.eventlog.index.OperationLogHeader;
import org.strategylab.eventlog.index.OperationRecord;
import org.strategylab.eventlog.index.OperationsIndex;
import org.strategylab.gateway.auth.CallerTokens;
import org.strategylab.gateway.stream.OperationStreams;

/**
 * An operation-starting POST sent with {@code Accept: text/event-stream}: the service answered
 * {@code 202 {operationId, …}} and the gateway streams that operation from its first event, with
 * the same ids {@code /subscribe} gives, so a dropped POST stream resumes there. Where the
 * operation's events are comes with the answer ({@link OperationLogHeader}) or, from a service that
 * does not send it, from the operations index. Any other answer is passed on unchanged.
 */
@ApplicationScoped
public class OperationStarts {

    private static final Logger LOG = Logger.getLogger(OperationStarts.class);

    @Inject
    ObjectMapper json;

    @Inject
    OperationsIndex index;

    @Inject
    OperationStreams streams;

    @Inject
    MeterRegistry metrics;

    private Counter openedFromAnswer;
    private Counter openedFromIndex;

    @PostConstruct
    void registerMetrics() {
        String name = "strategylab.streams.starts";
        String description = "Streams of operation-starting POSTs, by where the operation's place in the log came from";
        openedFromAnswer = Counter.builder(name).tag("source", "answer").description(description).register(metrics);
        openedFromIndex = Counter.builder(name).tag("source", "index").description(description).register(metrics);
    }

    public void stream(RoutingContext context, HttpClientResponse accepted, CallerTokens.VerifiedCaller caller) {
        accepted.body().onComplete(read -> {
            if (read.failed()) {
                context.response().setStatusCode(502).end();
                return;
            }
            Buffer body = read.result();
            UUID operationId = operationId(body);
            if (operationId == null) {
                passOn(accepted, body, context.response());
                return;
            }
            // the service said where the operation it registered for this caller logs its events:
            // the stream opens without reading the operation back from the index
            Optional<OperationRecord> handed = OperationLogHeader.parse(accepted.getHeader(OperationLogHeader.NAME),
                    operationId, caller.userId());
            if (handed.isPresent()) {
                openedFromAnswer.increment();
                open(context, handed.get());
                return;
            }
            openedFromIndex.increment();
            index.findOwned(operationId, caller.userId()).subscribe().with(found -> {
                if (found.isEmpty()) {
                    LOG.warnf("service answered operation %s that the index does not list for its caller", operationId);
                    passOn(accepted, body, context.response());
                } else {
                    open(context, found.get());
                }
            }, failure -> passOn(accepted, body, context.response()));
        });
    }

    private void open(RoutingContext context, OperationRecord operation) {
        context.response().putHeader("X-Operation-Id", operation.id().toString());
        streams.open(context, operation, null);
    }

    private UUID operationId(Buffer body) {
        try {
            JsonNode node = json.readTree(body.getBytes());
            JsonNode id = node == null ? null : node.get("operationId");
            return id == null || !id.isTextual() ? null : UUID.fromString(id.asText());
        } catch (IOException | IllegalArgumentException e) {
            return null;
        }
    }

    private static void passOn(HttpClientResponse from, Buffer body, HttpServerResponse to) {
        String requestId = to.headers().get(RequestIds.HEADER);
        to.setStatusCode(from.statusCode());
        from.headers().forEach(header -> {
            String name = header.getKey();
            if (!name.equalsIgnoreCase("transfer-encoding") && !name.equalsIgnoreCase("connection")
                    && !name.equalsIgnoreCase("content-length") && !name.equalsIgnoreCase(OperationLogHeader.NAME)) {
                to.headers().add(name, header.getValue());
            }
        });
        if (requestId != null) {
            to.headers().set(RequestIds.HEADER, requestId);
        }
        to.putHeader(HttpHeaders.CONTENT_LENGTH, Integer.toString(body.length()));
        to.end(body);
    }
}
