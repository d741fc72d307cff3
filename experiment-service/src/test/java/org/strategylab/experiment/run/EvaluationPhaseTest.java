package org.strategylab.experiment.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.strategylab.evaluation.ids.ControlSets;
import org.strategylab.evaluation.model.ConfusionMatrix;
import org.strategylab.evaluation.model.ExperimentMetrics;
import org.strategylab.evaluation.model.GeneInfo;
import org.strategylab.experiment.api.ControlSettings;
import org.strategylab.experiment.api.ExperimentSettings;
import org.strategylab.experiment.api.SearchTarget;
import org.strategylab.experiment.client.UpstreamGateway;
import org.strategylab.experiment.config.ExperimentConfig;
import org.strategylab.experiment.persistence.ExperimentRepository;
import org.strategylab.upstream.api.GeneResolution;
import org.strategylab.upstream.api.ResolvedGene;

/**
 * The first phases of a run as units: the evaluation phase over a stubbed upstream client (what
 * upstream-gateway would answer, set by each test), then rank metrics — no Quarkus, no broker, no
 * site. The end-to-end tests keep the paths that need the stack (ExperimentRunTest and the worker ITs).
 */
class EvaluationPhaseTest {

    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final List<String> POSITIVES = List.of("PF3D7_0100100", "PF3D7_0100200", "PF3D7_0100300");
    private static final List<String> NEGATIVES = List.of("PF3D7_0900100", "PF3D7_0900200");

    /** upstream-gateway as a test wants it, recording what the phase asked. */
    static final class StubbedUpstream extends UpstreamGateway {
        final List<String> calls = new CopyOnWriteArrayList<>();
        Uni<Counts> counts = Uni.createFrom().item(new Counts(120, 100, List.of(
                new ControlHits("positive", 2, List.of("PF3D7_0100100", "PF3D7_0100200")),
                new ControlHits("negative", 1, List.of("PF3D7_0900100")))));
        Uni<GeneResolution> genes = Uni.createFrom().item(new GeneResolution(List.of(
                new ResolvedGene("PF3D7_0100100", "PF3D7_0100100", "Plasmodium falciparum 3D7", "a kinase", "PK1")), List.of()));

        @Override
        public Uni<Strategy> createStrategy(String token, String siteId, String name, String recordType, JsonNode tree) {
            calls.add("create " + tree.path("searchName").asText());
            return Uni.createFrom().item(new Strategy(7, 70, null));
        }

        @Override
        public Uni<List<String>> orderedIds(String token, String siteId, long stepId, int max, String sortAttribute,
                                            String direction) {
            calls.add("ordered " + stepId + " max " + max);
            return Uni.createFrom().item(List.of("PF3D7_0100200", "PF3D7_0500100", "PF3D7_0100100"));
        }

        @Override
        public Uni<Counts> controlCounts(String token, String siteId, String recordType, JsonNode tree,
                                         Map<String, List<String>> controlLists, String controlsSearch,
                                         String controlsParameter) {
            calls.add("counts " + controlLists.keySet());
            return counts;
        }

        @Override
        public Uni<GeneResolution> resolveGenes(String token, String siteId, List<String> geneIds) {
            calls.add("resolve " + geneIds.size());
            return genes;
        }

        @Override
        public Uni<Void> deleteStrategy(String token, String siteId, long strategyId) {
            calls.add("delete " + strategyId);
            return Uni.createFrom().voidItem();
        }
    }

    /** The experiment's row, only as far as the phase notes its strategy there. */
    static final class KeptStrategies extends ExperimentRepository {
        final List<String> kept = new CopyOnWriteArrayList<>();

        @Override
        public Uni<Void> keepStrategy(UUID id, Long upstreamStrategyId) {
            kept.add(String.valueOf(upstreamStrategyId));
            return Uni.createFrom().voidItem();
        }
    }

    private final StubbedUpstream upstream = new StubbedUpstream();
    private final KeptStrategies repository = new KeptStrategies();

    private EvaluationPhase phase() {
        UpstreamEvaluation evaluation = new UpstreamEvaluation();
        evaluation.upstream = upstream;
        evaluation.repository = repository;
        evaluation.config = config(5000, 100);
        EvaluationPhase phase = new EvaluationPhase();
        phase.upstream = evaluation;
        return phase;
    }

    /** The settings the phase reads, the rest as their defaults. */
    private static ExperimentConfig config(int maxOrderedIds, int maxGeneInfo) {
        Object runs = Proxy.newProxyInstance(EvaluationPhaseTest.class.getClassLoader(),
                new Class<?>[] {ExperimentConfig.Runs.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "maxOrderedIds" -> maxOrderedIds;
                    case "maxGeneInfo" -> maxGeneInfo;
                    default -> throw new UnsupportedOperationException(method.getName());
                });
        return (ExperimentConfig) Proxy.newProxyInstance(EvaluationPhaseTest.class.getClassLoader(),
                new Class<?>[] {ExperimentConfig.class}, (proxy, method, args) -> {
                    if (method.getName().equals("runs")) {
                        return runs;
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
    }

    private static ExperimentSettings settings(String mode, List<String> targetGenes) {
        return new ExperimentSettings("kinases", null, "plasmodb", "transcript",
                new SearchTarget(mode, ExperimentSettings.SINGLE.equals(mode) ? "GenesByGoTerm" : null,
                        ExperimentSettings.SINGLE.equals(mode) ? Map.of("go_typeahead", List.of("GO:0004672")) : null,
                        null, targetGenes == null ? null : targetGenes.size()),
                new ControlSettings(POSITIVES, NEGATIVES, null, null, null, null), null, null, null, null, null);
    }

    private static RunContext context(ExperimentSettings settings, List<String> targetGenes) {
        UUID id = UUID.randomUUID();
        return new RunContext(id, "alice", "token-of-alice", settings, targetGenes,
                ControlSets.of(POSITIVES, NEGATIVES), ProgressEvents.none(id));
    }

    @Test
    void aSearchIsClassifiedFromTheSitesControlCountsInGenesWithItsTranscriptsBeside() {
        RunState state = phase().run(context(settings(ExperimentSettings.SINGLE, null), null), RunState.EMPTY)
                .await().atMost(WAIT);
        ExperimentMetrics metrics = state.results().metrics();
        assertEquals(new ConfusionMatrix(2, 1, 1, 1), metrics.confusionMatrix());
        assertEquals(100, metrics.totalResults(), "the site's display count: genes");
        assertEquals(120, metrics.totalTranscripts(), "its transcript rows beside the genes");
        assertEquals(2.0 / 3, metrics.sensitivity(), 1e-12);
        assertEquals(0.5, metrics.specificity(), 1e-12);
        assertEquals(100L, state.results().resultCount());
        // the first positive's record annotated it; the others keep their IDs
        GeneInfo annotated = state.results().truePositiveGenes().stream()
                .filter(g -> g.id().equals("PF3D7_0100100")).findFirst().orElseThrow();
        assertEquals("PK1", annotated.name());
        assertEquals(List.of("PF3D7_0100300"), state.results().falseNegativeGenes().stream().map(GeneInfo::id).toList());
        assertEquals(7L, state.upstreamStrategyId());
        assertEquals(70L, state.upstreamStepId());
        assertEquals(List.of("PF3D7_0100200", "PF3D7_0500100", "PF3D7_0100100"), state.orderedIds());
        // the strategy is noted on the row as soon as it exists (a next attempt deletes a dead one's)
        assertEquals(List.of("7"), repository.kept);
        assertTrue(upstream.calls.containsAll(List.of("create GenesByGoTerm", "ordered 70 max 5000",
                "counts [positive, negative]", "resolve 5")), upstream.calls.toString());

        RunState ranked = new RankMetricsPhase().run(context(settings(ExperimentSettings.SINGLE, null), null), state)
                .await().atMost(WAIT);
        Map<Integer, Double> recall = ranked.results().rankMetrics().recallAtK();
        int largestK = recall.keySet().stream().mapToInt(Integer::intValue).max().orElseThrow();
        assertEquals(2.0 / 3, recall.get(largestK), 1e-12, "two of the three positives are among the ordered genes");
    }

    @Test
    void aRunThatFailsAfterItsStrategyWasMadeDeletesItAgain() {
        upstream.counts = Uni.createFrom().failure(new IllegalStateException("the site did not answer"));
        assertThrows(IllegalStateException.class, () -> phase()
                .run(context(settings(ExperimentSettings.SINGLE, null), null), RunState.EMPTY).await().atMost(WAIT));
        assertTrue(upstream.calls.contains("delete 7"), upstream.calls.toString());
        assertEquals(List.of("7", "null"), repository.kept, "noted, then forgotten");
    }

    @Test
    void geneRecordsThatCannotBeReadCostOnlyTheAnnotations() {
        upstream.genes = Uni.createFrom().failure(new IllegalStateException("records down"));
        RunState state = phase().run(context(settings(ExperimentSettings.SINGLE, null), null), RunState.EMPTY)
                .await().atMost(WAIT);
        assertEquals(new ConfusionMatrix(2, 1, 1, 1), state.results().metrics().confusionMatrix());
        assertTrue(state.results().truePositiveGenes().stream().allMatch(g -> g.name() == null),
                state.results().truePositiveGenes().toString());
    }

    @Test
    void geneIdModeIntersectsTheGivenGenesWithoutTheSite() {
        List<String> given = new ArrayList<>(List.of("PF3D7_0100300", "PF3D7_0900200", "PF3D7_0700100"));
        RunState state = phase().run(context(settings(ExperimentSettings.GENE_IDS, given), given), RunState.EMPTY)
                .await().atMost(WAIT);
        assertEquals(new ConfusionMatrix(1, 1, 1, 2), state.results().metrics().confusionMatrix());
        assertEquals(3, state.results().metrics().totalResults());
        assertNull(state.upstreamStrategyId());
        assertTrue(upstream.calls.isEmpty(), "no upstream call: " + upstream.calls);
    }
}
