package org.strategylab.testsupport.node;

import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * A program from outside the JVM that some tests need (Node.js, Chromium). On a newcomer's machine
 * without it those tests are skipped with one line that names the install command, so the first
 * {@code mvn verify} passes; where the build says the tool is required ({@code -D<property>=true},
 * as {@code .ci/run} does) its absence fails the test instead, so CI never skips them silently.
 *
 * @param name           what the tool is, for the message ("Node.js")
 * @param property       the system property that makes it required ("node.required")
 * @param installCommand how to install it on Debian
 */
public record RequiredTool(String name, String property, String installCommand) {

    /** Node.js and npm, for the tests that run the official JavaScript tools and clients. */
    public static final RequiredTool NODE = new RequiredTool("Node.js", "node.required",
            "apt-get install -y nodejs npm");

    /** Headless Chromium and its driver, for the browser tests. */
    public static final RequiredTool CHROMIUM = new RequiredTool("Chromium", "browser.required",
            "apt-get install -y chromium chromium-driver");

    /** Whether the build said this tool must be present. */
    public boolean required() {
        return Boolean.parseBoolean(System.getProperty(property, "false"));
    }

    /**
     * Skips the calling test when the tool is missing and not required; fails it when required.
     *
     * @param present whether the tool was found
     */
    public void assume(boolean present) {
        if (present) {
            return;
        }
        String message = name + " is not installed, so this test cannot run (install it with `"
                + installCommand + "`).";
        if (required()) {
            Assertions.fail(message + " It is required here (-D" + property + "=true).");
        }
        System.out.println("SKIPPED: " + message + " Pass -D" + property + "=true to make this a failure.");
        Assumptions.abort(message);
    }
}
