package org.strategylab.upstream.persistence;

import io.quarkus.runtime.Startup;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.strategylab.upstream.config.UpstreamConfig;

/**
 * Encrypts upstream sessions at rest with AES-256-GCM. The key comes from
 * {@code strategylab.upstream.sessions.key} (base64 of 32 bytes); without it the service does not
 * start. Each value gets a fresh 96-bit nonce, stored in front of the ciphertext, and is bound to
 * its row (owner and site are the associated data), so a jar copied to another row does not
 * decrypt.
 */
@ApplicationScoped
@Startup
public class SessionCipher {

    private static final String TRANSFORMATION = "AES/GCM/NoPadding";
    private static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;

    @Inject
    UpstreamConfig config;

    private final SecureRandom random = new SecureRandom();
    private SecretKey key;

    @PostConstruct
    void loadKey() {
        String encoded = config.sessions().key().orElseThrow(() -> new IllegalStateException(
                "strategylab.upstream.sessions.key is not set: give the AES-256 key that encrypts upstream sessions"
                        + " (base64 of 32 random bytes, e.g. `openssl rand -base64 32`), for example through the"
                        + " environment variable STRATEGYLAB_UPSTREAM_SESSIONS_KEY"));
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(encoded.trim());
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("strategylab.upstream.sessions.key is not valid base64", e);
        }
        if (bytes.length != 32) {
            throw new IllegalStateException("strategylab.upstream.sessions.key must be 32 bytes (AES-256), not "
                    + bytes.length);
        }
        key = new SecretKeySpec(bytes, "AES");
    }

    /** Encrypts {@code plaintext} for the row of (owner, site). */
    public byte[] encrypt(String ownerId, String siteId, byte[] plaintext) {
        byte[] nonce = new byte[NONCE_BYTES];
        random.nextBytes(nonce);
        try {
            Cipher cipher = Cipher.getInstance(TRANSFORMATION);
            cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, nonce));
            cipher.updateAAD(associatedData(ownerId, siteId));
            byte[] sealed = cipher.doFinal(plaintext);
            return ByteBuffer.allocate(NONCE_BYTES + sealed.length).put(nonce).put(sealed).array();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("Cannot encrypt an upstream session", e);
        }
    }

    /**
     * Decrypts a value stored for (owner, site).
     *
     * @throws IllegalStateException when it was not encrypted with this key for this row
     */
    public byte[] decrypt(String ownerId, String siteId, byte[] stored) {
        if (stored == null || stored.length <= NONCE_BYTES) {
            throw new IllegalStateException("Stored upstream session is truncated");
        }
        try {
            Cipher cipher = Cipher.getInstance(TRANSFORMATION);
            cipher.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, stored, 0, NONCE_BYTES));
            cipher.updateAAD(associatedData(ownerId, siteId));
            return cipher.doFinal(stored, NONCE_BYTES, stored.length - NONCE_BYTES);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("Stored upstream session does not decrypt with the configured key", e);
        }
    }

    private static byte[] associatedData(String ownerId, String siteId) {
        return (ownerId + '\n' + siteId).getBytes(StandardCharsets.UTF_8);
    }
}
