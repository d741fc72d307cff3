package org.strategylab.simulator.wdk;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Users and bearer tokens. Tokens are self-contained and signed ({@code <payload>.<hmac>}), so minting
 * a guest for every cookie-less request (as WDK does) costs no memory; users only take space once they
 * own something. The key is random per simulator, so tokens of a previous run are invalid (401), as a
 * real token signed by another key would be.
 */
public final class UserDirectory {

    /** How a presented token was judged. */
    public enum TokenState { VALID, EXPIRED, INVALID }

    public record TokenCheck(TokenState state, User user, long issuedAt) {
    }

    private static final Base64.Encoder B64 = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder B64D = Base64.getUrlDecoder();

    private final byte[] key = new byte[32];
    private final AtomicLong nextGuestId = new AtomicLong(310_000_000L);
    private final Map<Long, User> registeredById = new ConcurrentHashMap<>();
    private final Map<String, RegisteredAccount> accountsByEmail = new ConcurrentHashMap<>();
    private final Map<String, Long> idByEmail = new ConcurrentHashMap<>();
    private final TokenPolicy policy;
    /** Mac instances are not thread-safe and costly to look up: one per thread. */
    private final ThreadLocal<Mac> macs = ThreadLocal.withInitial(() -> {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return mac;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is not available", e);
        }
    });

    /** Token lifetime rules, owned by the fault injector. */
    public interface TokenPolicy {
        /** Whether a token issued at this time has expired now. */
        boolean expired(long issuedAtMillis, long nowMillis);
    }

    public UserDirectory(List<RegisteredAccount> accounts, TokenPolicy policy) {
        new SecureRandom().nextBytes(key);
        this.policy = policy;
        long id = 100_001L;
        for (RegisteredAccount account : accounts) {
            accountsByEmail.put(account.email().toLowerCase(java.util.Locale.ROOT), account);
            idByEmail.put(account.email().toLowerCase(java.util.Locale.ROOT), id);
            registeredById.put(id, new User(id, false, account.email(), account.firstName(), account.lastName(),
                    account.organization()));
            id++;
        }
    }

    /** A registered account by id, if there is one. */
    public java.util.Optional<User> registered(long id) {
        return java.util.Optional.ofNullable(registeredById.get(id));
    }

    /** A new guest user. */
    public User newGuest() {
        return User.guest(nextGuestId.getAndIncrement());
    }

    /** The registered user for these credentials, or null. */
    public User authenticate(String email, String password) {
        RegisteredAccount account = accountsByEmail.get(email.toLowerCase(java.util.Locale.ROOT));
        if (account == null || !MessageDigest.isEqual(account.password().getBytes(StandardCharsets.UTF_8),
                password.getBytes(StandardCharsets.UTF_8))) {
            return null;
        }
        return registeredById.get(idByEmail.get(email.toLowerCase(java.util.Locale.ROOT)));
    }

    /** A token for the user, issued now. */
    public String issueToken(User user) {
        String payload = user.id() + ":" + System.currentTimeMillis() + ":" + (user.guest() ? "g" : "r");
        String encoded = B64.encodeToString(payload.getBytes(StandardCharsets.UTF_8));
        return encoded + "." + B64.encodeToString(sign(encoded));
    }

    /** Verifies a presented token. */
    public TokenCheck check(String token) {
        int dot = token.indexOf('.');
        if (dot <= 0) {
            return new TokenCheck(TokenState.INVALID, null, 0);
        }
        String encoded = token.substring(0, dot);
        byte[] signature;
        try {
            signature = B64D.decode(token.substring(dot + 1));
        } catch (IllegalArgumentException e) {
            return new TokenCheck(TokenState.INVALID, null, 0);
        }
        if (!MessageDigest.isEqual(sign(encoded), signature)) {
            return new TokenCheck(TokenState.INVALID, null, 0);
        }
        String[] parts;
        try {
            parts = new String(B64D.decode(encoded), StandardCharsets.UTF_8).split(":");
        } catch (IllegalArgumentException e) {
            return new TokenCheck(TokenState.INVALID, null, 0);
        }
        long id = Long.parseLong(parts[0]);
        long issuedAt = Long.parseLong(parts[1]);
        User user = "g".equals(parts[2]) ? User.guest(id) : registeredById.get(id);
        if (user == null) {
            return new TokenCheck(TokenState.INVALID, null, issuedAt);
        }
        if (policy.expired(issuedAt, System.currentTimeMillis())) {
            return new TokenCheck(TokenState.EXPIRED, user, issuedAt);
        }
        return new TokenCheck(TokenState.VALID, user, issuedAt);
    }

    private byte[] sign(String payload) {
        byte[] full = macs.get().doFinal(payload.getBytes(StandardCharsets.UTF_8));
        return java.util.Arrays.copyOf(full, 16);
    }
}
