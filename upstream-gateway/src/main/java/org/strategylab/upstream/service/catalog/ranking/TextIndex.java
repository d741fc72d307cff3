package org.strategylab.upstream.service.catalog.ranking;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.store.ByteBuffersDirectory;

/**
 * The ranking index of one list (a site's searches, one parameter's vocabulary): each entry's
 * embedding vectors, and an in-memory Lucene index of its words for BM25 with English stemming
 * (Lucene's {@code EnglishAnalyzer}). Immutable once built; queries may run concurrently.
 */
public final class TextIndex {

    private static final String TITLE = "title";
    private static final String TEXT = "text";
    /** Words of the label count this much more than words of the description. */
    private static final float TITLE_BOOST = 2f;

    private final List<RankedDoc> docs;
    private final float[][][] vectors;
    private final List<Set<String>> terms;
    private final Analyzer analyzer = new EnglishAnalyzer();
    private final IndexSearcher searcher;

    /**
     * @param vectors per entry, the vectors of its {@link RankedDoc#embedded()} texts (unit length)
     */
    public TextIndex(List<RankedDoc> docs, float[][][] vectors) {
        if (docs.size() != vectors.length) {
            throw new IllegalArgumentException(docs.size() + " entries but " + vectors.length + " vector sets");
        }
        this.docs = List.copyOf(docs);
        this.vectors = vectors;
        this.terms = new ArrayList<>();
        ByteBuffersDirectory directory = new ByteBuffersDirectory();
        try (IndexWriter writer = new IndexWriter(directory, new IndexWriterConfig(analyzer))) {
            for (RankedDoc doc : docs) {
                Document document = new Document();
                document.add(new TextField(TITLE, doc.title(), Field.Store.NO));
                document.add(new TextField(TEXT, doc.text(), Field.Store.NO));
                writer.addDocument(document);
                Set<String> words = new HashSet<>(analyze(doc.title()));
                words.addAll(analyze(doc.text()));
                terms.add(words);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try {
            this.searcher = new IndexSearcher(DirectoryReader.open(directory));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public int size() {
        return docs.size();
    }

    public RankedDoc doc(int index) {
        return docs.get(index);
    }

    float[][][] vectors() {
        return vectors;
    }

    /** Each entry's cosine similarity to the query vector: the best of its vectors. */
    public double[] similarities(float[] query) {
        double[] similarities = new double[docs.size()];
        for (int d = 0; d < vectors.length; d++) {
            double best = -1;
            for (float[] vector : vectors[d]) {
                double dot = 0;
                for (int i = 0; i < vector.length && i < query.length; i++) {
                    dot += vector[i] * query[i];
                }
                best = Math.max(best, dot);
            }
            similarities[d] = best;
        }
        return similarities;
    }

    /** BM25 scores of the query's (stemmed) words; 0 for entries with none of them. */
    public double[] bm25(String query) {
        double[] scores = new double[docs.size()];
        List<String> words = analyze(query);
        if (words.isEmpty()) {
            return scores;
        }
        BooleanQuery.Builder builder = new BooleanQuery.Builder();
        for (String word : new LinkedHashSet<>(words)) {
            builder.add(new BoostQuery(new TermQuery(new Term(TITLE, word)), TITLE_BOOST), BooleanClause.Occur.SHOULD);
            builder.add(new TermQuery(new Term(TEXT, word)), BooleanClause.Occur.SHOULD);
        }
        try {
            for (ScoreDoc hit : searcher.search(builder.build(), Math.max(1, docs.size())).scoreDocs) {
                scores[hit.doc] = hit.score;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return scores;
    }

    /** The query's words (as typed) whose stems the entry has. */
    public List<String> matchedWords(int index, String query) {
        List<String> matched = new ArrayList<>();
        for (String word : query.trim().split("\\s+")) {
            List<String> stems = analyze(word);
            if (!stems.isEmpty() && terms.get(index).containsAll(stems)) {
                matched.add(word);
            }
        }
        return matched;
    }

    private List<String> analyze(String text) {
        return tokens(analyzer, TEXT, text);
    }

    /** The terms an analyzer makes of a text, in order. */
    static List<String> tokens(Analyzer analyzer, String field, String text) {
        List<String> out = new ArrayList<>();
        try (TokenStream tokens = analyzer.tokenStream(field, text)) {
            CharTermAttribute term = tokens.addAttribute(CharTermAttribute.class);
            tokens.reset();
            while (tokens.incrementToken()) {
                out.add(term.toString());
            }
            tokens.end();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }
}
