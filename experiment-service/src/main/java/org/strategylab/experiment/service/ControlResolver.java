package org.strategylab.experiment.service;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
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

/**
 * Resolves control lists against the site once, before anything is counted: every typed ID is
 * looked up (upstream-gateway's gene lookup: any case, transcript IDs and previous IDs name the
 * current gene), the lists become the distinct current gene IDs in the order typed, and what
 * changed is reported ({@link ControlResolution}). A list with no known gene, or a gene in both
 * lists, is refused with a 422 naming the list and the IDs.
 */
@ApplicationScoped
public class ControlResolver {

    /** The most IDs named in one refusal's message; the rest are counted. */
    private static final int NAMED_IN_MESSAGE = 20;

    @Inject
    UpstreamGateway upstream;

    /**
     * The controls as the site's current gene IDs; a 422 when a list names no gene of the site or a
     * gene is in both lists, a 502/504 when the site cannot be asked.
     */
    public Uni<ResolvedControls> resolve(String token, String siteId, List<String> positives, List<String> negatives) {
        Set<String> all = new LinkedHashSet<>(positives);
        all.addAll(negatives);
        if (all.isEmpty()) {
            return Uni.createFrom().item(new ResolvedControls(List.of(), List.of(),
                    new ControlResolution(ControlListResolution.NONE, ControlListResolution.NONE)));
        }
        return upstream.currentGeneIds(token, siteId, List.copyOf(all))
                .onFailure(UpstreamFailure.class).transform(failure -> {
                    UpstreamFailure upstreamFailure = (UpstreamFailure) failure;
                    int status = upstreamFailure.status() == 504 ? 504 : 502;
                    return new ProblemException(status, status == 504 ? "UPSTREAM_TIMEOUT" : "UPSTREAM_ERROR",
                            "The site could not look the control genes up", upstreamFailure.describe(), List.of());
                })
                .map(current -> resolved(positives, negatives, current));
    }

    /** The lists resolved by a lookup's answer ({@code current}: typed ID → current gene ID). */
    static ResolvedControls resolved(List<String> positives, List<String> negatives, Map<String, String> current) {
        List<String> positiveGenes = new ArrayList<>();
        List<String> negativeGenes = new ArrayList<>();
        ControlListResolution p = list(positives, current, positiveGenes);
        ControlListResolution n = list(negatives, current, negativeGenes);
        List<FieldError> errors = new ArrayList<>();
        if (positiveGenes.isEmpty()) {
            errors.add(new FieldError("/positiveControls", "no ID names a gene of the site: " + named(p.unknown())));
        }
        if (!negatives.isEmpty() && negativeGenes.isEmpty()) {
            errors.add(new FieldError("/negativeControls", "no ID names a gene of the site: " + named(n.unknown())));
        }
        List<String> both = negativeGenes.stream().filter(new LinkedHashSet<>(positiveGenes)::contains).toList();
        if (!both.isEmpty()) {
            errors.add(new FieldError("/negativeControls", "names genes that are positive controls too: "
                    + named(both)));
        }
        if (!errors.isEmpty()) {
            throw ProblemException.invalid("The control genes cannot be counted", errors);
        }
        return new ResolvedControls(positiveGenes, negativeGenes, new ControlResolution(p, n));
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

    private static String named(List<String> ids) {
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
}
