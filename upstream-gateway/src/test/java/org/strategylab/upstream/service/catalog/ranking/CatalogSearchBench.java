package org.strategylab.upstream.service.catalog.ranking;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.strategylab.upstream.config.CatalogSearchConfig;

/**
 * Speed of the catalogue ranking (issue 19, "measured, not assumed"), outside the test run: the
 * model's load time, the index build of each recorded catalogue (toxodb: its 423 searches, of which
 * the internal ones are not indexed), the resident memory these add, and the in-process latency of
 * a hybrid query (embedding plus ranking) over toxodb's index. The same classes as the service, with
 * the service's defaults ({@code -Dmodel=ALL_MINILM_L6_V2} for the float32 model, {@code -Dthreads=1}
 * for one ONNX thread, {@code -Dsmaps=true} lists the largest mappings). Run with the local run's JVM
 * options (deploy/local/run), from the repository root, after
 * {@code mvn -B -ntp -o -pl upstream-gateway -am test-compile}:
 *
 * <pre>
 * mvn -B -ntp -o -q -pl upstream-gateway dependency:build-classpath -Dmdep.outputFile=cp.txt
 * java -XX:+UseSerialGC -Xms32m -Xmx256m -XX:TrimNativeHeapInterval=5000 \
 *   -cp "upstream-gateway/target/classes:upstream-gateway/target/test-classes:upstream-simulator/target/classes:$(cat upstream-gateway/cp.txt)" \
 *   org.strategylab.upstream.service.catalog.ranking.CatalogSearchBench [--queries 2000]
 * </pre>
 */
public final class CatalogSearchBench {

    private CatalogSearchBench() {
    }

    public static void main(String[] args) throws IOException {
        int rounds = args.length > 1 && args[0].equals("--queries") ? Integer.parseInt(args[1]) : 2000;
        JsonNode sites;
        try (InputStream in = CatalogSearchBench.class.getResourceAsStream(
                "/org/strategylab/simulator/catalog/veupathdb-catalogues.json")) {
            sites = new ObjectMapper().readTree(in).path("sites");
        }
        List<String> queries = new ArrayList<>();
        try (InputStream in = CatalogSearchBench.class.getResourceAsStream("/catalog-search/queries.json")) {
            new ObjectMapper().readTree(in).path("queries").forEach(q -> queries.add(q.path("query").asText()));
        }
        System.gc();
        long rssStart = rssKiB();
        System.out.println("MEM at start: " + memory());
        CatalogSearchConfig.Model model = CatalogSearchConfig.Model.valueOf(System.getProperty("model", "ALL_MINILM_L6_V2_Q"));
        SentenceEncoder encoder = encoder(model);
        long start = System.nanoTime();
        encoder.encode("warm the model");
        System.out.printf("model %s load (first embedding included): %d ms; RSS +%d MiB%n", model, (System.nanoTime() - start) / 1_000_000,
                (rssKiB() - rssStart) / 1024);
        System.out.println("MEM after model: " + memory());
        Map<String, TextIndex> indexes = new LinkedHashMap<>();
        for (var site = sites.fields(); site.hasNext(); ) {
            var entry = site.next();
            JsonNode recordTypes = entry.getValue().path("recordTypes");
            int searches = 0;
            for (JsonNode type : recordTypes) {
                searches += type.path("searches").size();
            }
            start = System.nanoTime();
            List<RankedDoc> docs = CatalogRanking.searchDocs(recordTypes);
            TextIndex index = build(encoder, docs);
            int texts = 0;
            for (RankedDoc doc : docs) {
                texts += doc.embedded().size();
            }
            indexes.put(entry.getKey(), index);
            System.out.printf("index %-16s %3d searches (%3d indexed, %3d texts): %5d ms%n", entry.getKey(), searches,
                    docs.size(), texts, (System.nanoTime() - start) / 1_000_000);
        }
        System.gc();
        settle();
        System.out.printf("RSS: %d MiB at start, %d MiB with the model and %d indexes (+%d MiB)%n", rssStart / 1024,
                rssKiB() / 1024, indexes.size(), (rssKiB() - rssStart) / 1024);
        System.out.println("MEM after indexes: " + memory());
        if (Boolean.getBoolean("smaps")) {
            // the largest mappings by resident size: the Java heap is the one at the heap's address
            // (low, 256 MiB long with -Xmx256m), malloc's arenas are the 64 MiB-aligned anonymous ones
            List<String> lines = Files.readAllLines(Path.of("/proc/self/smaps"));
            List<String[]> maps = new ArrayList<>();
            String header = null;
            for (String line : lines) {
                if (line.matches("^[0-9a-f]+-[0-9a-f]+ .*")) {
                    header = line;
                } else if (line.startsWith("Rss:")) {
                    maps.add(new String[] {line.replaceAll("[^0-9]", ""), header});
                }
            }
            maps.sort((a, b) -> Long.compare(Long.parseLong(b[0]), Long.parseLong(a[0])));
            maps.stream().limit(25).forEach(m -> System.out.println("SMAP " + m[0] + " kB " + m[1]));
        }
        TextIndex toxo = indexes.get("toxodb");
        long[] nanos = new long[rounds];
        for (int r = -200; r < rounds; r++) {
            String query = queries.get(Math.floorMod(r, queries.size()));
            long t = System.nanoTime();
            float[] vector = encoder.encode(query);
            Ranker.hybrid(toxo, query, vector, 0.2, 0.8);
            if (r >= 0) {
                nanos[r] = System.nanoTime() - t;
            }
        }
        Arrays.sort(nanos);
        System.out.printf("hybrid query on toxodb, in process, %d queries after 200 warm-up: p50 %.2f ms, p99 %.2f ms%n", rounds,
                nanos[rounds / 2] / 1e6, nanos[(int) Math.ceil(rounds * 0.99) - 1] / 1e6);
        System.out.printf("load average: %s%n", Files.readString(Path.of("/proc/loadavg")).trim());
        System.exit(0);
    }

    /** An encoder with the service's defaults and the given model. */
    static SentenceEncoder encoder(CatalogSearchConfig.Model model) {
        SentenceEncoder encoder = new SentenceEncoder();
        encoder.config = new CatalogSearchConfig() {
            public Model model() {
                return model;
            }

            public int batchSize() {
                return 128;
            }

            public int threads() {
                return Integer.getInteger("threads", 2);
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

    /** The index of the entries, as the service builds it. */
    static TextIndex build(SentenceEncoder encoder, List<RankedDoc> docs) {
        return TextIndexes.build(encoder, docs);
    }

    /** Resident memory (anonymous and file-backed) and the JVM's own view of its heap and non-heap. */
    static String memory() throws IOException {
        StringBuilder out = new StringBuilder();
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmRSS:") || line.startsWith("RssAnon:") || line.startsWith("RssFile:")) {
                out.append(line.replaceAll("\\s+", " ")).append("; ");
            }
        }
        var heap = java.lang.management.ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        var nonHeap = java.lang.management.ManagementFactory.getMemoryMXBean().getNonHeapMemoryUsage();
        out.append(String.format("heap used %d committed %d MiB; non-heap committed %d MiB", heap.getUsed() >> 20, heap.getCommitted() >> 20,
                nonHeap.getCommitted() >> 20));
        return out.toString();
    }

    /**
     * Waits until the resident memory has stopped falling for six seconds (read every second, at
     * most 30 s): a JVM run with {@code -XX:TrimNativeHeapInterval} (the local run's and the chart's
     * options) gives freed native memory back on its own schedule, not at once.
     */
    private static void settle() throws IOException {
        long previous = rssKiB();
        int steady = 0;
        for (int second = 0; second < 30 && steady < 6; second++) {
            try {
                Thread.sleep(1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            long now = rssKiB();
            steady = previous - now < 1024 ? steady + 1 : 0;
            previous = now;
        }
    }

    private static long rssKiB() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", ""));
            }
        }
        return -1;
    }
}
