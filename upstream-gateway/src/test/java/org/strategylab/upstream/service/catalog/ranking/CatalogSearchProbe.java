package org.strategylab.upstream.service.catalog.ranking;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.strategylab.upstream.config.CatalogSearchConfig;

/**
 * The labelled query set ranked in process (no service), for looking at misses and comparing
 * variants of the ranking quickly: prints recall@1, recall@5 and MRR per mode, over all queries and
 * over the first set's two halves (even positions: tuning; odd: held out) and over the fresh set (queries marked
 * {@code "set": "fresh"}, written before the thesaurus and never looked at while choosing it), and each hybrid
 * miss of the first set with its top 3 ({@code -Dpeek=true} shows the fresh set's too).
 * Same class path as {@link CatalogSearchBench}; {@code -Dmodel=ALL_MINILM_L6_V2} for the float32 model,
 * {@code -Dweights=0.5,0.7,0.9} sweep the semantic weight (default: the service's 0.8).
 */
public final class CatalogSearchProbe {

    private CatalogSearchProbe() {
    }

    record Query(String site, String text, Set<String> accept, boolean fresh) {
    }

    public static void main(String[] args) throws IOException {
        JsonNode sites;
        try (InputStream in = CatalogSearchProbe.class.getResourceAsStream(
                "/org/strategylab/simulator/catalog/veupathdb-catalogues.json")) {
            sites = new ObjectMapper().readTree(in).path("sites");
        }
        List<Query> queries = new ArrayList<>();
        try (InputStream in = CatalogSearchProbe.class.getResourceAsStream("/catalog-search/queries.json")) {
            for (JsonNode q : new ObjectMapper().readTree(in).path("queries")) {
                Set<String> accept = new HashSet<>();
                q.path("accept").forEach(a -> accept.add(a.asText()));
                queries.add(new Query(q.path("site").asText(), q.path("query").asText(), accept,
                        q.path("set").asText().equals("fresh")));
            }
        }
        CatalogSearchConfig.Model model = CatalogSearchConfig.Model.valueOf(System.getProperty("model", "ALL_MINILM_L6_V2_Q"));
        SentenceEncoder encoder = CatalogSearchBench.encoder(model);
        Map<String, TextIndex> indexes = new HashMap<>();
        for (Query q : queries) {
            indexes.computeIfAbsent(q.site(), site -> CatalogSearchBench.build(encoder,
                    CatalogRanking.searchDocs(sites.path(site).path("recordTypes"))));
        }
        Map<String, float[]> vectors = new HashMap<>();
        Map<String, CatalogRanking.SearchQuery> asRanked = new HashMap<>();
        for (Query q : queries) {
            CatalogRanking.SearchQuery ranked = CatalogRanking.SearchQuery.of(q.text(), CatalogRanking.THESAURUS);
            asRanked.put(q.text(), ranked);
            vectors.put(q.text(), encoder.encode(ranked.embedded()));
        }
        List<Double> weights = new ArrayList<>();
        for (String w : System.getProperty("weights", "0.8").split(",")) {
            weights.add(Double.parseDouble(w));
        }
        System.out.printf("%d queries, model %s%n", queries.size(), model);
        for (double weight : weights) {
            for (String mode : List.of("lexical", "semantic", "hybrid")) {
                double[][] sums = new double[4][3];
                int[] counts = new int[4];
                List<String> misses = new ArrayList<>();
                for (int n = 0; n < queries.size(); n++) {
                    Query q = queries.get(n);
                    TextIndex index = indexes.get(q.site());
                    List<String> order = new ArrayList<>();
                    if (mode.equals("lexical")) {
                        List<String> words = LexicalScorer.words(q.text());
                        List<int[]> scored = new ArrayList<>();
                        for (int d = 0; d < index.size(); d++) {
                            RankedDoc doc = index.doc(d);
                            int s = LexicalScorer.score(doc.key().substring(doc.key().indexOf('/') + 1), doc.title(), null,
                                    doc.text(), words);
                            if (s > 0) {
                                scored.add(new int[] {d, s});
                            }
                        }
                        scored.sort((a, b) -> b[1] != a[1] ? Integer.compare(b[1], a[1]) : Integer.compare(a[0], b[0]));
                        scored.forEach(s -> order.add(index.doc(s[0]).key()));
                    } else {
                        List<Ranker.Ranked> ranked = mode.equals("semantic")
                                ? Ranker.semantic(index, vectors.get(q.text()), 0.2)
                                : Ranker.hybrid(index, asRanked.get(q.text()).lexical(), vectors.get(q.text()), 0.2, weight);
                        ranked.forEach(r -> order.add(index.doc(r.index()).key()));
                    }
                    int first = -1;
                    for (int i = 0; i < order.size(); i++) {
                        if (q.accept().contains(order.get(i).substring(order.get(i).indexOf('/') + 1))) {
                            first = i;
                            break;
                        }
                    }
                    for (int part : new int[] {0, q.fresh() ? 3 : 1 + n % 2}) {
                        counts[part]++;
                        sums[part][0] += first == 0 ? 1 : 0;
                        sums[part][1] += first >= 0 && first < 5 ? 1 : 0;
                        sums[part][2] += first >= 0 ? 1.0 / (first + 1) : 0;
                    }
                    if (mode.equals("hybrid") && (first < 0 || first >= 5) && (!q.fresh() || Boolean.getBoolean("peek"))) {
                        misses.add(String.format("  miss %-15s %-55s at %3d; top: %s", q.site(), q.text(), first,
                                order.subList(0, Math.min(3, order.size()))));
                    }
                }
                System.out.printf("w=%.2f %-8s all r@1 %.3f r@5 %.3f MRR %.3f | tuning r@5 %.3f MRR %.3f"
                                + " | held-out r@1 %.3f r@5 %.3f MRR %.3f | fresh r@1 %.3f r@5 %.3f MRR %.3f%n",
                        weight, mode, sums[0][0] / counts[0], sums[0][1] / counts[0], sums[0][2] / counts[0],
                        sums[1][1] / counts[1], sums[1][2] / counts[1], sums[2][0] / counts[2], sums[2][1] / counts[2],
                        sums[2][2] / counts[2], sums[3][0] / counts[3], sums[3][1] / counts[3], sums[3][2] / counts[3]);
                if (!System.getProperty("misses", "true").equals("false")) {
                    misses.forEach(System.out::println);
                }
            }
        }
        System.exit(0);
    }
}
