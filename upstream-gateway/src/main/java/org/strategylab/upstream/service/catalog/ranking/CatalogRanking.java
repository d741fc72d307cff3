package org.strategylab.upstream.service.catalog.ranking;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.strategylab.upstream.api.MatchReason;
import org.strategylab.upstream.api.SearchSummary;
import org.strategylab.upstream.api.VocabularyHit;
import org.strategylab.upstream.config.CatalogSearchConfig;

/**
 * Ranks a site's searches and a parameter's vocabulary for a text query, in the three modes of
 * {@link RankMode}. Semantic and hybrid ranking use the list's {@link TextIndex} from
 * {@link TextIndexes}; the query is embedded on a worker thread.
 */
@ApplicationScoped
public class CatalogRanking {

    /** WDK's question set of its own searches: never indexed, never listed. */
    private static final String INTERNAL_SEARCH_PREFIX = "InternalQuestions.";

    /** The researcher's words → catalogue words map, read once. */
    static final Thesaurus THESAURUS = Thesaurus.shipped();

    @Inject
    TextIndexes indexes;

    @Inject
    SentenceEncoder encoder;

    @Inject
    CatalogSearchConfig config;

    /**
     * The candidates (a site's searches, perhaps of one record type) ranked for the query.
     *
     * @param recordTypes the site's expanded record types (the cached answer the index is built from)
     */
    public Uni<List<SearchSummary>> searches(String siteId, JsonNode recordTypes, List<SearchSummary> candidates,
                                             String query, RankMode mode) {
        if (mode == RankMode.LEXICAL) {
            List<String> words = LexicalScorer.words(query);
            return Uni.createFrom().item(lexical(candidates, s -> LexicalScorer.score(s.name(), s.displayName(),
                    s.shortDisplayName(), s.description(), words), (s, score) -> s.scored(score,
                    new MatchReason("lexical", words, null, null, null))));
        }
        Map<String, SearchSummary> byKey = new HashMap<>();
        candidates.forEach(s -> byKey.put(s.recordType() + "/" + s.name(), s));
        return indexes.index(siteId + ":searches", recordTypes, () -> searchDocs(recordTypes))
                .chain(index -> TextIndexes.onWorker(() -> {
                    List<SearchSummary> ranked = new ArrayList<>();
                    for (Ranker.Ranked hit : rank(index, SearchQuery.of(query, THESAURUS), mode)) {
                        SearchSummary search = byKey.get(index.doc(hit.index()).key());
                        if (search != null) {
                            ranked.add(search.scored(hit.score(), hit.reason()));
                        }
                    }
                    return ranked;
                }));
    }

    /**
     * A vocabulary's values ranked for the query.
     *
     * @param indexKey names the vocabulary ({@code <site>:<recordType>/<search>/<param>})
     * @param source   the cached answer the vocabulary comes from
     */
    public Uni<List<VocabularyHit>> vocabulary(String indexKey, Object source, List<VocabularyHit> values, String query,
                                               RankMode mode) {
        if (mode == RankMode.LEXICAL) {
            List<String> words = LexicalScorer.words(query);
            return Uni.createFrom().item(lexical(values, v -> LexicalScorer.score(v.term(), v.display(), null, null, words),
                    (v, score) -> new VocabularyHit(v.term(), v.display(), v.leaf(), score,
                            new MatchReason("lexical", words, null, null, null))));
        }
        return indexes.index(indexKey, source, () -> vocabularyDocs(values))
                .chain(index -> TextIndexes.onWorker(() -> {
                    List<VocabularyHit> ranked = new ArrayList<>();
                    for (Ranker.Ranked hit : rank(index, new SearchQuery(query, query, query), mode)) {
                        VocabularyHit value = values.get(hit.index());
                        ranked.add(new VocabularyHit(value.term(), value.display(), value.leaf(), hit.score(), hit.reason()));
                    }
                    return ranked;
                }));
    }

    /**
     * A site's public strategies ranked for the query (hybrid: meaning and words), each hit naming its
     * place in {@code strategies}.
     *
     * @param strategies the cached listing of the site's public strategies (the index is built from it)
     */
    public Uni<List<Ranker.Ranked>> publicStrategies(String siteId, JsonNode strategies, String query) {
        return indexes.index(siteId + ":public-strategies", strategies, () -> strategyDocs(strategies))
                .chain(index -> TextIndexes.onWorker(() -> rank(index, SearchQuery.of(query, THESAURUS), RankMode.HYBRID)));
    }

    /** Public strategies as the ranking sees them: name with description embedded; name as the title. */
    static List<RankedDoc> strategyDocs(JsonNode strategies) {
        List<RankedDoc> docs = new ArrayList<>();
        for (JsonNode strategy : strategies) {
            String name = strategy.path("name").asText("");
            String description = strategy.path("description").asText("").trim();
            docs.add(new RankedDoc(strategy.path("signature").asText(name),
                    List.of(description.isEmpty() ? name : name + ". " + description), name,
                    description + " " + strategy.path("nameOfFirstStep").asText("")));
        }
        return docs;
    }

    private List<Ranker.Ranked> rank(TextIndex index, SearchQuery query, RankMode mode) {
        float[] vector = encoder.encode(query.embedded());
        return mode == RankMode.SEMANTIC ? Ranker.semantic(index, vector, config.minSimilarity())
                : Ranker.hybrid(index, query.lexical(), vector, config.minSimilarity(), config.semanticWeight());
    }

    /**
     * A query as the two halves of the ranking see it: the text embedded for it and the words BM25
     * looks for. For searches both are the researcher's words followed by the catalogue words the
     * {@link Thesaurus} adds ("secreted proteins" → "… signal peptide"); for vocabularies, the words alone.
     */
    record SearchQuery(String text, String embedded, String lexical) {

        static SearchQuery of(String text, Thesaurus thesaurus) {
            List<String> expansions = thesaurus.expansions(text);
            if (expansions.isEmpty()) {
                return new SearchQuery(text, text, text);
            }
            String added = String.join(" ", expansions);
            return new SearchQuery(text, text + " (" + String.join(", ", expansions) + ")", text + " " + added);
        }
    }

    private static <T> List<T> lexical(List<T> entries, Function<T, Integer> score, java.util.function.BiFunction<T, Double, T> scored) {
        record Scored<T>(T entry, int score, int order) {
        }
        List<Scored<T>> matches = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            int s = score.apply(entries.get(i));
            if (s > 0) {
                matches.add(new Scored<>(entries.get(i), s, i));
            }
        }
        matches.sort(Comparator.comparingInt((Scored<T> m) -> m.score()).reversed().thenComparingInt(Scored::order));
        return matches.stream().map(m -> scored.apply(m.entry(), (double) m.score())).toList();
    }

    /**
     * A site's searches as the ranking sees them: two embedded texts (label with summary; label with
     * summary and description: the best of the two counts, so a long description neither drowns a
     * precise summary nor goes unused), and the words of label, name, summary, description, record type
     * and parameter names.
     */
    static List<RankedDoc> searchDocs(JsonNode recordTypes) {
        List<RankedDoc> docs = new ArrayList<>();
        for (JsonNode type : recordTypes) {
            String recordType = type.path("urlSegment").asText();
            String recordTypeLabel = type.path("displayName").asText(recordType);
            for (JsonNode search : type.path("searches")) {
                if (search.path("fullName").asText("").startsWith(INTERNAL_SEARCH_PREFIX)) {
                    continue;
                }
                String name = search.path("urlSegment").asText();
                String label = search.path("displayName").asText(name);
                String summary = search.path("summary").asText("").trim();
                String description = search.path("description").asText("").trim();
                String brief = summary.isEmpty() ? description : summary;
                LinkedHashSet<String> embedded = new LinkedHashSet<>();
                embedded.add(brief.isEmpty() ? label : label + ". " + brief);
                if (!description.isEmpty() && !description.equals(brief)) {
                    embedded.add(label + ". " + (summary.isEmpty() ? "" : summary + " ") + description);
                }
                String params = parameterWords(search.path("paramNames"));
                docs.add(new RankedDoc(recordType + "/" + name, List.copyOf(embedded),
                        label + " " + search.path("shortDisplayName").asText("") + " " + name,
                        summary + " " + (description.equals(summary) ? "" : description) + " " + recordTypeLabel + " " + params));
            }
        }
        return docs;
    }

    /** A search's parameter names as words: {@code organismSinglePick}, {@code num_paralogs} → "organism single pick num paralogs". */
    static String parameterWords(JsonNode paramNames) {
        List<String> words = new ArrayList<>();
        for (JsonNode param : paramNames) {
            String spaced = param.asText().replaceAll("([a-z0-9])([A-Z])", "$1 $2").replaceAll("[_\\-.]+", " ").trim();
            if (!spaced.isEmpty()) {
                words.add(spaced.toLowerCase(java.util.Locale.ROOT));
            }
        }
        return String.join(" ", words);
    }

    private static List<RankedDoc> vocabularyDocs(List<VocabularyHit> values) {
        List<RankedDoc> docs = new ArrayList<>();
        for (VocabularyHit value : values) {
            String display = value.display() == null || value.display().isBlank() ? value.term() : value.display();
            docs.add(new RankedDoc(value.term(), List.of(display), display + " " + value.term(), ""));
        }
        return docs;
    }
}
