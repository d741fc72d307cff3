package org.strategylab.experiment.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.vertx.core.impl.NoStackTraceTimeoutException;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import java.net.ConnectException;
import java.time.Duration;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The text a person reads about a failed upstream call is a sentence naming the call, whatever the
 * REST client threw: the real exception types of a timeout, a refused connection and an answered
 * failure go in, and no Java class or exception name comes out.
 */
class FailureTextTest {

    /** A qualified class name, or a type named like an exception or error (written out here, not taken from the code under test). */
    private static final Pattern JAVA_NAME = Pattern.compile("\\b[a-z]+(\\.[a-z0-9_]+)+\\.[A-Z]\\w+|\\b\\w+(Exception|Error)\\b");
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Duration READ_TIMEOUT = Duration.ofSeconds(180);

    private static UpstreamFailure call(String action, Throwable thrown) {
        return assertInstanceOf(UpstreamFailure.class, FailureText.ofCall(action, READ_TIMEOUT, thrown, MAPPER));
    }

    private static void assertPersonsText(String text) {
        assertFalse(JAVA_NAME.matcher(text).find(), text);
        assertFalse(text.contains("\tat "), text);
    }

    @Test
    void aVertxTimeoutSaysTheSiteDidNotAnswerWithinTheReadTimeoutWhileDoingTheCall() {
        NoStackTraceTimeoutException thrown = new NoStackTraceTimeoutException("The timeout period of 180000ms has been"
                + " exceeded while executing POST /internal/v1/sites/plasmodb/control-counts for server localhost:18081");
        UpstreamFailure failure = call("counting the controls", thrown);
        assertEquals(504, failure.status());
        assertEquals("UPSTREAM_TIMEOUT: the site did not answer within 180 s while counting the controls", failure.describe());
        // the same timeout as the REST client wraps it
        UpstreamFailure wrapped = call("counting the controls", new ProcessingException(thrown));
        assertEquals(failure.describe(), wrapped.describe());
        assertPersonsText(failure.describe());
        assertPersonsText(FailureText.of(wrapped, "unexpected"));
    }

    @Test
    void aRefusedConnectionSaysTheSiteCouldNotBeReached() {
        ProcessingException thrown = new ProcessingException(new ConnectException("Connection refused: localhost/127.0.0.1:18081"));
        assertTrue(JAVA_NAME.matcher(thrown.getMessage()).find(), "the client's own text names the exception: " + thrown.getMessage());
        UpstreamFailure failure = call("reading the result's records", thrown);
        assertEquals(502, failure.status());
        assertEquals("UPSTREAM_UNREACHABLE", failure.code());
        assertTrue(failure.describe().endsWith("while reading the result's records"), failure.describe());
        assertPersonsText(failure.describe());
    }

    @Test
    void anAnsweredFailureKeepsItsCodeStatusAndFieldsAndNamesTheCall() {
        String problem = "{\"type\":\"about:blank\",\"title\":\"Bad Gateway\",\"status\":502,\"code\":\"UPSTREAM_ERROR\","
                + "\"detail\":\"The site answered 500 Internal Error\",\"errors\":[{\"pointer\":\"/tree\",\"message\":\"failed\"}]}";
        WebApplicationException thrown = new WebApplicationException(Response.status(502)
                .type("application/problem+json").entity(problem).build());
        UpstreamFailure failure = call("counting the controls", thrown);
        assertEquals(502, failure.status());
        assertEquals("UPSTREAM_ERROR", failure.code());
        assertEquals("/tree", failure.errors().get(0).pointer());
        assertEquals("UPSTREAM_ERROR: The site answered 500 Internal Error (while counting the controls)", failure.describe());
        assertPersonsText(failure.describe());

        // a body that is not a problem says who answered what
        UpstreamFailure bare = call("creating a strategy", new WebApplicationException(Response.status(503).build()));
        assertEquals(503, bare.status());
        assertPersonsText(bare.describe());
        assertTrue(bare.describe().contains("503") && bare.describe().contains("creating a strategy"), bare.describe());
    }

    @Test
    void thisServicesOwnFailuresAreAnsweredAsTheyAreAndNeverShowAJavaName() {
        IllegalStateException own = new IllegalStateException("the point took longer than 8 s");
        assertEquals(own, FailureText.ofCall("counting the controls", READ_TIMEOUT, own, MAPPER));
        assertEquals("the point took longer than 8 s", FailureText.of(own, "fallback"));
        assertEquals("fallback", FailureText.of(new NullPointerException(), "fallback"));
        assertEquals("fallback", FailureText.of(new IllegalArgumentException(
                "java.lang.IllegalStateException: No current Vertx context found"), "fallback"));
        assertEquals("fallback", FailureText.of(new ProcessingException(new ConnectException("Connection refused")), "fallback"));
    }
}
