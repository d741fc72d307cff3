package org.strategylab.edge.peer;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/** The header that carries the service-to-service secret, and its constant-time comparison. */
public final class PeerCredential {

    /** The request header the gateway and sibling services send the shared secret in. */
    public static final String HEADER = "X-StrategyLab-Peer";

    /** Shorter secrets are refused at start-up: the secret is all that guards a service's port. */
    public static final int MIN_LENGTH = 32;

    private PeerCredential() {
    }

    /** Whether {@code presented} is the secret, compared in constant time (no timing oracle). */
    public static boolean matches(String secret, String presented) {
        if (presented == null) {
            return false;
        }
        return MessageDigest.isEqual(secret.getBytes(StandardCharsets.UTF_8),
                presented.getBytes(StandardCharsets.UTF_8));
    }
}
