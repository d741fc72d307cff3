package org.strategylab.upstream.service.catalog.ranking;

import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.jboss.logging.Logger;
import org.strategylab.upstream.persistence.RankingVectorRepository;

/**
 * The ranking indexes of this service, one per ranked list ({@code <site>:searches},
 * {@code <site>:<recordType>/<search>/<param>}), kept beside the catalogue cache they are built from.
 * <ul>
 * <li>An index is built when a ranked query first needs it, once however many queries arrive
 *     meanwhile (they all wait for the same build), and off the event loop.</li>
 * <li>Its vectors are stored with the list's fingerprint ({@link RankingVectorRepository}): a restart
 *     or another replica finds them and only rebuilds the in-memory part (milliseconds).</li>
 * <li>When the catalogue cache answers a new copy of the list, its fingerprint is computed again; a
 *     changed list gets a new index (and new stored vectors), an unchanged one keeps its index.</li>
 * <li>A failed build is forgotten, so the next query tries again.</li>
 * </ul>
 */
@ApplicationScoped
public class TextIndexes {

    private static final Logger LOG = Logger.getLogger(TextIndexes.class);

    @Inject
    SentenceEncoder encoder;

    @Inject
    RankingVectorRepository vectors;

    /** The index of a list, the list's copy it was last checked against, and its fingerprint. */
    private record Entry(Object source, String fingerprint, Uni<TextIndex> index) {
    }

    private final Map<String, Entry> entries = new ConcurrentHashMap<>();

    /**
     * The index of a list.
     *
     * @param indexKey names the list
     * @param source   the cached catalogue answer the list comes from; the same object (the cache's
     *                 copy) means the same list and skips the fingerprint
     * @param docs     the list's entries (read only when {@code source} is a copy not seen before)
     */
    public Uni<TextIndex> index(String indexKey, Object source, Supplier<List<RankedDoc>> docs) {
        Entry current = entries.get(indexKey);
        if (current != null && current.source() == source) {
            return current.index();
        }
        List<RankedDoc> list = docs.get();
        String fingerprint = fingerprint(encoder.modelId(), list);
        Entry entry = entries.compute(indexKey, (key, existing) -> {
            if (existing != null && existing.fingerprint().equals(fingerprint)) {
                return new Entry(source, fingerprint, existing.index());
            }
            return new Entry(source, fingerprint, build(indexKey, fingerprint, list).memoize().indefinitely());
        });
        return entry.index().onFailure().invoke(failure -> {
            LOG.warnf("Building the ranking index %s failed (%s); the next query tries again", indexKey, failure.toString());
            entries.remove(indexKey, entry);
        });
    }

    /** The fingerprint of a list as {@link #index} computes it: SHA-256 of the model and every text, in order. */
    public static String fingerprint(String model, List<RankedDoc> docs) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            update(digest, model);
            for (RankedDoc doc : docs) {
                update(digest, doc.key());
                doc.embedded().forEach(text -> update(digest, text));
                update(digest, doc.title());
                update(digest, doc.text());
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void update(MessageDigest digest, String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        digest.update(Integer.toString(bytes.length).getBytes(StandardCharsets.US_ASCII));
        digest.update((byte) ':');
        digest.update(bytes);
    }

    private Uni<TextIndex> build(String indexKey, String fingerprint, List<RankedDoc> docs) {
        return vectors.find(indexKey, fingerprint, encoder.modelId())
                .onFailure().recoverWithItem(failure -> {
                    LOG.warnf("Cannot read the stored vectors of %s (%s); computing them", indexKey, failure.toString());
                    return java.util.Optional.empty();
                })
                .chain(stored -> {
                    if (stored.isPresent() && fits(stored.get(), docs)) {
                        return onWorker(() -> new TextIndex(docs, stored.get()));
                    }
                    return onWorker(() -> embed(indexKey, docs)).call(index -> vectors.save(indexKey, fingerprint,
                                    encoder.modelId(), index.vectors())
                            .onFailure().invoke(failure -> LOG.warnf("Cannot store the vectors of %s (%s)", indexKey,
                                    failure.toString()))
                            .onFailure().recoverWithNull());
                });
    }

    private TextIndex embed(String indexKey, List<RankedDoc> docs) {
        long start = System.nanoTime();
        TextIndex index = build(encoder, docs);
        LOG.infof("Built the ranking index %s: %d entries, %d texts in %d ms", indexKey, docs.size(),
                docs.stream().mapToInt(doc -> doc.embedded().size()).sum(), (System.nanoTime() - start) / 1_000_000);
        return index;
    }

    /** The index of the entries: every entry's texts embedded in one batch run, then given back to each entry. */
    static TextIndex build(SentenceEncoder encoder, List<RankedDoc> docs) {
        List<String> texts = new ArrayList<>();
        docs.forEach(doc -> texts.addAll(doc.embedded()));
        float[][] flat = encoder.encode(texts);
        float[][][] vectors = new float[docs.size()][][];
        int next = 0;
        for (int d = 0; d < docs.size(); d++) {
            vectors[d] = new float[docs.get(d).embedded().size()][];
            for (int i = 0; i < vectors[d].length; i++) {
                vectors[d][i] = flat[next++];
            }
        }
        return new TextIndex(docs, vectors);
    }

    private static boolean fits(float[][][] stored, List<RankedDoc> docs) {
        if (stored.length != docs.size()) {
            return false;
        }
        for (int d = 0; d < stored.length; d++) {
            if (stored[d].length != docs.get(d).embedded().size()) {
                return false;
            }
        }
        return true;
    }

    /** Runs CPU work (the model, Lucene) on a worker thread, never on the event loop. */
    static <T> Uni<T> onWorker(Supplier<T> work) {
        return Uni.createFrom().item(work).runSubscriptionOn(Infrastructure.getDefaultWorkerPool());
    }
}
