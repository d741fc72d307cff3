package org.strategylab.edge.problem;

import jakarta.ws.rs.core.Response;
import java.util.List;
import org.jboss.logging.MDC;
import org.strategylab.edge.request.RequestIds;

/** Builds problem+json responses with the request's id and path filled in. */
public final class ProblemResponses {

    private ProblemResponses() {
    }

    /** A problem response with the given status, stable code and field errors. */
    public static Response of(int status, String code, String title, String detail, String path,
                              List<FieldError> errors) {
        Problem problem = new Problem("/errors/" + code, title, status, detail, path, code, currentRequestId(), errors);
        return Response.status(status).type(Problem.MEDIA_TYPE).entity(problem).build();
    }

    /** The stable code StrategyLab uses for a bare HTTP status. */
    public static String codeFor(int status) {
        return switch (status) {
            case 400 -> "BAD_REQUEST";
            case 401 -> "UNAUTHORIZED";
            case 403 -> "FORBIDDEN";
            case 404 -> "NOT_FOUND";
            case 405 -> "METHOD_NOT_ALLOWED";
            case 406 -> "NOT_ACCEPTABLE";
            case 409 -> "CONFLICT";
            case 413 -> "PAYLOAD_TOO_LARGE";
            case 415 -> "UNSUPPORTED_MEDIA_TYPE";
            case 422 -> "VALIDATION_ERROR";
            case 429 -> "RATE_LIMITED";
            case 502 -> "UPSTREAM_ERROR";
            case 503 -> "UNAVAILABLE";
            case 504 -> "UPSTREAM_TIMEOUT";
            default -> status >= 500 ? "INTERNAL_ERROR" : "HTTP_" + status;
        };
    }

    /** The reason phrase of a status, or a generic title. */
    public static String titleFor(int status) {
        Response.Status known = Response.Status.fromStatusCode(status);
        if (known != null) {
            return known.getReasonPhrase();
        }
        return status == 422 ? "Unprocessable Content" : "HTTP " + status;
    }

    private static String currentRequestId() {
        Object id = MDC.get(RequestIds.MDC_KEY);
        return id == null ? null : id.toString();
    }
}
