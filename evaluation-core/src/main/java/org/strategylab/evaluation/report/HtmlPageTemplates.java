package org.strategylab.evaluation.report;

import io.quarkus.qute.Engine;
import io.quarkus.qute.EngineBuilder;
import io.quarkus.qute.HtmlEscaper;
import io.quarkus.qute.ReflectionValueResolver;
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
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Self-contained HTML pages from Qute templates, as StrategyLab's reports are: the report style sheet
 * (this package's {@code report.css}, plus any rules a page adds) embedded in the page and allowed by a
 * Content-Security-Policy through its hash, so the page loads nothing. Every template is
 * {@code text/html}, so each value is escaped ({@code & < > " '}); only {@code .raw} values are written as
 * they are. Templates are read from one resource folder of the owner's class loader, with the layout of
 * the template files (line breaks and the indentation after them) dropped. One engine per instance;
 * it and its parsed templates are thread-safe, so an instance is meant to be built once and kept.
 */
public final class HtmlPageTemplates {
    private static final Variant HTML = Variant.forContentType(Variant.TEXT_HTML);
    /** A line break and the indentation that follows it: layout of the template file, not of the page. */
    private static final Pattern LAYOUT = Pattern.compile("\\R[ \\t]*");
    private static final String STYLE_SHEET = "/org/strategylab/evaluation/report/report.css";

    private final Class<?> owner;
    private final String folder;
    private final String css;
    private final String csp;
    private final Engine engine;

    /**
     * @param owner    the class whose class loader holds the templates
     * @param folder   the templates' resource folder, ending in {@code /} (e.g. {@code /org/strategylab/evaluation/report/})
     * @param extraCss style rules the pages add after the report style sheet ({@code ""} for none)
     * @param userTags Qute user tags the templates use: tag name to template id
     */
    public HtmlPageTemplates(Class<?> owner, String folder, String extraCss, Map<String, String> userTags) {
        this.owner = owner;
        this.folder = folder;
        this.css = resource(HtmlPageTemplates.class, STYLE_SHEET).strip() + extraCss;
        this.csp = "default-src 'none'; style-src '" + sha256(css) + "'; img-src 'none'; base-uri 'none'; form-action 'none'";
        EngineBuilder builder = Engine.builder()
                .addDefaults()
                .addValueResolver(ValueResolvers.rawResolver()) // {x.raw}: written unescaped
                .addValueResolver(new ReflectionValueResolver()) // the view records' accessors
                .addResultMapper(new HtmlEscaper(List.of(Variant.TEXT_HTML)))
                .addLocator(this::locate)
                .strictRendering(true);
        userTags.forEach((tag, id) -> builder.addSectionHelper(new UserTagSectionHelper.Factory(tag, id)));
        this.engine = builder.build();
    }

    /** The page of template {@code id} with {@code data} as its root. */
    public String render(String id, Object data) {
        return engine.getTemplate(id).data(data).render();
    }

    /** The embedded style sheet. */
    public String css() {
        return css;
    }

    /** The Content-Security-Policy that allows the embedded style sheet and nothing else. */
    public String csp() {
        return csp;
    }

    private Optional<TemplateLocation> locate(String id) {
        if (owner.getResource(folder + id) == null) {
            return Optional.empty();
        }
        String text = LAYOUT.matcher(resource(owner, folder + id)).replaceAll("");
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

    private static String resource(Class<?> owner, String path) {
        try (InputStream in = owner.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("the resource " + path + " is missing from the class path");
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
