package org.strategylab.edge.peer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.vertx.core.impl.NoStackTraceTimeoutException;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import java.net.ConnectException;
import java.time.Duration;
import java.util.concurrent.CompletionException;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** What a REST client throws, as a failure a person can read: no Java class or exception name in it. */
class CallFailuresTest {

    /** Written out here rather than taken from the class under test. */
    private static final Pattern JAVA_NAME = Pattern.compile("\\b[a-z]+(\\.[a-z0-9_]+)+\\.[A-Z]\\w+|\\b\\w+(Exception|Error)\\b");
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private static PeerFailure failure(Throwable thrown) {
        return assertInstanceOf(PeerFailure.class, CallFailures.peerFailure("upstream-gateway", "the site",
                "searching the catalogue", Duration.ofSeconds(180), thrown, MAPPER));
    }

    @Test
    void noAnswerIsASentenceNamingTheCall() {
        PeerFailure timeout = failure(new ProcessingException(new NoStackTraceTimeoutException(
                "The timeout period of 180000ms has been exceeded while executing GET /api/v1/sites/plasmodb/searches")));
        assertEquals(504, timeout.status());
        assertEquals("PEER_TIMEOUT", timeout.code());
        assertEquals("the site did not answer within 180 s while searching the catalogue", timeout.getMessage());
        // a blocking await hands a checked timeout over wrapped
        assertEquals(timeout.getMessage(), failure(new CompletionException(new NoStackTraceTimeoutException("x"))).getMessage());

        PeerFailure refused = failure(new ProcessingException(new ConnectException("Connection refused: localhost/127.0.0.1:18081")));
        assertEquals(502, refused.status());
        assertEquals("PEER_UNREACHABLE", refused.code());
        assertEquals("the site could not be reached while searching the catalogue", refused.getMessage());
        for (PeerFailure each : new PeerFailure[] {timeout, refused}) {
            assertFalse(JAVA_NAME.matcher(each.explanation()).find(), each.explanation());
        }
    }

    @Test
    void anAnswerKeepsThePeersProblemAndOwnFaultsStayAsTheyAre() {
        PeerFailure answered = failure(new WebApplicationException(Response.status(422).type("application/problem+json")
                .entity("{\"status\":422,\"code\":\"VALIDATION_ERROR\",\"detail\":\"bad value\","
                        + "\"errors\":[{\"pointer\":\"/q\",\"message\":\"too long\"}]}").build()));
        assertEquals(422, answered.status());
        assertEquals("VALIDATION_ERROR", answered.code());
        assertEquals("bad value; /q: too long", answered.explanation());

        IllegalStateException own = new IllegalStateException("a bug of ours");
        assertSame(own, CallFailures.peerFailure("upstream-gateway", "the site", "x", Duration.ofSeconds(1), own, MAPPER));
        assertEquals("fallback", CallFailures.personsText(new ProcessingException(new ConnectException("refused")), "fallback"));
        assertEquals("fallback", CallFailures.personsText(new IllegalStateException("java.lang.NullPointerException"), "fallback"));
        assertEquals("the site could not be reached while x", CallFailures.personsText(
                CallFailures.peerFailure("p", "the site", "x", Duration.ofSeconds(1),
                        new ProcessingException(new ConnectException("refused")), MAPPER), "fallback"));
    }
}
