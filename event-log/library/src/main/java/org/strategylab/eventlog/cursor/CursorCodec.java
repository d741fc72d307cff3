package org.strategylab.eventlog.cursor;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.UUID;

/**
 * Writes and reads cursors as short opaque tokens: base64url (no padding) of a fixed 45-byte
 * layout — version, operation id, epoch, partition, offset, seq. Clients must treat the token as
 * opaque; the version byte lets the layout change without misreading old tokens.
 */
public final class CursorCodec {

    private static final byte VERSION = 1;
    private static final int LENGTH = 1 + 16 + 8 + 4 + 8 + 8;
    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder DECODER = Base64.getUrlDecoder();

    private CursorCodec() {
    }

    /** The token for a cursor. */
    public static String encode(Cursor cursor) {
        ByteBuffer buffer = ByteBuffer.allocate(LENGTH);
        buffer.put(VERSION);
        buffer.putLong(cursor.operationId().getMostSignificantBits());
        buffer.putLong(cursor.operationId().getLeastSignificantBits());
        buffer.putLong(cursor.epoch());
        buffer.putInt(cursor.partition());
        buffer.putLong(cursor.offset());
        buffer.putLong(cursor.seq());
        return ENCODER.encodeToString(buffer.array());
    }

    /**
     * Reads a token.
     *
     * @throws InvalidCursorException when the token was not written by {@link #encode}
     */
    public static Cursor decode(String token) {
        if (token == null || token.isBlank()) {
            throw new InvalidCursorException("the cursor is empty");
        }
        byte[] bytes;
        try {
            bytes = DECODER.decode(token.trim());
        } catch (IllegalArgumentException e) {
            throw new InvalidCursorException("the cursor is not a token this service issued");
        }
        if (bytes.length != LENGTH || bytes[0] != VERSION) {
            throw new InvalidCursorException("the cursor is not a token this service issued");
        }
        ByteBuffer buffer = ByteBuffer.wrap(bytes, 1, LENGTH - 1);
        UUID operationId = new UUID(buffer.getLong(), buffer.getLong());
        long epoch = buffer.getLong();
        int partition = buffer.getInt();
        long offset = buffer.getLong();
        long seq = buffer.getLong();
        if (partition < 0 || offset < 0 || seq < 1) {
            throw new InvalidCursorException("the cursor is not a token this service issued");
        }
        return new Cursor(operationId, epoch, partition, offset, seq);
    }
}
