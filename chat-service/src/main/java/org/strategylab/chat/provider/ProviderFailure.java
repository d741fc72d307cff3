package org.strategylab.chat.provider;

/**
 * A model vendor failed: it refused the call (HTTP 429, 5xx, a bad key) or broke the stream. The
 * message always names the provider, so the {@code error} event a user sees says whose fault it is.
 *
 * @see ProviderErrors#wrap(String, Throwable)
 */
public class ProviderFailure extends RuntimeException {

    private final String provider;
    private final Integer status;

    public ProviderFailure(String provider, Integer status, String detail, Throwable cause) {
        super(provider + (status == null ? " failed: " : " failed (HTTP " + status + "): ") + detail, cause);
        this.provider = provider;
        this.status = status;
    }

    /** {@code openai}, {@code anthropic}, {@code gemini} or {@code ollama}. */
    public String provider() {
        return provider;
    }

    /** The vendor's HTTP status, or null when the failure had none (a broken stream, a timeout). */
    public Integer status() {
        return status;
    }
}
