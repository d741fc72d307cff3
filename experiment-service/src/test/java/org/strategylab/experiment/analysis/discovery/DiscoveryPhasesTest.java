package org.strategylab.experiment.analysis.discovery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.strategylab.evaluation.json.EvaluationJson;
import org.strategylab.experiment.api.DiscoveryOutcome;
import org.strategylab.experiment.api.DiscoveryOutcome.Feature;
import org.strategylab.experiment.api.DiscoveryOutcome.Profile;
import org.strategylab.experiment.api.DiscoveryRequest;
import org.strategylab.experiment.client.UpstreamFailure;
import org.strategylab.experiment.client.UpstreamGateway;
import org.strategylab.experiment.config.ExperimentConfig;
import org.strategylab.upstream.api.GeneResolution;
import org.strategylab.upstream.api.ParamSpec;
import org.strategylab.upstream.api.RecordRequest;
import org.strategylab.upstream.api.ResolvedGene;
import org.strategylab.upstream.api.ResultRecord;
import org.strategylab.upstream.api.SearchParamSpecs;
import org.strategylab.upstream.api.SearchSummary;
import org.strategylab.upstream.api.VocabularyHit;
import org.strategylab.upstream.api.VocabularyTerm;

/**
 * The phases of a discovery as units over a stubbed upstream client: a small synthetic site whose
 * searches (organism, product text, GO term, gene type, an ID list) are answered from its genes, so
 * each phase's calls and answers are what the phase makes of them. No Quarkus, no broker, no site.
 */
class DiscoveryPhasesTest {

    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final String ORG_A = "Organism A";
    private static final String ORG_B = "Organism B";
    private static final String KINASE_GO = "GO:0004672";
    private static final String TRANSPORT_GO = "GO:0006810";

    /** One gene of the synthetic site. */
    record Gene(String id, String organism, String product, String type, Set<String> go) {
    }

    /** 60 genes: A1–A50 of organism A (A1–A12 kinases), B1–B10 of organism B (B1–B3 kinases). */
    static List<Gene> genome() {
        List<Gene> genes = new ArrayList<>();
        for (int i = 1; i <= 50; i++) {
            boolean kinase = i <= 12;
            genes.add(new Gene("A" + i, ORG_A, kinase ? "serine/threonine protein kinase" : "transporter, putative",
                    i % 10 == 0 ? "ncRNA" : "protein_coding", kinase ? Set.of(KINASE_GO) : Set.of(TRANSPORT_GO)));
        }
        for (int i = 1; i <= 10; i++) {
            genes.add(new Gene("B" + i, ORG_B, i <= 3 ? "protein kinase" : "ribosomal protein L2", "protein_coding",
                    i <= 3 ? Set.of(KINASE_GO) : Set.of()));
        }
        return genes;
    }

    private static ParamSpec param(String name, String type, String displayType, Boolean multiPick, Boolean allowEmpty,
                                   List<VocabularyTerm> vocabulary) {
        return new ParamSpec(name, name, type, null, true, false, allowEmpty, multiPick, displayType, null, null, null,
                vocabulary, null, null, null, null, null, null, null, null, null, null, null, null, null);
    }

    private static List<VocabularyTerm> terms(String... values) {
        return java.util.Arrays.stream(values).map(v -> new VocabularyTerm(v, v, List.of())).toList();
    }

    /** upstream-gateway over the synthetic site, recording every call and the most in flight at once. */
    static class SyntheticSite extends UpstreamGateway {
        final List<Gene> genes = genome();
        final List<String> calls = new CopyOnWriteArrayList<>();
        final AtomicInteger inFlight = new AtomicInteger();
        final AtomicInteger peak = new AtomicInteger();
        /** Searches whose counts the site refuses. */
        final Set<String> refused = new HashSet<>();
        /** Whether the catalogue offers the molecular-weight search (a number to tune) for "organism". */
        boolean weights;

        private <T> Uni<T> answer(String call, java.util.function.Supplier<T> answer) {
            calls.add(call);
            return Uni.createFrom().item(() -> {
                        peak.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
                        return answer.get();
                    })
                    .onItem().delayIt().by(Duration.ofMillis(5))
                    .eventually(inFlight::decrementAndGet);
        }

        private Gene gene(String id) {
            return genes.stream().filter(g -> g.id().equals(id)).findFirst().orElse(null);
        }

        @Override
        public Uni<GeneResolution> resolveGenes(String token, String siteId, List<String> geneIds) {
            return answer("resolve", () -> new GeneResolution(geneIds.stream().map(this::gene).filter(g -> g != null)
                    .map(g -> new ResolvedGene(g.id(), g.id(), g.organism(), g.product(), null)).toList(), List.of()));
        }

        @Override
        public Uni<ResultRecord> record(String token, String siteId, RecordRequest request) {
            Gene g = gene(request.primaryKey().get("source_id"));
            return answer("record " + g.id(), () -> {
                JsonNode attributes = EvaluationJson.mapper().createObjectNode().put("gene_type", g.type());
                var tables = EvaluationJson.mapper().createObjectNode();
                var rows = tables.putArray("GOTerms");
                g.go().forEach(go -> rows.addObject().put("go_id", go)
                        .put("go_term_name", go.equals(KINASE_GO) ? "protein kinase activity" : "transport"));
                return new ResultRecord(Map.of("source_id", g.id()), g.id(), g.id(), attributes, tables);
            });
        }

        @Override
        public Uni<List<SearchSummary>> catalogueSearches(String token, String siteId, String recordType, String query,
                                                          int limit) {
            List<SearchSummary> found = new ArrayList<>();
            if (query.contains("kinase") || query.contains("threonine")) {
                found.add(summary("GenesByGoTerm", "GO Term"));
                found.add(summary("GenesByText", "Text"));
                found.add(summary("GeneByLocusTag", "List of IDs"));
            } else if (query.contains("organism")) {
                found.add(summary("GenesByTaxon", "Organism"));
                if (weights) {
                    found.add(summary("GenesByMolecularWeight", "Molecular Weight"));
                }
            } else if (query.contains("gene type")) {
                found.add(summary("GenesByGeneType", "Gene Type"));
            }
            return answer("catalogue " + query, () -> found);
        }

        private static SearchSummary summary(String name, String display) {
            return new SearchSummary(name, display, display, display, "transcript", "search");
        }

        @Override
        public Uni<SearchParamSpecs> paramSpecs(String token, String siteId, String recordType, String searchName) {
            List<ParamSpec> params = switch (searchName) {
                case "GenesByGoTerm" -> List.of(param("organism", "multi-pick-vocabulary", "treeBox", true, false,
                                terms(ORG_A, ORG_B)),
                        param("go_typeahead", "multi-pick-vocabulary", "typeAhead", true, false, null),
                        param("go_term", "string", null, null, true, null));
                case "GenesByText" -> List.of(param("text_search_organism", "multi-pick-vocabulary", "treeBox", true,
                        false, terms(ORG_A, ORG_B)), param("text_expression", "string", null, null, false, null));
                case "GenesByTaxon" -> List.of(param("organism", "multi-pick-vocabulary", "treeBox", true, false,
                        terms(ORG_A, ORG_B)));
                case "GenesByGeneType" -> List.of(param("organism", "multi-pick-vocabulary", "treeBox", true, false,
                        terms(ORG_A, ORG_B)), param("geneType", "multi-pick-vocabulary", "checkBox", true, false,
                        terms("ncRNA", "protein_coding")));
                case "GenesByMolecularWeight" -> List.of(param("organism", "multi-pick-vocabulary", "treeBox", true, false,
                        terms(ORG_A, ORG_B)), new ParamSpec("max_weight", "max_weight", "number", null, true, false, false,
                        null, null, null, null, null, null, "100000", 0.0, 100000.0, 1.0, null, null, null, null, null,
                        null, null, null, true));
                default -> List.of(param("ds_gene_ids", "input-dataset", null, null, false, null));
            };
            return answer("params " + searchName, () -> new SearchParamSpecs(searchName, recordType, searchName, params));
        }

        @Override
        public Uni<List<VocabularyHit>> vocabulary(String token, String siteId, String recordType, String searchName,
                                                   String parameter, String query, int limit) {
            return answer("vocabulary " + parameter + " " + query, () -> query.contains("kinase")
                    ? List.of(new VocabularyHit(KINASE_GO, "protein kinase activity", true, 0.9, null))
                    : List.of());
        }

        @Override
        public Uni<Counts> controlCounts(String token, String siteId, String recordType, JsonNode tree,
                                         Map<String, List<String>> controlLists, String controlsSearch,
                                         String controlsParameter) {
            String search = tree.path("searchName").asText("tree");
            if (refused.contains(search)) {
                calls.add("counts " + search);
                return Uni.createFrom().failure(new UpstreamFailure(422, "VALIDATION_ERROR",
                        "the site does not take this value", List.of()));
            }
            return answer("counts " + search, () -> {
                Set<String> result = result(tree);
                List<ControlHits> hits = new ArrayList<>();
                controlLists.forEach((label, ids) -> {
                    List<String> in = ids.stream().filter(result::contains).toList();
                    hits.add(new ControlHits(label, in.size(), in));
                });
                return new Counts(result.size(), result.size(), hits);
            });
        }

        /** A gene's weight: A1 1,000 … A50 50,000; B genes 60,000 and more. */
        static double weight(Gene g) {
            int n = Integer.parseInt(g.id().substring(1));
            return g.organism().equals(ORG_A) ? n * 1000.0 : 60000.0 + n * 1000;
        }

        /** What a tree returns on the synthetic site. */
        Set<String> result(JsonNode tree) {
            if (tree.has("operator")) {
                Set<String> left = result(tree.path("primaryInput"));
                Set<String> right = result(tree.path("secondaryInput"));
                switch (tree.path("operator").asText()) {
                    case "INTERSECT" -> left.retainAll(right);
                    case "UNION" -> left.addAll(right);
                    default -> left.removeAll(right);
                }
                return left;
            }
            JsonNode p = tree.path("parameters");
            Set<String> organisms = new HashSet<>();
            p.path(p.has("organism") ? "organism" : "text_search_organism").forEach(o -> organisms.add(o.asText()));
            Set<String> out = new HashSet<>();
            for (Gene g : genes) {
                if (!organisms.isEmpty() && !organisms.contains(g.organism())) {
                    continue;
                }
                boolean in = switch (tree.path("searchName").asText()) {
                    case "GenesByGoTerm" -> g.go().contains(p.path("go_typeahead").path(0).asText());
                    case "GenesByText" -> g.product().contains(p.path("text_expression").asText());
                    case "GenesByGeneType" -> p.path("geneType").toString().contains("\"" + g.type() + "\"");
                    case "GenesByMolecularWeight" -> weight(g) <= Double.parseDouble(p.path("max_weight").asText("100000"));
                    default -> true;
                };
                if (in) {
                    out.add(g.id());
                }
            }
            return out;
        }
    }

    static ExperimentConfig config(int profiledRecords) {
        Object discovery = Proxy.newProxyInstance(DiscoveryPhasesTest.class.getClassLoader(),
                new Class<?>[] {ExperimentConfig.Discovery.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "defaultBudget" -> 300;
                    case "maxBudget" -> 2000;
                    case "siteConcurrency" -> 3;
                    case "maxCandidates" -> 40;
                    case "profiledRecords" -> profiledRecords;
                    case "minPositives" -> 3;
                    default -> throw new UnsupportedOperationException(method.getName());
                });
        return (ExperimentConfig) Proxy.newProxyInstance(DiscoveryPhasesTest.class.getClassLoader(),
                new Class<?>[] {ExperimentConfig.class}, (proxy, method, args) -> {
                    if (method.getName().equals("discovery")) {
                        return discovery;
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
    }

    /** Positives: 8 kinases of organism A; negatives: 10 other genes of A and 3 kinases of B. */
    static final List<String> POSITIVES = List.of("A1", "A2", "A3", "A4", "A5", "A6", "A7", "A8");
    static final List<String> NEGATIVES = List.of("A20", "A21", "A22", "A23", "A24", "A25", "A26", "A27", "A28", "A30",
            "B1", "B2", "B3");

    private static DiscoveryRequest request(Integer budget) {
        return new DiscoveryRequest("site", null, POSITIVES, NEGATIVES, null, null, null, 3, budget, 7L, 5);
    }

    @Test
    void theProfileNamesWhatSetsThePositivesApart() {
        SyntheticSite site = new SyntheticSite();
        Profile profile = new ControlProfiler(site, "t", "site", new SiteCalls(100, 3))
                .profile(POSITIVES, NEGATIVES, 4).await().atMost(WAIT);
        Feature organism = profile.organisms().get(0);
        assertEquals(ORG_A, organism.value());
        assertEquals(8, organism.positives());
        assertEquals(10, organism.negatives());
        Feature word = profile.productWords().get(0);
        assertTrue(Set.of("serine", "threonine", "kinase").contains(word.value()), profile.productWords().toString());
        assertEquals(1.0, word.distinctiveness(), 1e-9, "every positive, no negative of A has it");
        Feature kinase = profile.productWords().stream().filter(f -> f.value().equals("kinase")).findFirst().orElseThrow();
        assertEquals(3, kinase.negatives(), "the kinases of B are negatives");
        assertFalse(profile.productWords().stream().anyMatch(f -> f.value().equals("protein")), "a stop word");
        // GO terms from the records read: 4 positives and 4 negatives, one call each
        assertEquals(8, profile.recordsRead());
        assertEquals(KINASE_GO, profile.goTerms().get(0).value());
        assertEquals("protein kinase activity", profile.goTerms().get(0).label());
        assertEquals(9, site.calls.size(), site.calls.toString());
        assertTrue(profile.summary().get(0).contains("'"), profile.summary().toString());
        assertTrue(profile.notes().isEmpty(), profile.notes().toString());
    }

    @Test
    void aSiteWithoutTheRecordsTableIsProfiledWithoutThemAndSaysSo() {
        SyntheticSite site = new SyntheticSite() {
            @Override
            public Uni<ResultRecord> record(String token, String siteId, RecordRequest request) {
                calls.add("record");
                return Uni.createFrom().failure(new UpstreamFailure(422, "VALIDATION_ERROR",
                        "the record type has no table GOTerms", List.of()));
            }
        };
        Profile profile = new ControlProfiler(site, "t", "site", new SiteCalls(100, 3))
                .profile(POSITIVES, NEGATIVES, 4).await().atMost(WAIT);
        assertEquals(0, profile.recordsRead());
        assertTrue(profile.goTerms().isEmpty());
        assertEquals(1, site.calls.stream().filter(c -> c.equals("record")).count(), "the first refusal ends the reading");
        assertTrue(profile.notes().get(0).contains("no table GOTerms"), profile.notes().toString());
        assertFalse(profile.notes().get(0).contains("Exception"), profile.notes().toString());
    }

    @Test
    void aSearchIsFilledFromTheProfileOrLeftOut() {
        Profile profile = new Profile(List.of(new Feature(ORG_A, ORG_A, 8, 8, 10, 13, 0.23)),
                List.of(new Feature("kinase", "kinase", 8, 8, 3, 13, 0.77)),
                List.of(new Feature("protein_coding", "protein_coding", 4, 4, 3, 4, 0.25)),
                List.of(new Feature(KINASE_GO, "protein kinase activity", 4, 4, 0, 4, 1.0)), 8, List.of(), List.of());
        List<CandidateFinder.Query> kinase = List.of(new CandidateFinder.Query("kinase", "product word 'kinase'", true));
        SyntheticSite site = new SyntheticSite();

        CandidateFinder.Plan go = CandidateFinder.plan(site.paramSpecs(null, null, "transcript", "GenesByGoTerm")
                .await().atMost(WAIT), kinase, profile);
        assertEquals("go_typeahead", go.topic().name());
        assertEquals(List.of(ORG_A), go.base().get("organism"));
        assertEquals(Map.of(KINASE_GO, "protein kinase activity"), go.values(), "the GO terms the positives share");
        assertEquals(List.of("kinase"), go.words(), "and the word looked up in the vocabulary");
        assertFalse(go.base().containsKey("go_term"), "an optional text keeps its default");

        CandidateFinder.Plan text = CandidateFinder.plan(site.paramSpecs(null, null, "transcript", "GenesByText")
                .await().atMost(WAIT), kinase, profile);
        SearchProposal proposal = text.proposals().get(0);
        assertEquals("kinase", proposal.parameters().get("text_expression"));
        assertEquals(List.of(ORG_A), proposal.parameters().get("text_search_organism"));

        CandidateFinder.Plan types = CandidateFinder.plan(site.paramSpecs(null, null, "transcript", "GenesByGeneType")
                .await().atMost(WAIT), List.of(new CandidateFinder.Query("protein coding gene type", "gene type", false)), profile);
        assertNull(types.topic());
        assertEquals(List.of("protein_coding"), types.proposals().get(0).parameters().get("geneType"));

        assertNull(CandidateFinder.plan(site.paramSpecs(null, null, "transcript", "GeneByLocusTag").await().atMost(WAIT),
                kinase, profile), "a search that takes a dataset cannot be filled");
    }

    @Test
    void theDiscoveryFindsTheSeparatingSearchWithAtMostThreeCallsAtOnce() {
        SyntheticSite site = new SyntheticSite();
        List<String> phases = new CopyOnWriteArrayList<>();
        List<Map<String, Object>> candidates = new CopyOnWriteArrayList<>();
        DiscoveryOutcome outcome = DiscoveryWork.over(site, config(4))
                .discover("t", "d-1", request(null), (phase, message, fields) -> {
                    phases.add(phase);
                    if (fields.containsKey("candidate")) {
                        candidates.add(fields);
                    }
                    assertNotNull(fields.get("siteCalls"));
                    return Uni.createFrom().voidItem();
                }).await().atMost(WAIT);

        assertEquals(List.of("profiling", "candidates", "counting", "tuning", "combining", "result"),
                phases.stream().distinct().toList());
        assertTrue(site.peak.get() <= 3, "at most 3 site calls at once, saw " + site.peak.get());
        assertTrue(site.peak.get() >= 2, "calls ran side by side, saw " + site.peak.get());
        assertEquals(site.calls.size(), outcome.siteCalls(), "every call counted: " + site.calls);
        assertFalse(outcome.budgetExhausted());
        // every candidate counted was reported, and the ID-list search was never tried
        assertEquals(outcome.candidates().size() + outcome.failedCandidates().size(), candidates.size());
        assertFalse(site.calls.stream().anyMatch(c -> c.equals("counts GeneByLocusTag")), site.calls.toString());

        DiscoveryOutcome.Strategy chosen = outcome.strategies().get(0);
        assertTrue(chosen.chosen());
        // the kinases of organism A exactly: the GO term (or the text) within organism A
        assertEquals(Set.of("A1", "A2", "A3", "A4", "A5", "A6", "A7", "A8", "A9", "A10", "A11", "A12"),
                site.result(chosen.stepTree()), chosen.description());
        assertEquals(1.0, chosen.score(), 1e-9);
        assertEquals(12L, chosen.resultSize());
        assertEquals(1.0, outcome.crossValidatedScore(), 1e-9);
        assertEquals("low", outcome.overfittingLevel());
        assertNotNull(chosen.bootstrap().get("f1Score"));
        assertFalse(outcome.tuning().performed());
        assertTrue(outcome.message().startsWith("proposes "), outcome.message());
    }

    @Test
    void aCandidateTheSiteRefusesIsLeftOutWithItsReason() {
        SyntheticSite site = new SyntheticSite();
        site.refused.add("GenesByText");
        DiscoveryOutcome outcome = DiscoveryWork.over(site, config(4)).discover("t", "d-2", request(null),
                DiscoveryProgress.none()).await().atMost(WAIT);
        assertFalse(outcome.failedCandidates().isEmpty());
        outcome.failedCandidates().forEach(failed -> {
            assertEquals("GenesByText", failed.searchName());
            assertTrue(failed.error().contains("the site does not take this value"), failed.error());
            assertFalse(failed.error().contains("Exception"), failed.error());
        });
        assertTrue(outcome.candidates().stream().noneMatch(c -> c.searchName().equals("GenesByText")));
        assertEquals(1.0, outcome.strategies().get(0).score(), 1e-9, "the GO term still separates them");
    }

    @Test
    void theBudgetStopsTheCallsAndWhatWasCountedIsCombined() {
        SyntheticSite site = new SyntheticSite();
        DiscoveryOutcome outcome = DiscoveryWork.over(site, config(4)).discover("t", "d-3", request(20),
                DiscoveryProgress.none()).await().atMost(WAIT);
        assertTrue(outcome.budgetExhausted());
        assertEquals("budget", outcome.stopReason());
        assertEquals(20, outcome.siteCalls());
        assertEquals(20, site.calls.size(), "no call past the budget: " + site.calls);
        assertTrue(outcome.message().contains("best found so far"), outcome.message());
    }

    @Test
    void theTuningPhaseMovesANumberThatSeparatesTheControls() {
        SyntheticSite site = new SyntheticSite();
        site.weights = true;
        // light transporters against heavier ones: only the weight separates them
        List<String> light = List.of("A13", "A14", "A15", "A16", "A17", "A18", "A19");
        List<String> heavy = List.of("A31", "A32", "A33", "A34", "A35", "A36", "A37", "A38", "A39", "A41", "B5", "B6");
        List<Map<String, Object>> tuningEvents = new CopyOnWriteArrayList<>();
        DiscoveryOutcome outcome = DiscoveryWork.over(site, config(4)).discover("t", "d-4",
                new DiscoveryRequest("site", null, light, heavy, null, null, null, 2, null, 7L, 5),
                (phase, message, fields) -> {
                    if (fields.containsKey("tuning")) {
                        tuningEvents.add(fields);
                    }
                    return Uni.createFrom().voidItem();
                }).await().atMost(WAIT);
        assertTrue(outcome.tuning().performed(), outcome.tuning().reason());
        assertTrue(outcome.tuning().trials() >= CandidateTuning.MIN_TRIALS, outcome.tuning().toString());
        assertEquals(1, tuningEvents.size());
        DiscoveryOutcome.Candidate tuned = outcome.candidates().stream().filter(DiscoveryOutcome.Candidate::tuned)
                .findFirst().orElseThrow(() -> new AssertionError(outcome.candidates().toString()));
        assertEquals("GenesByMolecularWeight", tuned.searchName());
        assertEquals(1.0, tuned.score(), 1e-9, tuned.toString());
        double max = Double.parseDouble(String.valueOf(tuned.parameters().get("max_weight")));
        assertTrue(max >= 19000 && max < 31000, "a maximum between the light and the heavy: " + max);
        DiscoveryOutcome.Strategy chosen = outcome.strategies().get(0);
        assertEquals(1.0, chosen.score(), 1e-9, chosen.description());
        assertTrue(chosen.description().contains("tuned"), chosen.description());
        assertEquals(site.calls.size(), outcome.siteCalls(), "every trial counted: " + site.calls);
        assertTrue(site.peak.get() <= 3, "at most 3 site calls at once, saw " + site.peak.get());
    }

    @Test
    void tuningIsSkippedSayingWhy() {
        SyntheticSite site = new SyntheticSite();
        DiscoveryOutcome none = DiscoveryWork.over(site, config(4)).discover("t", "d-5", request(null),
                DiscoveryProgress.none()).await().atMost(WAIT);
        assertFalse(none.tuning().performed());
        assertTrue(none.tuning().reason().contains("no candidate has a numeric parameter"), none.tuning().reason());

        SyntheticSite weights = new SyntheticSite();
        weights.weights = true;
        DiscoveryOutcome poor = DiscoveryWork.over(weights, config(1)).discover("t", "d-6", request(24),
                DiscoveryProgress.none()).await().atMost(WAIT);
        assertFalse(poor.tuning().performed(), poor.tuning().reason());
        assertTrue(poor.tuning().reason().contains("budget"), poor.tuning().reason());
        assertTrue(poor.siteCalls() <= 24);
    }

    @Test
    void siteCallsKeepTheirBudgetAndConcurrency() {
        SiteCalls calls = new SiteCalls(4, 3);
        AtomicInteger inFlight = new AtomicInteger();
        AtomicInteger peak = new AtomicInteger();
        List<Integer> done = new CopyOnWriteArrayList<>();
        List<SiteCalls.Outcome<Integer, Integer>> outcomes = calls.<Integer, Integer>each(List.of(0, 1, 2, 3, 4, 5, 6),
                i -> Uni.createFrom().item(() -> {
                    peak.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
                    return i * 10;
                }).onItem().delayIt().by(Duration.ofMillis(20)).eventually(inFlight::decrementAndGet),
                (outcome, count) -> {
                    done.add(count);
                    return Uni.createFrom().voidItem();
                }).await().atMost(WAIT);
        assertEquals(7, outcomes.size());
        for (int i = 0; i < 7; i++) {
            assertEquals(i, outcomes.get(i).index(), "in the items' order");
        }
        assertEquals(4, outcomes.stream().filter(o -> o.answer() != null).count());
        assertEquals(3, outcomes.stream().filter(SiteCalls.Outcome::skipped).count());
        assertTrue(calls.exhausted());
        assertEquals(4, calls.used());
        assertTrue(peak.get() <= 3, "peak " + peak.get());
        assertEquals(List.of(1, 2, 3, 4, 5, 6, 7), done);
        assertTrue(calls.call(() -> Uni.createFrom().item(1)).await().atMost(WAIT).isEmpty(), "nothing left");
    }

    @Test
    void everyObjectiveTheRequestAllowsIsOneEvaluationCoreRuns() {
        for (String name : org.strategylab.experiment.api.constraints.Choices.DISCOVERY_OBJECTIVES.split("\\|")) {
            assertEquals(name, org.strategylab.evaluation.discovery.DiscoveryObjective.parse(name, 0.5).name());
        }
    }
}
