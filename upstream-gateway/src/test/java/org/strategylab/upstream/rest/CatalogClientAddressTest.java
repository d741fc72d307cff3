package org.strategylab.upstream.rest;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Issue 32 point 6: anonymous catalogue callers are counted by the address the gateway saw, which
 * the gateway passes on and which is believed only with the service-to-service credential: in a
 * cluster the gateway's own address is a pod's, not loopback, and every anonymous caller used to
 * share its one bucket.
 */
class CatalogClientAddressTest {

    private static final Optional<String> SECRET = Optional.of("peer-secret-0123456789abcdef0123456789");
    private static final String GATEWAY_POD = "10.42.0.17";

    @Test
    void withTheCredentialTheGatewaysForwardedAddressCounts() {
        assertEquals("203.0.113.5",
                CatalogRateLimit.clientAddress("203.0.113.5", SECRET.get(), SECRET, GATEWAY_POD));
        assertEquals("203.0.113.6",
                CatalogRateLimit.clientAddress(" 203.0.113.6 , 10.0.0.1", SECRET.get(), SECRET, GATEWAY_POD));
    }

    @Test
    void withoutTheCredentialAForwardedHeaderIsNotBelieved() {
        assertEquals(GATEWAY_POD, CatalogRateLimit.clientAddress("203.0.113.5", null, SECRET, GATEWAY_POD));
        assertEquals(GATEWAY_POD, CatalogRateLimit.clientAddress("203.0.113.5", "a guess", SECRET, GATEWAY_POD));
    }

    @Test
    void withNoSecretConfiguredOnlyLoopbackSpeaksForTheGateway() {
        // no secret: the service listens on loopback alone, beside the gateway
        assertEquals("203.0.113.5", CatalogRateLimit.clientAddress("203.0.113.5", null, Optional.empty(), "127.0.0.1"));
        assertEquals("203.0.113.5",
                CatalogRateLimit.clientAddress("203.0.113.5", null, Optional.empty(), "0:0:0:0:0:0:0:1"));
        assertEquals(GATEWAY_POD, CatalogRateLimit.clientAddress("203.0.113.5", null, Optional.empty(), GATEWAY_POD));
        assertEquals("127.0.0.1", CatalogRateLimit.clientAddress(null, null, Optional.empty(), "127.0.0.1"));
        assertEquals("unknown", CatalogRateLimit.clientAddress(null, null, Optional.empty(), null));
    }
}
