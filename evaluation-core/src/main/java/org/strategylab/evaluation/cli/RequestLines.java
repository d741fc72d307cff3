package org.strategylab.evaluation.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * The lines of a byte stream, split where {@link java.io.BufferedReader#readLine} splits them (at
 * {@code \n}, {@code \r} or {@code \r\n}), handed out as byte ranges of one reused buffer.
 *
 * <p>Why bytes: a batch of gene-ID requests is over 100 kB per line, and decoding each line into a
 * String and then parsing its characters was a quarter of the batch time; Jackson parses UTF-8
 * bytes directly. Each line is also told to be pure ASCII or not (in the same pass that looks for
 * its end), so a caller can keep the exact character-based path for any other line.
 *
 * <p>A line is returned as soon as its terminator has arrived: a caller that writes one request
 * and waits for its answer is served without more input.
 */
final class RequestLines {
    private final InputStream in;
    private byte[] buffer;
    /** The buffered, not yet returned bytes are {@code buffer[start, limit)}. */
    private int start;
    private int limit;
    /** A {@code \r} ended the previous line: a {@code \n} right after it belongs to it. */
    private boolean skipLineFeed;
    private boolean ended;
    private int lineStart;
    private int lineLength;
    private boolean ascii;

    RequestLines(InputStream in) {
        this(in, 1 << 16);
    }

    /** With a first buffer of {@code capacity} bytes (it grows to the longest line). */
    RequestLines(InputStream in, int capacity) {
        this.in = in;
        this.buffer = new byte[Math.max(1, capacity)];
    }

    /** Moves to the next line; false at the end of the input. */
    boolean next() throws IOException {
        int scanned = 0; // bytes of the line, from start, known not to end it
        int high = 0; // the OR of the line's bytes: its top bit tells a non-ASCII byte
        while (true) {
            if (skipLineFeed && start < limit) {
                skipLineFeed = false;
                if (buffer[start] == '\n') {
                    start++;
                }
            }
            for (int i = start + scanned; i < limit; i++) {
                byte b = buffer[i];
                if (b == '\n' || b == '\r') {
                    setLine(start, i - start, high);
                    start = i + 1;
                    skipLineFeed = b == '\r';
                    return true;
                }
                high |= b;
            }
            scanned = limit - start;
            if (ended || !fill()) {
                ended = true;
                if (limit > start) { // a last line without a terminator
                    setLine(start, limit - start, high);
                    start = limit;
                    return true;
                }
                return false;
            }
        }
    }

    private void setLine(int from, int length, int high) {
        lineStart = from;
        lineLength = length;
        ascii = (high & 0x80) == 0;
    }

    /**
     * Reads more input behind the buffered bytes, moving them to the front or growing the buffer
     * as needed; false at the end of the input.
     */
    private boolean fill() throws IOException {
        if (start > 0) {
            System.arraycopy(buffer, start, buffer, 0, limit - start);
            limit -= start;
            start = 0;
        }
        if (limit == buffer.length) {
            buffer = Arrays.copyOf(buffer, buffer.length * 2);
        }
        int n = in.read(buffer, limit, buffer.length - limit);
        if (n < 0) {
            return false;
        }
        limit += n;
        return true;
    }

    byte[] buffer() {
        return buffer;
    }

    int lineStart() {
        return lineStart;
    }

    int lineLength() {
        return lineLength;
    }

    /** Whether every byte of the line is below 0x80. */
    boolean isAscii() {
        return ascii;
    }
}
