package org.strategylab.experiment.run;

import org.strategylab.upstream.api.GeneResolution;
import org.strategylab.upstream.api.ResolvedGene;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.jboss.logging.Logger;
import org.strategylab.evaluation.metrics.ClassificationMetrics;
import org.strategylab.evaluation.metrics.GeneIdClassifier;
import org.strategylab.evaluation.metrics.GeneIdEvaluation;
import org.strategylab.evaluation.model.ExperimentMetrics;
import org.strategylab.evaluation.model.GeneInfo;
import org.strategylab.experiment.api.ExperimentResults;
import org.strategylab.experiment.api.ExperimentSettings;
import org.strategylab.experiment.client.UpstreamGateway;
import org.strategylab.experiment.config.ExperimentConfig;

/**
 * Search and tree modes (rules 4.5.2 and 4.5.5) through upstream-gateway, as the caller. Three
 * independent chains run at once, so the run waits only for the longest of them:
 * <ol>
 *   <li>the experiment's own strategy (kept for browsing, refining and rank metrics), then its
 *       root step's ordered IDs;</li>
 *   <li>the control counts: a helper strategy with each control list intersected on its root,
 *       counted and deleted by upstream-gateway;</li>
 *   <li>name, organism and product of the control genes (every gene of the four lists is a control).</li>
 * </ol>
 * If the run fails after its strategy was made, the strategy is deleted again (best effort).
 */
@ApplicationScoped
public class UpstreamEvaluation {

    private static final Logger LOG = Logger.getLogger(UpstreamEvaluation.class);
    private static final int RESOLVE_CHUNK = 1000;

    @Inject
    UpstreamGateway upstream;

    @Inject
    ExperimentConfig config;

    @Inject
    org.strategylab.experiment.persistence.ExperimentRepository repository;

    /**
     * Evaluates the experiment's search or tree. A first run makes the experiment's strategy; a
     * re-evaluation ({@code state} names the strategy and step already) reads the existing step.
     */
    public Uni<RunState> evaluate(RunContext context, RunState state) {
        ExperimentSettings settings = context.settings();
        JsonNode tree = tree(settings);
        String token = context.token();
        String site = settings.siteId();
        AtomicReference<UpstreamGateway.Strategy> made = new AtomicReference<>();

        Uni<UpstreamGateway.Strategy> existing = state.upstreamStepId() == null ? null
                : Uni.createFrom().item(new UpstreamGateway.Strategy(state.upstreamStrategyId(), state.upstreamStepId(), null));
        Uni<Strategy> strategy = (existing != null ? existing
                : upstream.createStrategy(token, site, settings.name(), settings.recordType(), tree).invoke(made::set)
                        // noted at once, so that a next attempt can delete it if this run's worker dies
                        .call(created -> repository.keepStrategy(context.experimentId(), created.strategyId())))
                .chain(created -> upstream.orderedIds(token, site, created.rootStepId(), config.runs().maxOrderedIds(),
                                settings.display().sortAttribute(), settings.display().sortDirectionIfSorted())
                        .map(ids -> new Strategy(created, ids)));
        Map<String, List<String>> lists = new LinkedHashMap<>();
        lists.put("positive", context.controls().positives());
        if (!context.controls().negatives().isEmpty()) {
            lists.put("negative", context.controls().negatives());
        }
        Uni<UpstreamGateway.Counts> counts = upstream.controlCounts(token, site, settings.recordType(), tree, lists,
                settings.controls().controlsSearchName(), settings.controls().controlsParamName());
        Uni<Map<String, GeneInfo>> infos = geneInfo(context);

        return Uni.combine().all().unis(strategy, counts, infos).asTuple()
                .map(all -> state(context, all.getItem1(), all.getItem2(), all.getItem3()))
                .onFailure().call(failure -> forget(context, made.get()))
                .onCancellation().invoke(() -> forget(context, made.get()).subscribe().with(done -> { }));
    }

    private record Strategy(UpstreamGateway.Strategy strategy, List<String> orderedIds) {
    }

    /** The single search as a one-node tree, or the tree of a multi-step experiment. */
    public static JsonNode tree(ExperimentSettings settings) {
        if (ExperimentSettings.MULTI_STEP.equals(settings.target().mode())) {
            return settings.target().stepTree();
        }
        ObjectNode node = JsonNodeFactory.instance.objectNode().put("searchName", settings.target().searchName());
        node.set("parameters", org.strategylab.evaluation.json.EvaluationJson.mapper()
                .valueToTree(settings.target().parameters() == null ? Map.of() : settings.target().parameters()));
        return node;
    }

    private static RunState state(RunContext context, Strategy strategy, UpstreamGateway.Counts counts,
                                  Map<String, GeneInfo> infos) {
        Set<String> hits = new LinkedHashSet<>();
        counts.controls().forEach(control -> hits.addAll(control.hitIds()));
        // which controls the result holds, through the one normaliser (version suffixes, padding)
        GeneIdEvaluation lists = GeneIdClassifier.evaluate(new ArrayList<>(hits), context.controls());
        // one unit, genes (issue 38 item 2): the site's display count, not its transcript rows
        long genes = genes(counts);
        int resultCount = (int) Math.min(Integer.MAX_VALUE, genes);
        ExperimentMetrics metrics = withTranscripts(ClassificationMetrics.fromCounts(lists.truePositiveIds().size(),
                context.controls().positives().size(), lists.falsePositiveIds().size(),
                context.controls().negatives().size(), resultCount), counts, context.settings().recordType());
        ExperimentResults results = new ExperimentResults(metrics, infos(lists.truePositiveIds(), infos),
                infos(lists.falseNegativeIds(), infos), infos(lists.falsePositiveIds(), infos),
                infos(lists.trueNegativeIds(), infos), null, null, genes, null);
        // the ordered IDs may be truncated; the hits complete them for classification
        Set<String> resultIds = new LinkedHashSet<>(strategy.orderedIds());
        resultIds.addAll(hits);
        return new RunState(results, strategy.strategy().strategyId(), strategy.strategy().rootStepId(),
                strategy.orderedIds(), new ArrayList<>(resultIds));
    }

    /**
     * The result's gene count: WDK's display count (genes for the transcript record class); the
     * record count only when the site gave no display count for a non-empty result.
     */
    public static long genes(UpstreamGateway.Counts counts) {
        return counts.rootGeneCount() > 0 || counts.rootCount() == 0 ? counts.rootGeneCount() : counts.rootCount();
    }

    /**
     * The metrics with the result's transcript rows beside its genes, where the site stated both (a
     * result of the transcript record class with a display count of genes, or an empty one);
     * unchanged otherwise.
     */
    public static ExperimentMetrics withTranscripts(ExperimentMetrics metrics, UpstreamGateway.Counts counts,
                                             String recordType) {
        Long transcripts = transcripts(counts, recordType);
        return transcripts == null ? metrics : metrics.withTotalTranscripts(transcripts);
    }

    /** The result's transcript rows where the site stated them beside its genes, else null. */
    static Long transcripts(UpstreamGateway.Counts counts, String recordType) {
        boolean transcriptRows = recordType == null || "transcript".equals(recordType);
        return transcriptRows && (counts.rootGeneCount() > 0 || counts.rootCount() == 0) ? counts.rootCount() : null;
    }

    private static List<GeneInfo> infos(List<String> ids, Map<String, GeneInfo> known) {
        return ids.stream().map(id -> known.getOrDefault(id, GeneInfo.of(id))).toList();
    }

    /**
     * Name, organism and product of the first {@code max-gene-info} control genes. A failure here
     * costs only the annotations: the genes keep their IDs and the run goes on.
     */
    private Uni<Map<String, GeneInfo>> geneInfo(RunContext context) {
        List<String> genes = new ArrayList<>(context.controls().positives());
        genes.addAll(context.controls().negatives());
        if (genes.size() > config.runs().maxGeneInfo()) {
            genes = genes.subList(0, config.runs().maxGeneInfo());
        }
        List<Uni<GeneResolution>> calls = new ArrayList<>();
        for (int from = 0; from < genes.size(); from += RESOLVE_CHUNK) {
            List<String> chunk = genes.subList(from, Math.min(genes.size(), from + RESOLVE_CHUNK));
            calls.add(upstream.resolveGenes(context.token(), context.settings().siteId(), chunk));
        }
        if (calls.isEmpty()) {
            return Uni.createFrom().item(Map.of());
        }
        return Uni.join().all(calls).andFailFast().map(answers -> {
            Map<String, GeneInfo> infos = new HashMap<>();
            for (GeneResolution answer : answers) {
                for (ResolvedGene gene : answer.resolved()) {
                    infos.putIfAbsent(gene.inputId(), new GeneInfo(gene.inputId(), gene.geneName(), gene.organism(),
                            gene.product()));
                }
            }
            return infos;
        }).onFailure().recoverWithItem(failure -> {
            LOG.warnf("gene names of experiment %s could not be read (%s); the lists keep the IDs only",
                    context.experimentId(), failure.toString());
            return Map.of();
        });
    }

    private Uni<Void> forget(RunContext context, UpstreamGateway.Strategy strategy) {
        if (strategy == null) {
            return Uni.createFrom().voidItem();
        }
        return upstream.deleteStrategy(context.token(), context.settings().siteId(), strategy.strategyId())
                .onFailure().recoverWithNull()
                .call(() -> repository.keepStrategy(context.experimentId(), null).onFailure().recoverWithNull());
    }
}
