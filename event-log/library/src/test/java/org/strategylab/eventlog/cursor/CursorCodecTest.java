package org.strategylab.eventlog.cursor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Base64;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class CursorCodecTest {

    @Test
    void aTokenReadsBackAsTheSameCursor() {
        Cursor cursor = new Cursor(UUID.randomUUID(), -7_123_456_789L, 2, 9_876_543_210L, 42);
        String token = CursorCodec.encode(cursor);
        assertEquals(cursor, CursorCodec.decode(token));
        assertTrue(token.matches("[A-Za-z0-9_-]+"), "URL-safe without padding: " + token);
    }

    @Test
    void tokensThisCodecDidNotWriteAreRefused() {
        String valid = CursorCodec.encode(new Cursor(UUID.randomUUID(), 1, 0, 5, 1));
        for (String bad : new String[] {"", "  ", "not base64!", valid.substring(1), valid + "AA",
                Base64.getUrlEncoder().withoutPadding().encodeToString(new byte[45])}) {
            assertThrows(InvalidCursorException.class, () -> CursorCodec.decode(bad), bad);
        }
        assertThrows(InvalidCursorException.class, () -> CursorCodec.decode(null));
    }

    @Test
    void negativePositionsAreRefused() {
        String token = CursorCodec.encode(new Cursor(UUID.randomUUID(), 1, 0, 0, 1));
        byte[] bytes = Base64.getUrlDecoder().decode(token);
        bytes[25] = (byte) 0x80; // the partition's sign bit
        String edited = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        assertThrows(InvalidCursorException.class, () -> CursorCodec.decode(edited));
    }
}
