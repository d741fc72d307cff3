package org.strategylab.evaluation.report;

import io.quarkus.qute.Engine;
import io.quarkus.qute.HtmlEscaper;
import io.quarkus.qute.ReflectionValueResolver;
import io.quarkus.qute.Template;
import io.quarkus.qute.TemplateLocator.TemplateLocation;
import io.quarkus.qute.UserTagSectionHelper;
import io.quarkus.qute.ValueResolvers;
import io.quarkus.qute.Variant;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The report's Qute templates and style sheet, read from this package's resources once per class loader. One
 * {@link Engine}, built here, serves every rendering (it and parsed templates are thread-safe). Every template is
 * {@code text/html}, so Qute's {@link HtmlEscaper} escapes each value the way {@link Html#esc} does ({@code & < > " '});
 * only {@code .raw} values are written as they are.
 */
final class ReportTemplates {
    private static final String FOLDER = "/org/strategylab/evaluation/report/";
    private static final Variant HTML = Variant.forContentType(Variant.TEXT_HTML);
    /** A line break and the indentation that follows it: layout of the template file, not of the report. */
    private static final Pattern LAYOUT = Pattern.compile("\\R[ \\t]*");

    /** The style sheet, embedded in the report and allowed by the Content-Security-Policy through its hash. */
    static final String CSS = resource("report.css").strip();
    static final String CSP = "default-src 'none'; style-src '" + sha256(CSS)
            + "'; img-src 'none'; base-uri 'none'; form-action 'none'";

    private static final Engine ENGINE = Engine.builder()
            .addDefaults()
            .addValueResolver(ValueResolvers.rawResolver()) // {x.raw}: written unescaped
            .addValueResolver(new ReflectionValueResolver()) // the view records' accessors
            .addResultMapper(new HtmlEscaper(List.of(Variant.TEXT_HTML)))
            .addSectionHelper(new UserTagSectionHelper.Factory("figure", "figure.html"))
            .addSectionHelper(new UserTagSectionHelper.Factory("trials", "trials.html"))
            .addLocator(ReportTemplates::locate)
            .strictRendering(true)
            .build();
    private static final Template REPORT = ENGINE.getTemplate("report.html");

    private ReportTemplates() {
    }

    /** The report of one experiment's view. */
    static String render(ReportView view) {
        return REPORT.data(view).render();
    }

    private static Optional<TemplateLocation> locate(String id) {
        if (ReportTemplates.class.getResource(FOLDER + id) == null) {
            return Optional.empty();
        }
        String text = LAYOUT.matcher(resource(id)).replaceAll("");
        return Optional.of(new TemplateLocation() {
            @Override
            public Reader read() {
                return new StringReader(text);
            }

            @Override
            public Optional<Variant> getVariant() {
                return Optional.of(HTML);
            }
        });
    }

    private static String resource(String name) {
        try (InputStream in = ReportTemplates.class.getResourceAsStream(FOLDER + name)) {
            if (in == null) {
                throw new IllegalStateException("the report resource " + name + " is missing from the jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String sha256(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return "sha256-" + Base64.getEncoder().encodeToString(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by every Java platform", e);
        }
    }
}
