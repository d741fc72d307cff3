package org.strategylab.browser.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.strategylab.testsupport.node.NodeProject;

/**
 * axe-core (the npm package pinned in {@code src/test/node/axe}, installed with {@code npm ci} under
 * {@code target/node/axe}, never fetched from another host by the page) run in the page a test has
 * open: every serious or critical violation of the WCAG 2 A/AA rules and axe's best practices is a
 * failure, named by rule and by the elements it found.
 */
final class Accessibility {

    /** The impacts that fail a test; "minor" and "moderate" are left to review. */
    static final List<String> FAILING_IMPACTS = List.of("serious", "critical");

    private static String axeSource;

    private Accessibility() {
    }

    private static synchronized String axeSource() {
        if (axeSource == null) {
            NodeProject project = NodeProject.install(Path.of("src/test/node/axe"),
                    Path.of("target/node/axe").toAbsolutePath());
            try {
                axeSource = Files.readString(project.directory().resolve("node_modules/axe-core/axe.min.js"));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read axe-core", e);
            }
        }
        return axeSource;
    }

    /**
     * The serious and critical violations axe finds in the page as it is now, one line each
     * ("rule (impact): help — selectors"); empty when there are none.
     */
    @SuppressWarnings("unchecked")
    static List<String> violations(Browser browser) {
        if (!Boolean.TRUE.equals(browser.script("return typeof window.axe === 'object'"))) {
            browser.script(axeSource());
        }
        Object result = ((org.openqa.selenium.JavascriptExecutor) browser.driver()).executeAsyncScript("""
                const done = arguments[arguments.length - 1];
                window.axe.run(document, {
                    runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']},
                    resultTypes: ['violations']
                }).then(r => done(r.violations.map(v => ({
                    id: v.id, impact: v.impact, help: v.help,
                    targets: v.nodes.slice(0, 5).map(n => n.target.join(' '))
                })))).catch(e => done([{id: 'axe-error', impact: 'critical', help: String(e), targets: []}]));
                """);
        List<String> found = new ArrayList<>();
        for (Map<String, Object> violation : (List<Map<String, Object>>) result) {
            if (FAILING_IMPACTS.contains(violation.get("impact"))) {
                found.add(violation.get("id") + " (" + violation.get("impact") + "): " + violation.get("help")
                        + " — " + violation.get("targets"));
            }
        }
        return found;
    }
}
