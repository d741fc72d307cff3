package org.strategylab.testsupport.texts;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

class UserFacingTextsTest {

    @ParameterizedTest
    @ValueSource(strings = {
            "java.net.ConnectException: Connection refused",
            "io.vertx.core.VertxException: Connection was closed",
            "failed: io.netty.channel.AbstractChannel$AnnotatedConnectException",
            "org.postgresql.util.PSQLException: duplicate key",
            "com.fasterxml.jackson.core.JsonParseException: Unexpected character",
            "the call failed with TimeoutException",
            "NullPointerException",
            "java.lang.OutOfMemoryError",
            "out of memory (OutOfMemoryError)",
            "Throwable caught",
            "jakarta.ws.rs.WebApplicationException: HTTP 500",
            "boom\n\tat org.strategylab.experiment.Runner.run(Runner.java:42)",
            "at Runner.run(Runner.java:42)",
            "Caused by: something",
            "see org.strategylab.gateway.WdkClient for details",
            "mutiny failed: io.smallrye.mutiny.TimeoutException" })
    void aTextThatNamesJavaIsCaught(String text) {
        assertNotNull(UserFacingTexts.firstJavaName(text), text);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "PlasmoDB did not answer within 30 seconds; try again later",
            "PlasmoDB answered with an error (HTTP 503); try again later",
            "The connection to PlasmoDB was closed before it answered",
            "PlasmoDB sent an answer that could not be read",
            "Error: the strategy has no steps",
            "Internal Server Error",
            "no gene in the list is a gene of plasmodb: BOGUS, PF3D7_0100300",
            "see https://plasmodb.org/plasmo/app for the site",
            "positives: 3 of 5 IDs resolved (e.g. PF3D7_0100100.1 → PF3D7_0100100)",
            "the sweep point at 0.5 failed: PlasmoDB did not answer in time" })
    void aTextForPeoplePasses(String text) {
        assertNull(UserFacingTexts.firstJavaName(text), text);
    }

    @Test
    void theAssertionListsEveryOffenderWithItsSource() {
        UserFacingTexts texts = new UserFacingTexts()
                .add("experiment error", "PlasmoDB did not answer in time")
                .add("problem detail", "java.util.concurrent.TimeoutException")
                .add("sse error", "failed with IllegalStateException");
        AssertionFailedError failure = assertThrows(AssertionFailedError.class, texts::assertReadable);
        assertTrue(failure.getMessage().contains("problem detail"), failure.getMessage());
        assertTrue(failure.getMessage().contains("sse error"), failure.getMessage());
        assertTrue(failure.getMessage().contains("2 of 3"), failure.getMessage());
        assertEquals(2, texts.findings().size());
    }

    @Test
    void readableTextsPassAndBlankOnesAreIgnored() {
        UserFacingTexts texts = new UserFacingTexts()
                .add("experiment error", "PlasmoDB did not answer in time")
                .add("sweep point error", null)
                .add("problem detail", "  ");
        assertEquals(1, texts.texts().size());
        assertDoesNotThrow(texts::assertReadable);
    }

    @Test
    void checkingNothingFails() {
        assertThrows(AssertionFailedError.class, new UserFacingTexts()::assertReadable);
    }
}
