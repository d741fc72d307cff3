package org.strategylab.chat.provider;

import java.time.Duration;
import java.util.Optional;

/**
 * Where and how an adapter reaches its vendor.
 *
 * @param baseUrl the API's base URL
 * @param apiKey  the key, null for a vendor that needs none (a local Ollama)
 * @param timeout the longest a whole model call may take
 */
public record VendorEndpoint(String baseUrl, String apiKey, Duration timeout) {

    /** The endpoint a vendor's settings describe, with the vendor's public URL when they name none. */
    static VendorEndpoint of(ModelSettings.Vendor vendor, String publicBaseUrl) {
        return new VendorEndpoint(vendor.baseUrl().orElse(publicBaseUrl), vendor.apiKey().orElse(null),
                vendor.timeout());
    }

    /** The key, or a placeholder when there is none: the clients refuse to build without one. */
    String keyOrPlaceholder() {
        return Optional.ofNullable(apiKey).orElse("no-key-configured");
    }
}
