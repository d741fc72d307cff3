package org.strategylab.eventlog;

import java.time.Duration;

/** A duration as people read it in a message: {@code 30 min}, {@code 2 h}, {@code 1 h 30 min}, {@code 45 s}. */
public final class ReadableDuration {

    private ReadableDuration() {
    }

    /** The duration in whole hours, minutes and seconds (the parts that are not zero; under a second: milliseconds). */
    public static String of(Duration duration) {
        if (duration.isNegative()) {
            throw new IllegalArgumentException("a negative duration: " + duration);
        }
        if (duration.compareTo(Duration.ofSeconds(1)) < 0) {
            return duration.toMillis() + " ms";
        }
        StringBuilder text = new StringBuilder();
        append(text, duration.toHours(), "h");
        append(text, duration.toMinutesPart(), "min");
        append(text, duration.toSecondsPart(), "s");
        return text.toString();
    }

    private static void append(StringBuilder text, long amount, String unit) {
        if (amount > 0) {
            if (!text.isEmpty()) {
                text.append(' ');
            }
            text.append(amount).append(' ').append(unit);
        }
    }
}
