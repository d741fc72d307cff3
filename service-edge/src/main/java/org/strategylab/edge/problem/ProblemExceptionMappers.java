package org.strategylab.edge.problem;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DatabindException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.ForbiddenException;
import io.quarkus.security.UnauthorizedException;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.ConstraintViolationException;
import jakarta.validation.ElementKind;
import jakarta.validation.Path;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.jboss.logging.Logger;
import org.strategylab.edge.auth.Caller;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/**
 * Turns every error a resource can raise into a problem+json body: our own
 * {@link ProblemException}s, bean-validation failures, unreadable JSON, JAX-RS status exceptions
 * and anything unexpected. No error leaves a service as an empty or plain-text body.
 */
public class ProblemExceptionMappers {

    private static final Logger LOG = Logger.getLogger(ProblemExceptionMappers.class);

    @ServerExceptionMapper
    public Response problem(ProblemException e, UriInfo uri) {
        if (e.status() >= 500) {
            LOG.errorf(e, "%s failed: %s", uri.getPath(), e.getMessage());
        }
        return ProblemResponses.of(e.status(), e.code(), e.title(), e.getMessage(), uri.getPath(), e.errors());
    }

    @ServerExceptionMapper({UnauthorizedException.class, AuthenticationFailedException.class})
    public Response unauthorized(RuntimeException e, UriInfo uri) {
        return problem(Caller.unauthenticated(), uri);
    }

    @ServerExceptionMapper
    public Response forbidden(ForbiddenException e, UriInfo uri) {
        return ProblemResponses.of(403, "FORBIDDEN", "Forbidden", "The caller may not do this", uri.getPath(),
                List.of());
    }

    @ServerExceptionMapper
    public Response constraintViolation(ConstraintViolationException e, UriInfo uri) {
        boolean returnValue = e.getConstraintViolations().stream()
                .anyMatch(v -> kinds(v.getPropertyPath()).contains(ElementKind.RETURN_VALUE));
        if (returnValue) {
            // our own response broke its contract: a server fault, not the caller's
            return unexpected(e, uri);
        }
        List<FieldError> errors = new ArrayList<>();
        for (ConstraintViolation<?> violation : e.getConstraintViolations()) {
            errors.add(new FieldError(pointer(violation.getPropertyPath()), violation.getMessage()));
        }
        errors.sort(Comparator.comparing(FieldError::pointer));
        return ProblemResponses.of(400, "VALIDATION_ERROR", "Bad Request",
                "The request has " + errors.size() + " invalid field" + (errors.size() == 1 ? "" : "s"),
                uri.getPath(), errors);
    }

    @ServerExceptionMapper({JsonProcessingException.class, DatabindException.class})
    public Response unreadableJson(JsonProcessingException e, UriInfo uri) {
        String pointer = e instanceof JsonMappingException mapping ? jsonPointer(mapping.getPath()) : "/";
        String message;
        if (e instanceof UnrecognizedPropertyException unknown) {
            message = "unknown field '" + unknown.getPropertyName() + "'";
        } else if (e instanceof InvalidFormatException format) {
            message = "'" + format.getValue() + "' is not a valid " + format.getTargetType().getSimpleName();
        } else if (e instanceof JsonParseException) {
            message = "malformed JSON: " + e.getOriginalMessage();
        } else {
            message = e.getOriginalMessage();
        }
        return ProblemResponses.of(400, "INVALID_BODY", "Bad Request", "The request body cannot be read",
                uri.getPath(), List.of(new FieldError(pointer, message)));
    }

    @ServerExceptionMapper
    public Response webApplication(WebApplicationException e, UriInfo uri) {
        int status = e.getResponse().getStatus();
        if (status >= 500) {
            return unexpected(e, uri);
        }
        return ProblemResponses.of(status, ProblemResponses.codeFor(status), ProblemResponses.titleFor(status),
                e.getMessage(), uri.getPath(), List.of());
    }

    @ServerExceptionMapper
    public Response unexpected(Throwable e, UriInfo uri) {
        LOG.errorf(e, "Unexpected error on %s", uri.getPath());
        // never echo internals (class names, SQL, stack traces) to the caller
        return ProblemResponses.of(500, "INTERNAL_ERROR", "Internal Server Error",
                "An unexpected error occurred; quote the request id when reporting it", uri.getPath(), List.of());
    }

    private static List<ElementKind> kinds(Path path) {
        List<ElementKind> kinds = new ArrayList<>();
        path.forEach(node -> kinds.add(node.getKind()));
        return kinds;
    }

    /**
     * A pointer for a violation on a resource method: the parameter name for a query, path or
     * header parameter; a JSON pointer ({@code /config/siteId}) for a property of the body.
     */
    static String pointer(Path path) {
        String parameter = null;
        StringBuilder body = new StringBuilder();
        for (Path.Node node : path) {
            switch (node.getKind()) {
                case PARAMETER -> parameter = node.getName();
                case PROPERTY, CONTAINER_ELEMENT, BEAN -> {
                    if (node.getIndex() != null) {
                        body.append('/').append(node.getIndex());
                    } else if (node.getKey() != null) {
                        body.append('/').append(node.getKey());
                    }
                    if (node.getName() != null && node.getKind() == ElementKind.PROPERTY) {
                        body.append('/').append(node.getName());
                    }
                }
                default -> {
                    // METHOD, CONSTRUCTOR, RETURN_VALUE, CROSS_PARAMETER name no input
                }
            }
        }
        if (!body.isEmpty()) {
            return body.toString();
        }
        return parameter == null ? "/" : parameter;
    }

    private static String jsonPointer(List<JsonMappingException.Reference> path) {
        StringBuilder pointer = new StringBuilder();
        for (JsonMappingException.Reference reference : path) {
            pointer.append('/');
            pointer.append(reference.getFieldName() != null ? reference.getFieldName() : reference.getIndex());
        }
        return pointer.isEmpty() ? "/" : pointer.toString();
    }
}
