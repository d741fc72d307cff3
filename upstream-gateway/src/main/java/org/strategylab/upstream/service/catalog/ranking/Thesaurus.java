package org.strategylab.upstream.service.catalog.ranking;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.en.EnglishAnalyzer;

/**
 * A researcher's words mapped to the words VEuPathDB's searches use ({@code catalog-search/thesaurus.txt}):
 * "secreted" → "signal peptide", "subtelomeric" → "telomere proximity". Phrases are compared after
 * English stemming, as a whole run of the query's words.
 */
public final class Thesaurus {

    /** The resource the service reads. */
    public static final String RESOURCE = "/catalog-search/thesaurus.txt";

    /** One line: stemmed phrases that all mean the catalogue words. */
    private record Entry(List<List<String>> phrases, String catalogueWords) {
    }

    private static final Analyzer ANALYZER = new EnglishAnalyzer();

    private final List<Entry> entries;

    private Thesaurus(List<Entry> entries) {
        this.entries = List.copyOf(entries);
    }

    /** The thesaurus the service ships. */
    public static Thesaurus shipped() {
        try (InputStream in = Thesaurus.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is not on the class path");
            }
            return parse(new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)).lines().toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A thesaurus of {@code phrase, phrase => catalogue words} lines ({@code #} comments and blank lines skipped). */
    public static Thesaurus parse(List<String> lines) {
        List<Entry> entries = new ArrayList<>();
        for (String line : lines) {
            String trimmed = line.strip();
            int arrow = trimmed.indexOf("=>");
            if (trimmed.isEmpty() || trimmed.startsWith("#") || arrow < 0) {
                continue;
            }
            List<List<String>> phrases = new ArrayList<>();
            for (String phrase : trimmed.substring(0, arrow).split(",")) {
                List<String> stems = stems(phrase);
                if (!stems.isEmpty()) {
                    phrases.add(stems);
                }
            }
            String words = trimmed.substring(arrow + 2).strip();
            if (!phrases.isEmpty() && !words.isEmpty()) {
                entries.add(new Entry(phrases, words));
            }
        }
        return new Thesaurus(entries);
    }

    /** The catalogue words of every entry one of whose phrases occurs in the query (empty when none does). */
    public List<String> expansions(String query) {
        List<String> words = stems(query);
        Set<String> found = new LinkedHashSet<>();
        for (Entry entry : entries) {
            for (List<String> phrase : entry.phrases()) {
                if (Collections.indexOfSubList(words, phrase) >= 0) {
                    found.add(entry.catalogueWords());
                    break;
                }
            }
        }
        return List.copyOf(found);
    }

    /** The text's words, lower case, English stop words dropped, stemmed. */
    static List<String> stems(String text) {
        return TextIndex.tokens(ANALYZER, "text", text);
    }
}
