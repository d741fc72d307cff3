package org.strategylab.experiment.analysis.discovery;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.strategylab.experiment.api.DiscoveryOutcome.Feature;
import org.strategylab.experiment.api.DiscoveryOutcome.Profile;
import org.strategylab.experiment.client.FailureText;
import org.strategylab.experiment.client.UpstreamGateway;
import org.strategylab.upstream.api.GeneResolution;
import org.strategylab.upstream.api.RecordRequest;
import org.strategylab.upstream.api.ResolvedGene;
import org.strategylab.upstream.api.ResultRecord;

/**
 * The first phase: what distinguishes the positives. The controls' organisms and product
 * descriptions come from one gene lookup; gene types and GO terms from the records of the first few
 * positives and negatives, read one by one (the site has no cheaper way to give a gene's GO terms),
 * so only as many as the budget and {@code discovery.profiled-records} allow. A feature is kept when
 * more positives than negatives (by share) have it and at least two positives do.
 */
final class ControlProfiler {

    /** Words of product descriptions that say nothing about what a gene does. */
    private static final Set<String> STOP_WORDS = Set.of("protein", "putative", "conserved", "unknown", "function",
            "the", "and", "with", "for", "from", "like", "family", "containing", "domain", "type", "gene", "probable",
            "hypothetical", "fragment", "pseudogene", "uncharacterized", "non", "coding", "predicted", "related",
            "specific", "associated", "similar", "subunit", "member", "partial", "chain", "isoform");

    /** How many features of each kind the profile keeps. */
    static final int KEPT = 6;

    /** The gene record type, whose records carry gene types and GO terms (a transcript's key needs a transcript id). */
    static final String GENE_RECORD = "gene";
    static final String GO_TABLE = "GOTerms";
    static final String GENE_TYPE = "gene_type";

    private final UpstreamGateway upstream;
    private final String token;
    private final String siteId;
    private final SiteCalls calls;

    ControlProfiler(UpstreamGateway upstream, String token, String siteId, SiteCalls calls) {
        this.upstream = upstream;
        this.token = token;
        this.siteId = siteId;
        this.calls = calls;
    }

    /** The profile of the controls (current gene IDs) reading at most {@code records} records of each list. */
    Uni<Profile> profile(List<String> positives, List<String> negatives, int records) {
        List<String> all = new ArrayList<>(positives);
        all.addAll(negatives);
        // upstream-gateway's gene lookup takes 1,000 IDs: a longer list is profiled on its first 1,000
        List<String> looked = all.subList(0, Math.min(all.size(), 1000));
        List<String> notes = new ArrayList<>();
        return calls.call(() -> upstream.resolveGenes(token, siteId, looked)).chain(found -> {
            GeneResolution genes = found.orElse(new GeneResolution(List.of(), List.of()));
            if (found.isEmpty()) {
                notes.add("the budget left no call to look the controls up");
            }
            Map<String, ResolvedGene> byId = new HashMap<>();
            genes.resolved().forEach(gene -> byId.putIfAbsent(gene.geneId(), gene));
            List<ResolvedGene> pos = positives.stream().map(byId::get).filter(g -> g != null).toList();
            List<ResolvedGene> neg = negatives.stream().map(byId::get).filter(g -> g != null).toList();
            List<Feature> organisms = features(values(pos, g -> Set.of(text(g.organism()))),
                    values(neg, g -> Set.of(text(g.organism()))), Map.of(), true);
            List<Feature> words = features(values(pos, g -> words(g.product())), values(neg, g -> words(g.product())),
                    Map.of(), false);
            List<String> posRead = positives.subList(0, Math.min(records, positives.size()));
            List<String> negRead = negatives.subList(0, Math.min(records, negatives.size()));
            return readRecords(posRead, negRead, notes).map(read -> {
                Map<String, String> goNames = new HashMap<>();
                List<Set<String>> posGo = new ArrayList<>();
                List<Set<String>> negGo = new ArrayList<>();
                List<Set<String>> posTypes = new ArrayList<>();
                List<Set<String>> negTypes = new ArrayList<>();
                read.forEach((id, record) -> {
                    boolean positive = posRead.contains(id);
                    Set<String> go = goTerms(record, goNames);
                    String type = text(record.attributes() == null ? null : record.attributes().path(GENE_TYPE).asText(null));
                    (positive ? posGo : negGo).add(go);
                    (positive ? posTypes : negTypes).add(type.isEmpty() ? Set.of() : Set.of(type));
                });
                List<Feature> goTerms = features(posGo, negGo, goNames, false);
                List<Feature> geneTypes = features(posTypes, negTypes, Map.of(), true);
                return new Profile(organisms, words, geneTypes, goTerms, read.size(),
                        summary(organisms, words, geneTypes, goTerms), List.copyOf(notes));
            });
        });
    }

    /** The records of the controls, one call each, in list order; the first failure ends the reading (said in the notes). */
    private Uni<Map<String, ResultRecord>> readRecords(List<String> positives, List<String> negatives, List<String> notes) {
        List<String> ids = new ArrayList<>();
        // alternate, so a budget that runs out mid-way leaves both lists profiled
        for (int i = 0; i < Math.max(positives.size(), negatives.size()); i++) {
            if (i < positives.size()) {
                ids.add(positives.get(i));
            }
            if (i < negatives.size()) {
                ids.add(negatives.get(i));
            }
        }
        Map<String, ResultRecord> read = new LinkedHashMap<>();
        if (ids.isEmpty()) {
            return Uni.createFrom().item(read);
        }
        // the first record alone: a site without these attributes or tables refuses it, and the rest are not asked
        return calls.call(() -> record(ids.get(0))).chain(first -> {
            if (first.isEmpty()) {
                notes.add("the budget left no calls to read the controls' records");
                return Uni.createFrom().item(read);
            }
            read.put(ids.get(0), first.get());
            return calls.<String, ResultRecord>each(ids.subList(1, ids.size()), this::record,
                    (outcome, count) -> Uni.createFrom().voidItem()).map(outcomes -> {
                        int failed = 0;
                        for (SiteCalls.Outcome<String, ResultRecord> outcome : outcomes) {
                            if (outcome.answer() != null) {
                                read.put(outcome.item(), outcome.answer());
                            } else if (outcome.failure() != null) {
                                failed++;
                            }
                        }
                        if (failed > 0) {
                            notes.add(failed + " control record(s) could not be read");
                        }
                        if (outcomes.stream().anyMatch(SiteCalls.Outcome::skipped)) {
                            notes.add("the budget left no calls to read every profiled record");
                        }
                        return read;
                    });
        }).onFailure().recoverWithItem(failure -> {
            notes.add("gene types and GO terms were not read: " + FailureText.of(failure,
                    "the site could not give a gene's record"));
            return read;
        });
    }

    private Uni<ResultRecord> record(String geneId) {
        return upstream.record(token, siteId, new RecordRequest(GENE_RECORD, Map.of("source_id", geneId),
                List.of(GENE_TYPE), List.of(GO_TABLE)));
    }

    private static Set<String> goTerms(ResultRecord record, Map<String, String> names) {
        Set<String> terms = new LinkedHashSet<>();
        JsonNode rows = record.tables() == null ? null : record.tables().path(GO_TABLE);
        if (rows != null && rows.isArray()) {
            for (JsonNode row : rows) {
                String id = text(row.path("go_id").asText(null));
                if (!id.isEmpty()) {
                    terms.add(id);
                    names.putIfAbsent(id, text(row.path("go_term_name").asText(null)));
                }
            }
        }
        return terms;
    }

    private static List<Set<String>> values(List<ResolvedGene> genes, java.util.function.Function<ResolvedGene, Set<String>> of) {
        return genes.stream().map(of).map(set -> {
            Set<String> kept = new LinkedHashSet<>(set);
            kept.remove("");
            return (Set<String>) kept;
        }).toList();
    }

    /** The distinct meaningful words of a product description. */
    static Set<String> words(String product) {
        Set<String> words = new LinkedHashSet<>();
        for (String word : text(product).toLowerCase(Locale.ROOT).split("[^a-z0-9]+")) {
            if (word.length() >= 3 && !STOP_WORDS.contains(word) && !word.chars().allMatch(Character::isDigit)) {
                words.add(word);
            }
        }
        return words;
    }

    /**
     * The values that more positives than negatives have (by share), at least two positives (or every
     * one of fewer), most distinctive first; {@code all} keeps every value the positives have (an
     * organism or a gene type is worth naming even when the negatives share it).
     */
    static List<Feature> features(List<Set<String>> positives, List<Set<String>> negatives, Map<String, String> labels,
                                  boolean all) {
        Map<String, int[]> counts = new LinkedHashMap<>();
        positives.forEach(values -> values.forEach(v -> counts.computeIfAbsent(v, k -> new int[2])[0]++));
        negatives.forEach(values -> values.forEach(v -> counts.computeIfAbsent(v, k -> new int[2])[1]++));
        int p = positives.size();
        int n = negatives.size();
        List<Feature> features = new ArrayList<>();
        counts.forEach((value, c) -> {
            double pShare = p == 0 ? 0 : (double) c[0] / p;
            double nShare = n == 0 ? 0 : (double) c[1] / n;
            boolean enough = c[0] >= Math.min(2, p);
            if (c[0] > 0 && enough && (all || pShare > nShare)) {
                features.add(new Feature(value, labels.getOrDefault(value, value), c[0], p, c[1], n, pShare - nShare));
            }
        });
        features.sort(Comparator.comparingDouble(Feature::distinctiveness).reversed()
                .thenComparing(Comparator.comparingInt(Feature::positives).reversed())
                .thenComparing(Feature::value));
        return List.copyOf(features.subList(0, Math.min(KEPT, features.size())));
    }

    private static List<String> summary(List<Feature> organisms, List<Feature> words, List<Feature> types,
                                        List<Feature> go) {
        List<Feature> all = new ArrayList<>();
        Map<Feature, String> kinds = new HashMap<>();
        for (Feature f : organisms) {
            kinds.put(f, "organism");
        }
        for (Feature f : words) {
            kinds.put(f, "product word");
        }
        for (Feature f : types) {
            kinds.put(f, "gene type");
        }
        for (Feature f : go) {
            kinds.put(f, "GO term");
        }
        all.addAll(kinds.keySet());
        all.sort(Comparator.comparingDouble(Feature::distinctiveness).reversed().thenComparing(Feature::value));
        List<String> lines = new ArrayList<>();
        for (Feature f : all) {
            if (f.distinctiveness() > 0 && lines.size() < 8) {
                lines.add(kinds.get(f) + " '" + f.label() + "'" + (f.label().equals(f.value()) ? "" : " (" + f.value() + ")")
                        + ": " + f.positives() + " of " + f.positivesOf() + " positives, " + f.negatives() + " of "
                        + f.negativesOf() + " negatives");
            }
        }
        if (lines.isEmpty()) {
            lines.add("nothing the site describes sets the positives apart from the negatives");
        }
        return List.copyOf(lines);
    }

    private static String text(String value) {
        return value == null ? "" : value.trim();
    }
}
