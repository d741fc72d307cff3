package org.strategylab.upstream.persistence;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.strategylab.upstream.support.UpstreamTest;

/** AES-GCM encryption of stored sessions, bound to their row. */
@QuarkusTest
@UpstreamTest
class SessionCipherTest {

    @Inject
    SessionCipher cipher;

    @Test
    void roundTripsAndHidesThePlaintext() {
        byte[] plain = "{\"cookies\":{\"Authorization\":\"secret-token\"}}".getBytes(StandardCharsets.UTF_8);
        byte[] sealed = cipher.encrypt("alice", "plasmodb", plain);
        assertFalse(new String(sealed, StandardCharsets.ISO_8859_1).contains("secret-token"));
        assertArrayEquals(plain, cipher.decrypt("alice", "plasmodb", sealed));
        assertFalse(Arrays.equals(sealed, cipher.encrypt("alice", "plasmodb", plain)), "a fresh nonce every time");
    }

    @Test
    void aValueMovedToAnotherRowOrTamperedWithDoesNotDecrypt() {
        byte[] sealed = cipher.encrypt("alice", "plasmodb", "jar".getBytes(StandardCharsets.UTF_8));
        assertThrows(IllegalStateException.class, () -> cipher.decrypt("bob", "plasmodb", sealed));
        assertThrows(IllegalStateException.class, () -> cipher.decrypt("alice", "toxodb", sealed));
        sealed[sealed.length - 1] ^= 1;
        assertThrows(IllegalStateException.class, () -> cipher.decrypt("alice", "plasmodb", sealed));
    }
}
