package org.strategylab.experiment.controlsets;

import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.strategylab.edge.problem.FieldError;
import org.strategylab.edge.problem.ProblemException;
import org.strategylab.experiment.api.ControlResolution;
import org.strategylab.experiment.api.ControlResolution.ControlListResolution;
import org.strategylab.experiment.api.ControlResolution.RenamedControl;
import org.strategylab.experiment.client.UpstreamFailure;
import org.strategylab.experiment.client.UpstreamGateway;
import org.strategylab.experiment.config.ExperimentConfig;

/**
 * Resolves typed gene lists against the site once, before anything is counted: every typed ID is
 * looked up (upstream-gateway's gene lookup: any case, transcript IDs and previous IDs name the
 * current gene), the lists become the distinct current gene IDs in the order typed, and what
 * changed is reported ({@link ControlResolution}). For a run, a list with no known gene, or a gene in
 * both lists, is refused with a 422 naming the list and the IDs; {@link #preview} says the same
 * without refusing. Lists longer than {@code gene-resolution.batch-size} are looked up in several
 * calls, one after another: never cut, never refused for their length.
 */
@ApplicationScoped
public class ControlResolver {

    /** The most IDs named in one refusal's message; the rest are counted. */
    private static final int NAMED_IN_MESSAGE = 20;

    @Inject
    UpstreamGateway upstream;

    @Inject
    ExperimentConfig config;

    /**
     * The controls as the site's current gene IDs; a 422 when a list names no gene of the site or a
     * gene is in both lists, a 502/504 when the site cannot be asked.
     */
    public Uni<ResolvedControls> resolve(String token, String siteId, List<String> positives, List<String> negatives) {
        return preview(token, siteId, positives, negatives).map(outcome -> {
            if (!outcome.refusals().isEmpty()) {
                throw ProblemException.invalid("The control genes cannot be counted", outcome.refusals());
            }
            return new ResolvedControls(outcome.positives(), outcome.negatives(), outcome.resolution());
        });
    }

    /**
     * The controls resolved as a run would resolve them, with the reasons a run would be refused
     * (empty when it would not); a 502/504 when the site cannot be asked.
     */
    public Uni<Outcome> preview(String token, String siteId, List<String> positives, List<String> negatives) {
        Set<String> all = new LinkedHashSet<>(positives);
        all.addAll(negatives);
        if (all.isEmpty()) {
            return Uni.createFrom().item(outcome(positives, negatives, Map.of()));
        }
        return currentGeneIds(token, siteId, List.copyOf(all), "control genes")
                .map(current -> outcome(positives, negatives, current));
    }

    /**
     * One list (a gene set, a background) as the site's current gene IDs, with what changed; no
     * refusal here (the caller decides what an empty list means), a 502/504 when the site cannot be
     * asked.
     */
    public Uni<ResolvedList> resolveList(String token, String siteId, List<String> typed, String what) {
        if (typed.isEmpty()) {
            return Uni.createFrom().item(new ResolvedList(List.of(), ControlListResolution.NONE));
        }
        List<String> distinct = List.copyOf(new LinkedHashSet<>(typed));
        return currentGeneIds(token, siteId, distinct, what).map(current -> {
            List<String> genes = new ArrayList<>();
            ControlListResolution resolution = list(typed, current, genes);
            return new ResolvedList(genes, resolution);
        });
    }

    /**
     * typed ID → current gene ID for each ID the site knows, looked up {@code gene-resolution.batch-size}
     * IDs per call, the calls one after another (upstream-gateway looks each call's IDs up on the
     * site in its own batches).
     */
    private Uni<Map<String, String>> currentGeneIds(String token, String siteId, List<String> ids, String what) {
        int size = Math.max(1, config.geneResolution().batchSize());
        List<List<String>> batches = new ArrayList<>();
        for (int from = 0; from < ids.size(); from += size) {
            batches.add(ids.subList(from, Math.min(ids.size(), from + size)));
        }
        return Multi.createFrom().iterable(batches)
                .onItem().transformToUniAndConcatenate(batch -> upstream.currentGeneIds(token, siteId, batch))
                .collect().in(HashMap<String, String>::new, Map::putAll)
                .map(current -> (Map<String, String>) current)
                .onFailure(UpstreamFailure.class).transform(failure -> {
                    UpstreamFailure upstreamFailure = (UpstreamFailure) failure;
                    int status = upstreamFailure.status() == 504 ? 504 : 502;
                    return new ProblemException(status, status == 504 ? "UPSTREAM_TIMEOUT" : "UPSTREAM_ERROR",
                            "The site could not look the " + what + " up", upstreamFailure.describe(), List.of());
                });
    }

    /** The lists resolved by a lookup's answer and why a run of them would be refused. */
    static Outcome outcome(List<String> positives, List<String> negatives, Map<String, String> current) {
        List<String> positiveGenes = new ArrayList<>();
        List<String> negativeGenes = new ArrayList<>();
        ControlListResolution p = list(positives, current, positiveGenes);
        ControlListResolution n = list(negatives, current, negativeGenes);
        List<FieldError> refusals = new ArrayList<>();
        if (positives.isEmpty()) {
            refusals.add(new FieldError("/positiveControls", "no positive controls: a run needs at least one"));
        } else if (positiveGenes.isEmpty()) {
            refusals.add(new FieldError("/positiveControls", "no ID names a gene of the site: " + named(p.unknown())));
        }
        if (!negatives.isEmpty() && negativeGenes.isEmpty()) {
            refusals.add(new FieldError("/negativeControls", "no ID names a gene of the site: " + named(n.unknown())));
        }
        List<String> both = negativeGenes.stream().filter(new LinkedHashSet<>(positiveGenes)::contains).toList();
        if (!both.isEmpty()) {
            refusals.add(new FieldError("/negativeControls", "names genes that are positive controls too: "
                    + named(both)));
        }
        return new Outcome(positiveGenes, negativeGenes, new ControlResolution(p, n), both, refusals);
    }

    private static ControlListResolution list(List<String> typed, Map<String, String> current, List<String> genes) {
        if (typed.isEmpty()) {
            return ControlListResolution.NONE;
        }
        Set<String> seen = new LinkedHashSet<>();
        List<RenamedControl> renamed = new ArrayList<>();
        List<String> unknown = new ArrayList<>();
        List<String> duplicates = new ArrayList<>();
        for (String id : typed) {
            String gene = current.get(id);
            if (gene == null) {
                unknown.add(id);
                continue;
            }
            if (!seen.add(gene)) {
                duplicates.add(id);
                continue;
            }
            if (!gene.equals(id)) {
                renamed.add(new RenamedControl(id, gene));
            }
        }
        genes.addAll(seen);
        return new ControlListResolution(seen.size(), renamed, unknown, duplicates);
    }

    /** The IDs joined for a message: the first {@value #NAMED_IN_MESSAGE}, then how many more. */
    public static String named(List<String> ids) {
        if (ids.size() <= NAMED_IN_MESSAGE) {
            return String.join(", ", ids);
        }
        return String.join(", ", ids.subList(0, NAMED_IN_MESSAGE)) + " and " + (ids.size() - NAMED_IN_MESSAGE) + " more";
    }

    /**
     * Control lists as current gene IDs.
     *
     * @param positives  the distinct genes of the positive list, in the order typed
     * @param negatives  the distinct genes of the negative list
     * @param resolution what the lookup changed
     */
    public record ResolvedControls(List<String> positives, List<String> negatives, ControlResolution resolution) {
    }

    /**
     * Control lists resolved, refused or not.
     *
     * @param positives   the distinct genes of the positive list, in the order typed
     * @param negatives   the distinct genes of the negative list
     * @param resolution  what the lookup changed
     * @param genesInBoth genes both lists name once resolved, in the negative list's order
     * @param refusals    why a run of these lists would be refused, each naming its list; empty when it would run
     */
    public record Outcome(List<String> positives, List<String> negatives, ControlResolution resolution,
                          List<String> genesInBoth, List<FieldError> refusals) {
    }

    /**
     * One typed list as current gene IDs.
     *
     * @param genes      the distinct genes, in the order typed
     * @param resolution what the lookup changed
     */
    public record ResolvedList(List<String> genes, ControlListResolution resolution) {
    }
}
