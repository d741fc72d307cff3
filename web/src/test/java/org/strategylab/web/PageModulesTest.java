package org.strategylab.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.strategylab.testsupport.node.NodeProject;

/**
 * The pages' ES modules under test in Node ({@code node --test}, a DOM from jsdom): the Markdown
 * renderer, the strategy graph and the operation stream reader, each from {@code src/test/node}.
 * The files are installed under {@code target/} and read the modules from this module's sources, so a
 * change to a page module is tested without packaging. Skipped without Node.js, failed then where
 * {@code -Dnode.required=true}.
 */
class PageModulesTest {

    private static final Path ASSETS = Path.of("src/main/resources/META-INF/resources/assets");

    @Test
    void everyPageModuleTestPasses() {
        NodeProject tests = NodeProject.install(Path.of("src/test/node"), Path.of("target/node/page-modules"));
        NodeProject.NodeRun run = tests.node(Duration.ofMinutes(3), "run-tests.mjs", ASSETS.toAbsolutePath().toString());
        assertEquals(0, run.exitCode(), run.output());
        // a run that found no test file would pass too: make sure the suites ran
        Matcher passed = Pattern.compile("pass (\\d+)").matcher(run.output());
        assertTrue(passed.find() && Integer.parseInt(passed.group(1)) > 0, run.output());
    }
}
