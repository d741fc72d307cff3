package org.strategylab.evaluation.cli;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@link RequestLines} splits a byte stream where {@link BufferedReader#readLine} splits its text
 * ({@code \n}, {@code \r}, {@code \r\n}, a last line without a terminator), however the stream
 * hands out its bytes, and tells ASCII lines correctly.
 */
class RequestLinesProperties {

    @Provide
    Arbitrary<String> texts() {
        return Arbitraries.strings().withChars("ab{}\r\n é").ofMaxLength(60);
    }

    @Property(tries = 1000)
    void splitsAsReadLine(@ForAll("texts") String text, @ForAll @IntRange(min = 1, max = 7) int chunk,
                          @ForAll @IntRange(min = 1, max = 9) int capacity)
            throws IOException {
        List<String> expected = new ArrayList<>();
        try (BufferedReader reader = new BufferedReader(new StringReader(text))) {
            String line;
            while ((line = reader.readLine()) != null) {
                expected.add(line);
            }
        }
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        RequestLines lines = new RequestLines(new Trickle(bytes, chunk), capacity); // small: compacts and grows
        List<String> actual = new ArrayList<>();
        while (lines.next()) {
            String line = new String(lines.buffer(), lines.lineStart(), lines.lineLength(), StandardCharsets.UTF_8);
            assertEquals(line.chars().allMatch(c -> c < 0x80), lines.isAscii(), line);
            actual.add(line);
        }
        assertEquals(expected, actual);
    }

    /** Hands out at most {@code chunk} bytes per read, as a pipe may. */
    private static final class Trickle extends InputStream {
        private final ByteArrayInputStream in;
        private final int chunk;

        Trickle(byte[] bytes, int chunk) {
            this.in = new ByteArrayInputStream(bytes);
            this.chunk = chunk;
        }

        @Override
        public int read() {
            return in.read();
        }

        @Override
        public int read(byte[] b, int off, int len) {
            return in.read(b, off, Math.min(len, chunk));
        }
    }
}
