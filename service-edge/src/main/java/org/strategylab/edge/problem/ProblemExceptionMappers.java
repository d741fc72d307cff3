package org.strategylab.edge.problem;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.databind.DatabindException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidDefinitionException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.InvalidNullException;
import com.fasterxml.jackson.databind.exc.InvalidTypeIdException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
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
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/**
 * Turns every error a resource can raise into a problem+json body: our own
 * {@link ProblemException}s, bean-validation failures, unreadable JSON, JAX-RS status exceptions
 * and anything unexpected. No error leaves a service as an empty or plain-text body.
 */
public class ProblemExceptionMappers {

    private static final Logger LOG = Logger.getLogger(ProblemExceptionMappers.class);

    /** Jackson's message for a key given twice ({@code JsonParser.Feature.STRICT_DUPLICATE_DETECTION}). */
    private static final java.util.regex.Pattern DUPLICATE_FIELD = java.util.regex.Pattern.compile(
            "Duplicate field '(.*)'");

    @ServerExceptionMapper
    public Response problem(ProblemException e, UriInfo uri) {
        if (e.status() >= 500) {
            LOG.errorf(e, "%s failed: %s", uri.getPath(), e.getMessage());
        }
        Response response = ProblemResponses.of(e.status(), e.code(), e.title(), e.getMessage(), uri.getPath(), e.errors());
        return e.retryAfter()
                .map(wait -> Response.fromResponse(response).header("Retry-After", Math.max(1, wait.toSeconds())).build())
                .orElse(response);
    }

    @ServerExceptionMapper({UnauthorizedException.class, AuthenticationFailedException.class})
    public Response unauthorized(RuntimeException e, UriInfo uri) {
        return problem(ProblemException.unauthenticated(), uri);
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

    /**
     * A body that is not JSON, or JSON that does not fit the expected shape, is a 400 naming where
     * it went wrong. Every Jackson exception type is listed: Quarkus REST has its own mappers for
     * some of them (an empty 400, or a body of its own shape) that a less specific type here would
     * not override.
     */
    @ServerExceptionMapper({JsonProcessingException.class, DatabindException.class, JsonMappingException.class,
            MismatchedInputException.class, UnrecognizedPropertyException.class, InvalidFormatException.class,
            InvalidTypeIdException.class, InvalidNullException.class, ValueInstantiationException.class,
            InvalidDefinitionException.class, JsonParseException.class, StreamReadException.class,
            StreamConstraintsException.class, JsonEOFException.class})
    public Response unreadableJson(JsonProcessingException e, UriInfo uri) {
        return ProblemResponses.of(400, "INVALID_BODY", "Bad Request", "The request body cannot be read",
                uri.getPath(), List.of(jsonError(e)));
    }

    /** A parameter whose text is not of its type ({@link StrictParameters}): 400 naming it. */
    @ServerExceptionMapper
    public Response invalidParameter(InvalidParameterException e, UriInfo uri) {
        return ProblemResponses.of(400, "VALIDATION_ERROR", "Bad Request", "The request has 1 invalid field",
                uri.getPath(), List.of(e.error()));
    }

    @ServerExceptionMapper
    public Response webApplication(WebApplicationException e, UriInfo uri) {
        if (e.getCause() instanceof JsonProcessingException json) {
            // Quarkus REST wraps some reader failures (bad syntax, too deep) in a bare 400
            return unreadableJson(json, uri);
        }
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

    /** Where a body went wrong and what is wrong, in words that name no Java type. */
    static FieldError jsonError(JsonProcessingException e) {
        if (e instanceof JsonMappingException mapping && mapping.getCause() instanceof JsonProcessingException cause
                && !(cause instanceof JsonMappingException)) {
            // a parser failure met while binding: the binding knows the field, the parser what went wrong
            FieldError inner = jsonError(cause);
            String pointer = jsonPointer(mapping.getPath());
            // the parser's position is the more precise when it lies inside the bound field
            boolean inside = pointer.equals("/") || inner.pointer().startsWith(pointer + "/");
            return new FieldError(inside ? inner.pointer() : pointer, inner.message());
        }
        if (e instanceof UnrecognizedPropertyException unknown) {
            return new FieldError(jsonPointer(unknown.getPath()), "unknown field '" + unknown.getPropertyName() + "'");
        }
        if (e instanceof InvalidFormatException format) {
            String expected = expected(format.getTargetType());
            return new FieldError(jsonPointer(format.getPath()), format.getTargetType() == String.class
                    ? "is not valid text: " + format.getOriginalMessage()
                    : "not " + expected);
        }
        if (e instanceof MismatchedInputException mismatch) {
            if (mismatch.getTargetType() == null || String.valueOf(mismatch.getOriginalMessage()).startsWith("Trailing token")) {
                return new FieldError(jsonPointer(mismatch.getPath()), "unexpected content after the JSON value");
            }
            return new FieldError(jsonPointer(mismatch.getPath()), "expected " + expected(mismatch.getTargetType()));
        }
        if (e instanceof JsonMappingException mapping) {
            return new FieldError(jsonPointer(mapping.getPath()), "invalid value");
        }
        String pointer = parserPointer(e);
        java.util.regex.Matcher duplicate = DUPLICATE_FIELD.matcher(String.valueOf(e.getOriginalMessage()));
        if (duplicate.matches()) {
            // the parser still points at the object's previous key: swap it for the repeated one
            String object = pointer.equals("/") ? "" : pointer.substring(0, pointer.lastIndexOf('/'));
            String key = duplicate.group(1).replace("~", "~0").replace("/", "~1");
            return new FieldError(object + "/" + key, "given more than once");
        }
        if (e instanceof StreamConstraintsException) {
            return new FieldError(pointer, "too large or nested too deeply");
        }
        return new FieldError(pointer, "malformed JSON: " + e.getOriginalMessage());
    }

    /** The JSON pointer the parser had reached when it failed, or the root. */
    private static String parserPointer(JsonProcessingException e) {
        if (e.getProcessor() instanceof JsonParser parser && parser.getParsingContext() != null) {
            String pointer = parser.getParsingContext().pathAsPointer().toString();
            return pointer.isEmpty() ? "/" : pointer;
        }
        return "/";
    }

    private static String expected(Class<?> type) {
        if (type == null) {
            return "a value of another type";
        }
        if (type == String.class || type == Character.class || type == char.class) {
            return "a string";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "true or false";
        }
        if (type == Integer.class || type == int.class || type == Long.class || type == long.class
                || type == Short.class || type == short.class || type == java.math.BigInteger.class) {
            return "a whole number";
        }
        if (Number.class.isAssignableFrom(type) || type == double.class || type == float.class) {
            return "a number";
        }
        if (type.isArray() || java.util.Collection.class.isAssignableFrom(type)) {
            return "an array";
        }
        if (type.isEnum()) {
            return "one of " + java.util.Arrays.toString(type.getEnumConstants());
        }
        return "an object";
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
