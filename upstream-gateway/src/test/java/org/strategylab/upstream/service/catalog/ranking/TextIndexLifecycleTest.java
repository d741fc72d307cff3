package org.strategylab.upstream.service.catalog.ranking;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.strategylab.upstream.persistence.RankingVectorRepository;
import org.strategylab.upstream.support.UpstreamTest;

/**
 * Issue 19 point 2: a ranking index is built once however many queries wait for it, its vectors are
 * stored with the list's fingerprint, a restart or a second replica (here: a second
 * {@link TextIndexes} over the same table) reuses them without running the model, and a changed list
 * is embedded again and replaces the stored vectors.
 */
@QuarkusTest
@UpstreamTest
class TextIndexLifecycleTest {

    @Inject
    RankingVectorRepository repository;

    @Inject
    SentenceEncoder encoder;

    /** The real model, counting the texts it embeds. */
    static final class CountingEncoder extends SentenceEncoder {
        final AtomicInteger texts = new AtomicInteger();
        private final SentenceEncoder real;

        CountingEncoder(SentenceEncoder real) {
            this.real = real;
        }

        @Override
        public String modelId() {
            return real.modelId();
        }

        @Override
        public float[][] encode(List<String> batch) {
            texts.addAndGet(batch.size());
            return real.encode(batch);
        }
    }

    private TextIndexes replica(CountingEncoder counting) {
        TextIndexes indexes = new TextIndexes();
        indexes.encoder = counting;
        indexes.vectors = repository;
        return indexes;
    }

    private static List<RankedDoc> docs(String... labels) {
        List<RankedDoc> docs = new ArrayList<>();
        for (String label : labels) {
            docs.add(new RankedDoc("t/" + label.replace(' ', '_'), List.of(label), label, ""));
        }
        return docs;
    }

    @Test
    void vectorsAreStoredOnceAndReusedByAnotherReplica() {
        String key = "lifecycle-test:" + System.nanoTime();
        List<RankedDoc> docs = docs("Predicted Signal Peptide", "Proximity to Telomeres", "Transmembrane Domain Count");
        CountingEncoder first = new CountingEncoder(encoder);
        TextIndexes one = replica(first);
        Object source = new Object();
        // two queries arrive before the build ends: one build
        var a = one.index(key, source, () -> docs);
        var b = one.index(key, source, () -> docs);
        TextIndex index = a.await().indefinitely();
        assertSame(index, b.await().indefinitely());
        assertEquals(3, first.texts.get());
        assertEquals(Optional.of(TextIndexes.fingerprint(encoder.modelId(), docs)), repository.fingerprint(key).await().indefinitely());

        // a restart, or a second replica: the stored vectors, no model run
        CountingEncoder second = new CountingEncoder(encoder);
        TextIndex reloaded = replica(second).index(key, new Object(), () -> docs).await().indefinitely();
        assertEquals(0, second.texts.get());
        float[] query = encoder.encode("secreted proteins");
        double[] expected = index.similarities(query);
        double[] actual = reloaded.similarities(query);
        for (int i = 0; i < expected.length; i++) {
            assertEquals(expected[i], actual[i], 1e-6);
        }

        // the catalogue changed: embedded again, stored vectors replaced
        List<RankedDoc> changed = docs("Predicted Signal Peptide", "Proximity to Telomeres", "Exon Count", "GO Term");
        one.index(key, new Object(), () -> changed).await().indefinitely();
        assertEquals(3 + 4, first.texts.get());
        assertEquals(Optional.of(TextIndexes.fingerprint(encoder.modelId(), changed)), repository.fingerprint(key).await().indefinitely());

        // a new copy of an unchanged list keeps its index
        TextIndex same = one.index(key, new Object(), () -> changed).await().indefinitely();
        assertSame(same, one.index(key, new Object(), () -> changed).await().indefinitely());
        assertEquals(7, first.texts.get());
    }
}
