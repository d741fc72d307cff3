package org.strategylab.deploy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.util.Base64;

/**
 * Creates the local run's caller-token key pair once: {@code private.pem} (PKCS#8, readable only
 * by its owner) for the gateway to sign with, {@code public.pem} for every service to verify with.
 * An existing pair is kept, so tokens stay valid across restarts.
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
        if (Files.exists(privateKey) && Files.exists(publicKey)) {
            return;
        }
        Files.createDirectories(dir);
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        KeyPair pair = generator.generateKeyPair();
        Files.writeString(privateKey, pem("PRIVATE KEY", pair.getPrivate().getEncoded()), StandardCharsets.US_ASCII);
        try {
            Files.setPosixFilePermissions(privateKey, PosixFilePermissions.fromString("rw-------"));
        } catch (UnsupportedOperationException e) {
            // not a POSIX file system: the data directory's own permissions apply
        }
        Files.writeString(publicKey, pem("PUBLIC KEY", pair.getPublic().getEncoded()), StandardCharsets.US_ASCII);
    }

    private static String pem(String type, byte[] der) {
        String body = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(der);
        return "-----BEGIN " + type + "-----\n" + body + "\n-----END " + type + "-----\n";
    }
}
