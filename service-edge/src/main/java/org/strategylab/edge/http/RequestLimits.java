package org.strategylab.edge.http;

import io.quarkus.vertx.http.runtime.filters.Filters;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import io.quarkus.runtime.configuration.MemorySize;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import java.util.List;
import java.util.Map;
import org.strategylab.edge.problem.FieldError;
import org.strategylab.edge.problem.ProblemWriter;

/**
 * Enforces {@link HttpLimitsConfig} and Quarkus' body limit ({@code quarkus.http.limits.max-body-size},
 * for a declared {@code Content-Length}) before anything else reads the request, answering 414
 * {@code URI_TOO_LONG}, 431 {@code HEADERS_TOO_LARGE} or 413 {@code PAYLOAD_TOO_LARGE} as
 * problem+json (Vert.x and Quarkus answer these with an empty body).
 *
 * <p>What Netty's decoder refuses before Vert.x hands the request to anyone — a malformed
 * percent-escape or a character not allowed in a request target, a request line or header block
 * beyond the backstop limits — still gets Vert.x's empty 400/414/431 with {@code Connection: close}:
 * Quarkus offers no hook for Vert.x's invalid-request handler.
 */
@ApplicationScoped
public class RequestLimits {

    // after RequestIds (1000), before the peer check (900)
    private static final int ORDER = 950;
    // "<method> <target> HTTP/1.1": the spaces and the version
    private static final int REQUEST_LINE_OVERHEAD = 10;

    @Inject
    HttpLimitsConfig limits;

    // Quarkus' own body limit: a larger declared body is refused here, with a problem body
    @ConfigProperty(name = "quarkus.http.limits.max-body-size", defaultValue = "10240K")
    MemorySize maxBodySize;

    @Inject
    ProblemWriter problems;

    void register(@Observes Filters filters) {
        filters.register(this::check, ORDER);
    }

    private void check(RoutingContext context) {
        HttpServerRequest request = context.request();
        String uri = request.uri();
        if (request.method().name().length() + uri.length() + REQUEST_LINE_OVERHEAD > limits.maxRequestLine()) {
            refuse(context, 414, "URI_TOO_LONG", "URI Too Long",
                    "The request line is longer than " + limits.maxRequestLine() + " characters", List.of());
            return;
        }
        long headerBytes = 0;
        for (Map.Entry<String, String> header : request.headers()) {
            // name, ": ", value, CRLF
            headerBytes += header.getKey().length() + header.getValue().length() + 4;
        }
        if (headerBytes > limits.maxHeaderSize().asLongValue()) {
            refuse(context, 431, "HEADERS_TOO_LARGE", "Request Header Fields Too Large",
                    "The request headers are larger than " + limits.maxHeaderSize().asLongValue() + " bytes", List.of());
            return;
        }
        String length = request.getHeader(HttpHeaders.CONTENT_LENGTH);
        if (length != null && declaredTooLarge(length)) {
            refuse(context, 413, "PAYLOAD_TOO_LARGE", "Content Too Large",
                    "The request body is larger than " + maxBodySize.asLongValue() + " bytes", List.of());
            return;
        }
        context.next();
    }

    private void refuse(RoutingContext context, int status, String code, String title, String detail,
                        List<FieldError> errors) {
        // the request (its body) may still be arriving: close the connection once the answer is out
        context.response().putHeader(HttpHeaders.CONNECTION, "close")
                .bodyEndHandler(written -> context.request().connection().close());
        problems.write(context, status, code, title, detail, errors);
    }

    private boolean declaredTooLarge(String contentLength) {
        try {
            return Long.parseLong(contentLength.trim()) > maxBodySize.asLongValue();
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
