package org.strategylab.upstream.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.ws.rs.core.NewCookie;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The per-session cookie jar keeps every cookie a site sets. */
class CookieJarTest {

    @Test
    void keepsEveryCookieAndSendsThemAll() {
        CookieJar jar = new CookieJar();
        assertNull(jar.header(), "an empty jar sends no Cookie header");
        assertTrue(jar.absorb(List.of(cookie("Authorization", "guest-token", -1), cookie("JSESSIONID", "ABC", -1))));
        assertEquals("Authorization=guest-token; JSESSIONID=ABC", jar.header());
        assertTrue(jar.hasIdentity());
        assertFalse(jar.absorb(List.of(cookie("Authorization", "guest-token", -1))), "the same value is no change");
    }

    @Test
    void replacesChangedAndDropsExpiredCookies() {
        CookieJar jar = new CookieJar(Map.of("Authorization", "old", "wdk_check_auth", "x"));
        assertTrue(jar.absorb(List.of(cookie("Authorization", "new", 94_608_000), cookie("wdk_check_auth", "", 0))));
        assertEquals("new", jar.identity());
        assertEquals(Map.of("Authorization", "new"), jar.snapshot());
    }

    private static NewCookie cookie(String name, String value, int maxAge) {
        return new NewCookie.Builder(name).value(value).maxAge(maxAge).path("/").build();
    }
}
