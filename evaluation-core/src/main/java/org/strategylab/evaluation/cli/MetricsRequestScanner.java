package org.strategylab.evaluation.cli;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the plainest form of a batch {@code metrics} request straight from the bytes of a pure-ASCII
 * line: {@code {"id": …, "command": "metrics", "input": {…}}} where {@code id} (optional) is an
 * {@code int} or a string, and each value of {@code input} is an {@code int} or an array of strings.
 * Strings must have no escape; every key must appear once; white space is allowed where JSON allows it.
 *
 * <p>Why: a standard request carries 7,000 IDs; Jackson's parser copies each string's bytes into
 * characters and compresses them back into a Latin-1 {@code String}, and that was the largest part
 * of a batch. Here each ID is one {@code new String(bytes, ISO_8859_1)}, a plain copy.
 *
 * <p>It recognises, it does not validate: any other line (including every malformed one) gives
 * null and goes to the general path, which answers it as before.
 */
final class MetricsRequestScanner {
    /** A recognised request: its id (an {@code Integer}, a {@code String} or null when absent) and input fields. */
    record Request(Object id, Map<String, Object> input) {
    }

    private final byte[] b;
    private final int end;
    private int at;

    private MetricsRequestScanner(byte[] bytes, int from, int length) {
        this.b = bytes;
        this.at = from;
        this.end = from + length;
    }

    /** The request of {@code bytes[from, from + length)}, which must be pure ASCII, or null. */
    static Request scan(byte[] bytes, int from, int length) {
        return new MetricsRequestScanner(bytes, from, length).request();
    }

    private Request request() {
        if (!skipTo('{')) {
            return null;
        }
        Object id = null;
        boolean hasId = false;
        boolean isMetrics = false;
        Map<String, Object> input = null;
        if (!peek('}')) {
            do {
                String key = string();
                if (key == null || !skipTo(':')) {
                    return null;
                }
                switch (key) {
                    case "id" -> {
                        if (hasId) {
                            return null;
                        }
                        hasId = true;
                        skipSpace();
                        id = at < end && b[at] == '"' ? string() : integer();
                        if (id == null) {
                            return null;
                        }
                    }
                    case "command" -> {
                        if (isMetrics || !"metrics".equals(string())) {
                            return null;
                        }
                        isMetrics = true;
                    }
                    case "input" -> {
                        if (input != null || (input = input()) == null) {
                            return null;
                        }
                    }
                    default -> {
                        return null;
                    }
                }
            } while (skipComma());
        }
        if (!skipTo('}') || !isMetrics || input == null) {
            return null;
        }
        skipSpace();
        return at == end ? new Request(id, input) : null;
    }

    private Map<String, Object> input() {
        if (!skipTo('{')) {
            return null;
        }
        Map<String, Object> fields = new HashMap<>();
        if (!peek('}')) {
            do {
                String key = string();
                if (key == null || !skipTo(':')) {
                    return null;
                }
                skipSpace();
                Object value = at < end && b[at] == '[' ? strings() : integer();
                if (value == null || fields.put(key, value) != null) {
                    return null;
                }
            } while (skipComma());
        }
        return skipTo('}') ? fields : null;
    }

    private List<String> strings() {
        at++; // '['
        List<String> out = new ArrayList<>();
        if (peek(']')) {
            at++;
            return out;
        }
        do {
            String s = string();
            if (s == null) {
                return null;
            }
            out.add(s);
        } while (skipComma());
        return skipTo(']') ? out : null;
    }

    /** A string without escapes or control characters at the next non-space byte, or null. */
    private String string() {
        skipSpace();
        if (at >= end || b[at] != '"') {
            return null;
        }
        int start = ++at;
        while (at < end) {
            byte c = b[at];
            if (c == '"') {
                String s = new String(b, start, at - start, StandardCharsets.ISO_8859_1);
                at++;
                return s;
            }
            if (c == '\\' || c < 0x20) {
                return null;
            }
            at++;
        }
        return null;
    }

    /**
     * An {@code int} in JSON's form at the current byte (no leading zeros, no fraction or exponent,
     * no "-0"), or null.
     */
    private Integer integer() {
        int start = at;
        boolean negative = at < end && b[at] == '-';
        if (negative) {
            at++;
        }
        int digitsFrom = at;
        long value = 0;
        while (at < end && b[at] >= '0' && b[at] <= '9') {
            value = value * 10 + (b[at] - '0');
            at++;
            if (value > 1L << 31) {
                return null;
            }
        }
        int digits = at - digitsFrom;
        if (digits == 0 || (digits > 1 && b[digitsFrom] == '0') || (negative && value == 0)) {
            return null;
        }
        if (at < end && (b[at] == '.' || b[at] == 'e' || b[at] == 'E')) {
            return null;
        }
        long signed = negative ? -value : value;
        if (signed < Integer.MIN_VALUE || signed > Integer.MAX_VALUE || at == start) {
            return null;
        }
        return (int) signed;
    }

    /** Skips white space and one ','; false (nothing skipped but the space) when the next byte is no ','. */
    private boolean skipComma() {
        skipSpace();
        if (at < end && b[at] == ',') {
            at++;
            return true;
        }
        return false;
    }

    /** Skips white space and the expected byte; false if another byte (or the end) comes first. */
    private boolean skipTo(char expected) {
        skipSpace();
        if (at < end && b[at] == expected) {
            at++;
            return true;
        }
        return false;
    }

    /** Whether the next non-space byte is {@code expected} (not consumed). */
    private boolean peek(char expected) {
        skipSpace();
        return at < end && b[at] == expected;
    }

    private void skipSpace() {
        while (at < end && (b[at] == ' ' || b[at] == '\t' || b[at] == '\n' || b[at] == '\r')) {
            at++;
        }
    }
}
