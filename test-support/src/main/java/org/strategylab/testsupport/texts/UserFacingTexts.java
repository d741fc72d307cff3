package org.strategylab.testsupport.texts;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.opentest4j.AssertionFailedError;

/**
 * Collects the texts a test sees a user being shown (an experiment's {@code error}, a problem's
 * {@code detail}, an SSE {@code error} event, a sweep point's {@code error}) and fails when one of
 * them names a Java type, package or stack frame. The house rule is that such text is written for
 * people, so a leaked {@code java.net.ConnectException} or {@code at io.vertx...(} is a bug at the
 * place that produced the text, not something to filter later.
 *
 * <p>Use one per test: {@link #add} every text as the test reads it, then {@link #assertReadable()}.
 */
public final class UserFacingTexts {

    /** Where a text came from and the text itself. */
    public record Text(String source, String text) {
    }

    /** A text that names something of Java, with the part that gave it away. */
    public record Finding(String source, String text, String javaName) {
    }

    /** What gives Java away; each pattern is one way a type or frame leaks into a sentence. */
    private static final List<Pattern> JAVA_NAMES = List.of(
            // a stack frame: "at org.example.Thing.method(Thing.java:12)" or "(Native Method)"
            Pattern.compile("\\bat\\s+[\\w$]+(?:\\.[\\w$<>]+)+\\("),
            Pattern.compile("\\b\\w+\\.java:\\d+"),
            Pattern.compile("\\bCaused by:"),
            // a well-known package prefix: java.io..., jakarta.ws..., io.vertx..., org.postgresql...
            Pattern.compile("\\b(?:java|javax|jakarta|sun|jdk|kotlin|scala)\\.[a-z]\\w*"),
            Pattern.compile("\\b(?:io\\.(?:vertx|netty|quarkus|smallrye|micrometer)|com\\.fasterxml|org\\.[a-z]\\w*)\\.[\\w$]+"),
            // any fully qualified type: two or more lower-case segments then a capitalised name
            Pattern.compile("\\b(?:[a-z][a-z0-9_]*\\.){2,}[A-Z][\\w$]*"),
            // a simple type name of a throwable: ConnectException, TimeoutException, Throwable
            Pattern.compile("\\b(?:[A-Z]\\w*)?(?:Exception|Throwable)\\b"),
            // a CamelCase Error type (OutOfMemoryError, NoClassDefFoundError); a lone "Error" is English
            Pattern.compile("\\b(?:[A-Z][a-z0-9]+)+Error\\b"));

    private final List<Text> texts = new CopyOnWriteArrayList<>();

    /**
     * Keeps one text to check; a null or blank text is nothing to read and is ignored.
     *
     * @param source where the text came from, e.g. {@code "experiment 42 error"}, for the failure message
     * @param text what the user would be shown
     * @return this collector
     */
    public UserFacingTexts add(String source, String text) {
        if (text != null && !text.isBlank()) {
            texts.add(new Text(source, text));
        }
        return this;
    }

    /** @return every text kept so far, in the order added */
    public List<Text> texts() {
        return List.copyOf(texts);
    }

    /** @return the kept texts that name something of Java, each with its first give-away */
    public List<Finding> findings() {
        List<Finding> found = new ArrayList<>();
        for (Text text : texts) {
            String name = firstJavaName(text.text());
            if (name != null) {
                found.add(new Finding(text.source(), text.text(), name));
            }
        }
        return found;
    }

    /**
     * Fails when no text was collected (a test that checked nothing proves nothing) or when any text
     * names a Java type, package or stack frame; the message lists every such text and its source.
     */
    public void assertReadable() {
        if (texts.isEmpty()) {
            throw new AssertionFailedError("no user-facing text was collected, so none was checked");
        }
        List<Finding> found = findings();
        if (!found.isEmpty()) {
            StringBuilder message = new StringBuilder("user-facing text names Java (")
                    .append(found.size()).append(" of ").append(texts.size()).append(" texts):");
            for (Finding finding : found) {
                message.append("\n  ").append(finding.source()).append(": \"").append(finding.text())
                        .append("\" (").append(finding.javaName()).append(')');
            }
            throw new AssertionFailedError(message.toString());
        }
    }

    /**
     * The rule on its own, for a single text.
     *
     * @param text a text a user would read
     * @return the first part of it that names a Java type, package or stack frame, or null when none does
     */
    public static String firstJavaName(String text) {
        if (text == null) {
            return null;
        }
        for (Pattern pattern : JAVA_NAMES) {
            Matcher matcher = pattern.matcher(text);
            if (matcher.find()) {
                return matcher.group();
            }
        }
        return null;
    }
}
