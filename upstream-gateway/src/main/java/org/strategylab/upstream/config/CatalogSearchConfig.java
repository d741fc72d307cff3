package org.strategylab.upstream.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/**
 * Ranking of catalogue searches and vocabulary values by a text query ({@code q}), under
 * {@code strategylab.upstream.catalog-search}: lexical (every word must appear), semantic (an
 * in-process sentence-embedding model, all-MiniLM-L6-v2) or hybrid (both, by a weighted sum).
 */
@ConfigMapping(prefix = "strategylab.upstream.catalog-search")
public interface CatalogSearchConfig {

    /** The sentence-embedding models shipped with the service. */
    enum Model {
        /** all-MiniLM-L6-v2, float32 (86 MiB): the same ranking on the labelled set, about 55 MiB more resident memory. */
        ALL_MINILM_L6_V2("all-minilm-l6-v2"),
        /** all-MiniLM-L6-v2 quantised to 8 bits (22 MiB): the default; less memory, faster to index. */
        ALL_MINILM_L6_V2_Q("all-minilm-l6-v2-q");

        private final String id;

        Model(String id) {
            this.id = id;
        }

        /** Its name in the artifact's resources and in stored vectors. */
        public String id() {
            return id;
        }
    }

    /** Which model ranks by meaning ({@code all-minilm-l6-v2-q} or {@code all-minilm-l6-v2}); see the README's figures. */
    @WithDefault("all-minilm-l6-v2-q")
    Model model();

    /** Texts embedded per model call while an index is built (spec §8). */
    @WithDefault("128")
    int batchSize();

    /**
     * Threads of one model call (ONNX Runtime's intra-op threads, the calling worker thread included;
     * idle ones sleep rather than spin). A batch's texts are embedded one after another.
     */
    @WithDefault("2")
    int threads();

    /**
     * Cosine similarity below which an entry is not a semantic match: it is left out of semantic
     * answers, and of hybrid answers unless its words match.
     */
    @WithDefault("0.2")
    double minSimilarity();

    /**
     * Hybrid score = w × similarity + (1 − w) × BM25 / best BM25 of the query. 0.8 was measured best on
     * the tuning half of the labelled query set and held on the fresh set (upstream-gateway README);
     * reciprocal-rank fusion was measured too and ranked worse at the first place, since it forgets
     * how far ahead the best similarity is.
     */
    @WithDefault("0.8")
    double semanticWeight();
}
