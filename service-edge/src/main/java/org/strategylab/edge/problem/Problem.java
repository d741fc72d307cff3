package org.strategylab.edge.problem;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * An RFC 9457 problem details body, as every StrategyLab service answers errors
 * ({@code application/problem+json}).
 *
 * @param type      a URI reference naming the kind of problem ({@code /errors/SITE_NOT_FOUND})
 * @param title     short, human-readable summary of the kind of problem
 * @param status    the HTTP status code
 * @param detail    explanation specific to this occurrence
 * @param instance  the request path
 * @param code      stable machine-readable code ({@code VALIDATION_ERROR}, {@code NOT_FOUND}, ...)
 * @param requestId the request id, also in the {@code X-Request-ID} header and the logs
 * @param errors    the offending inputs, for validation problems
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Problem(
        String type,
        String title,
        int status,
        String detail,
        String instance,
        String code,
        String requestId,
        List<FieldError> errors) {

    /** The media type of problem bodies. */
    public static final String MEDIA_TYPE = "application/problem+json";

    public Problem {
        errors = errors == null || errors.isEmpty() ? null : List.copyOf(errors);
    }
}
