package org.strategylab.eventlog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ReadableDurationTest {

    @Test
    void durationsReadAsPeopleWriteThem() {
        assertEquals("30 min", ReadableDuration.of(Duration.ofMinutes(30)));
        assertEquals("2 h", ReadableDuration.of(Duration.ofHours(2)));
        assertEquals("1 h 30 min", ReadableDuration.of(Duration.ofMinutes(90)));
        assertEquals("3 min 5 s", ReadableDuration.of(Duration.ofSeconds(185)));
        assertEquals("45 s", ReadableDuration.of(Duration.ofSeconds(45)));
        assertEquals("250 ms", ReadableDuration.of(Duration.ofMillis(250)));
        assertEquals("26 h", ReadableDuration.of(Duration.ofHours(26)));
        assertThrows(IllegalArgumentException.class, () -> ReadableDuration.of(Duration.ofSeconds(-1)));
    }
}
