package org.strategylab.testsupport.process;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * test-support's throw-away token key pair ({@code strategylab-test-keys/}, the pair
 * {@link org.strategylab.testsupport.TestTokens} signs with) as files, for a service started as a
 * separate process: give it {@code -Dstrategylab.auth.public-key=<publicKey>} (and the gateway
 * {@code -Dstrategylab.auth.signing-key=<privateKey>}).
 *
 * @param publicKey  the PEM public key file
 * @param privateKey the PEM private key file
 */
public record TestKeyFiles(Path publicKey, Path privateKey) {

    /** Copies the pair out of the class path into {@code directory} (created if missing). */
    public static TestKeyFiles copyTo(Path directory) {
        try {
            Files.createDirectories(directory);
            return new TestKeyFiles(copy("public.pem", directory), copy("private.pem", directory));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy the test keys to " + directory, e);
        }
    }

    private static Path copy(String name, Path directory) throws IOException {
        Path target = directory.resolve(name).toAbsolutePath();
        try (InputStream in = TestKeyFiles.class.getClassLoader().getResourceAsStream("strategylab-test-keys/" + name)) {
            if (in == null) {
                throw new IOException("strategylab-test-keys/" + name + " is not on the class path");
            }
            Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
        }
        return target;
    }
}
