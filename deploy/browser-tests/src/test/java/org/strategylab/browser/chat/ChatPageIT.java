package org.strategylab.browser.chat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.strategylab.browser.support.Browser;
import org.strategylab.browser.support.BrowserStack;
import org.strategylab.browser.support.Browsers;

/** The chat page `/` in a real headless Chromium, against the whole stack with the mock model. */
class ChatPageIT {

    private static BrowserStack stack;

    @BeforeAll
    static void startStack() {
        stack = BrowserStack.start(ChatPageIT.class.getSimpleName());
    }

    @AfterAll
    static void stopStack() {
        if (stack != null) {
            stack.close();
        }
    }

    @Test
    void aPersonSignsInAndSeesTheChatPage() {
        try (Browser browser = Browsers.chromium(Browsers.DESKTOP)) {
            browser.open(stack.baseUri(), "/").signIn("alice");
            String sites = browser.waitFor(d -> {
                String text = d.findElement(By.tagName("main")).getText();
                return text.contains("PlasmoDB") ? text : null;
            }, Duration.ofSeconds(30));
            assertTrue(sites.contains("ToxoDB"), sites);
            browser.screenshot("chat-signed-in-1280");
            browser.assertNoConsoleErrors();
        }
        try (Browser phone = Browsers.chromium(Browsers.PHONE)) {
            assertEquals(390L, phone.script("return window.innerWidth"));
            phone.open(stack.baseUri(), "/").signIn("alice");
            phone.screenshot("chat-signed-in-390");
            phone.assertNoConsoleErrors();
        }
    }
}
