package org.strategylab.deploy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * Creates the local run's secrets once: the caller-token key pair — {@code private.pem} (PKCS#8,
 * readable only by its owner) for the gateway to sign with, {@code public.pem} for every service to
 * verify with — {@code sessions.key}, the 32 random bytes (base64) upstream-gateway encrypts
 * stored VEuPathDB sessions with, and {@code peer.secret}, 32 random bytes (base64url) the gateway
 * and the services prove to each other that a request came from one of them. Existing files are
 * kept, so tokens and stored sessions stay valid across restarts.
 *
 * <p>Usage: {@code LocalKeys <directory>}
 */
public final class LocalKeys {

    private LocalKeys() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            System.err.println("usage: LocalKeys <directory>");
            System.exit(2);
        }
        Path dir = Path.of(args[0]);
        Path privateKey = dir.resolve("private.pem");
        Path publicKey = dir.resolve("public.pem");
        Files.createDirectories(dir);
        Path sessionsKey = dir.resolve("sessions.key");
        if (!Files.exists(sessionsKey)) {
            byte[] key = new byte[32];
            new SecureRandom().nextBytes(key);
            writeSecret(sessionsKey, Base64.getEncoder().encodeToString(key) + "\n");
        }
        Path peerSecret = dir.resolve("peer.secret");
        if (!Files.exists(peerSecret)) {
            byte[] secret = new byte[32];
            new SecureRandom().nextBytes(secret);
            writeSecret(peerSecret, Base64.getUrlEncoder().withoutPadding().encodeToString(secret) + "\n");
        }
        if (Files.exists(privateKey) && Files.exists(publicKey)) {
            return;
        }
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        KeyPair pair = generator.generateKeyPair();
        writeSecret(privateKey, pem("PRIVATE KEY", pair.getPrivate().getEncoded()));
        Files.writeString(publicKey, pem("PUBLIC KEY", pair.getPublic().getEncoded()), StandardCharsets.US_ASCII);
    }

    private static void writeSecret(Path file, String content) throws Exception {
        Files.writeString(file, content, StandardCharsets.US_ASCII);
        try {
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        } catch (UnsupportedOperationException e) {
            // not a POSIX file system: the data directory's own permissions apply
        }
    }

    private static String pem(String type, byte[] der) {
        String body = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(der);
        return "-----BEGIN " + type + "-----\n" + body + "\n-----END " + type + "-----\n";
    }
}
