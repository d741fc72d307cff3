package org.strategylab.upstream.service.catalog.ranking;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.strategylab.upstream.config.CatalogSearchConfig;
import org.strategylab.upstream.support.UpstreamTest;

/**
 * The encoder as an index build uses it: a list longer than {@code batch-size} is embedded batch by
 * batch, one text after another inside each batch on the calling thread, and comes back in order,
 * each vector the one the text gets alone (the query path), of unit length; with one and two ONNX
 * Runtime threads. A Quarkus test only so that it shares the tokenizer's native library with the
 * other tests (a JVM loads it into one class loader only); the encoders of the first test are its own.
 */
@QuarkusTest
@UpstreamTest
class SentenceEncoderTest {

    /** The service's encoder, with the default settings (quantised model, batches of 128, 2 threads). */
    @Inject
    SentenceEncoder configured;

    private static final List<String> TEXTS = List.of(
            "Predicted Signal Peptide. Find genes whose proteins have a signal peptide",
            "Proximity to Telomeres. Find genes near the ends of chromosomes",
            "Transmembrane Domain Count",
            "Molecular Weight. Find genes by the predicted weight of their protein in kDa",
            "Orthology Phylogenetic Profile");

    static SentenceEncoder encoder(CatalogSearchConfig.Model model, int batchSize, int threads) {
        SentenceEncoder encoder = new SentenceEncoder();
        encoder.config = new CatalogSearchConfig() {
            public Model model() {
                return model;
            }

            public int batchSize() {
                return batchSize;
            }

            public int threads() {
                return threads;
            }

            public double minSimilarity() {
                return 0.2;
            }

            public double semanticWeight() {
                return 0.8;
            }
        };
        return encoder;
    }

    @Test
    void batchesKeepOrderAndGiveEachTextItsOwnVector() {
        for (int threads : new int[] {1, 2}) {
            // 5 texts in batches of 2: three model calls, the last one short
            SentenceEncoder encoder = encoder(CatalogSearchConfig.Model.ALL_MINILM_L6_V2_Q, 2, threads);
            float[][] batched = encoder.encode(TEXTS);
            assertEquals(TEXTS.size(), batched.length);
            for (int i = 0; i < TEXTS.size(); i++) {
                float[] alone = encoder.encode(TEXTS.get(i));
                assertEquals(384, batched[i].length);
                assertEquals(1.0, dot(batched[i], batched[i]), 1e-4, "unit length");
                assertEquals(1.0, dot(batched[i], alone), 1e-4, "text " + i + " with " + threads + " threads");
            }
        }
    }

    @Test
    void aResearchersWordsAreNearestTheSearchThatAnswersThem() {
        assertEquals("all-minilm-l6-v2-q", configured.modelId());
        float[][] searches = configured.encode(TEXTS);
        float[] query = configured.encode("secreted proteins");
        int best = 0;
        for (int i = 1; i < searches.length; i++) {
            if (dot(searches[i], query) > dot(searches[best], query)) {
                best = i;
            }
        }
        assertEquals(0, best, "signal peptide first");
        assertTrue(dot(searches[0], query) > dot(searches[1], query) + 0.1, "well ahead of the telomeres");
    }

    private static double dot(float[] a, float[] b) {
        double sum = 0;
        for (int i = 0; i < a.length; i++) {
            sum += a[i] * b[i];
        }
        return sum;
    }
}
