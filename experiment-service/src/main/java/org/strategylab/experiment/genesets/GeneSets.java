package org.strategylab.experiment.genesets;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.strategylab.edge.problem.FieldError;
import org.strategylab.edge.problem.ProblemException;
import org.strategylab.experiment.api.ControlSet;
import org.strategylab.experiment.api.ControlSetRequest;
import org.strategylab.experiment.api.ControlSetResolution;
import org.strategylab.experiment.api.GeneSetAlgebraRequest;
import org.strategylab.experiment.api.GeneSetAlgebraResult;
import org.strategylab.experiment.api.GeneSetCompareRequest;
import org.strategylab.experiment.api.GeneSetComparison;
import org.strategylab.experiment.config.ExperimentConfig;
import org.strategylab.experiment.controlsets.ControlSetService;
import org.strategylab.experiment.persistence.ControlSetRepository;

/**
 * Gene sets are control sets tagged {@value #TAG} whose genes are the positives (as the agent's
 * {@code export_gene_set} saves them), each ID the site knows by another name read as its current
 * gene ID (the resolution stored when the set was saved). Any set the caller may read (their own or a public one) can
 * be combined or compared by its positives; someone else's private set is a 404 like a missing one.
 */
@ApplicationScoped
public class GeneSets {

    /** The tag that makes a control set a gene set. */
    public static final String TAG = "gene-set";

    @Inject
    ControlSetRepository repository;

    @Inject
    ControlSetService controlSets;

    @Inject
    ExperimentConfig config;

    /** The operation's genes, and with {@code save} a new gene set of them owned by the caller. */
    public Uni<GeneSetAlgebraResult> algebra(String callerId, String token, GeneSetAlgebraRequest request) {
        GeneSetMath.Operation op = GeneSetMath.Operation.of(request.op());
        return Uni.combine().all().unis(find(callerId, request.leftSetId(), "/leftSetId"),
                        find(callerId, request.rightSetId(), "/rightSetId")).asTuple()
                .chain(both -> {
                    ControlSet left = both.getItem1();
                    ControlSet right = both.getItem2();
                    if (!left.siteId().equals(right.siteId())) {
                        throw ProblemException.invalid("The two sets are of different sites", List.of(new FieldError(
                                "/rightSetId", "is a set of " + right.siteId() + ", the left set of " + left.siteId())));
                    }
                    List<String> genes = GeneSetMath.apply(op, genesOf(left), genesOf(right));
                    if (!Boolean.TRUE.equals(request.save())) {
                        return Uni.createFrom().item(new GeneSetAlgebraResult(op.word(), left.id(), right.id(),
                                genes, genes.size(), null));
                    }
                    return save(callerId, token, request.name(), op, left, right, genes)
                            .map(saved -> new GeneSetAlgebraResult(op.word(), left.id(), right.id(), genes,
                                    genes.size(), saved));
                });
    }

    /** The sets side by side (sizes, shared genes, membership patterns); all of one site. */
    public Uni<GeneSetComparison> compare(String callerId, GeneSetCompareRequest request) {
        List<Uni<ControlSet>> lookups = new ArrayList<>();
        for (int i = 0; i < request.setIds().size(); i++) {
            lookups.add(find(callerId, request.setIds().get(i), "/setIds/" + i));
        }
        return Uni.join().all(lookups).andFailFast().map(sets -> {
            String site = sets.get(0).siteId();
            List<FieldError> errors = new ArrayList<>();
            for (int i = 1; i < sets.size(); i++) {
                if (!sets.get(i).siteId().equals(site)) {
                    errors.add(new FieldError("/setIds/" + i, "is a set of " + sets.get(i).siteId()
                            + ", the first set of " + site));
                }
            }
            if (!errors.isEmpty()) {
                throw ProblemException.invalid("The sets are of different sites", errors);
            }
            return GeneSetMath.compare(sets.stream()
                    .map(set -> new GeneSetMath.NamedSet(set.id(), set.name(), genesOf(set))).toList());
        });
    }

    /** The set's positives, each one its stored resolution renamed as its current gene ID. */
    private static List<String> genesOf(ControlSet set) {
        ControlSetResolution resolution = set.resolution();
        boolean resolved = resolution != null && resolution.controlResolution() != null
                && resolution.controlResolution().positives() != null;
        return GeneSetMath.genes(set.positiveIds(),
                resolved ? resolution.controlResolution().positives().renamed() : List.of());
    }

    private Uni<ControlSet> save(String callerId, String token, String name, GeneSetMath.Operation op,
                                 ControlSet left, ControlSet right, List<String> genes) {
        if (genes.isEmpty()) {
            throw ProblemException.invalid("Nothing to save", List.of(new FieldError("/save",
                    "the " + op.word() + " of the two sets holds no gene, so there is no set to save")));
        }
        if (genes.size() > config.controlSets().maxIds()) {
            throw ProblemException.invalid("The result is too large to save", List.of(new FieldError("/save",
                    "the " + op.word() + " holds " + genes.size() + " genes, more than a set may hold"
                            + " (strategylab.experiments.control-sets.max-ids = " + config.controlSets().maxIds() + ")")));
        }
        String description = op.word() + " of '" + left.name() + "' and '" + right.name() + "'";
        String setName = name == null || name.isBlank() ? defaultName(op, left, right) : name.trim();
        return controlSets.create(callerId, token, new ControlSetRequest(setName, left.siteId(), left.recordType(),
                genes, List.of(), "gene-set algebra", List.of(TAG), "The " + description + ".", false));
    }

    private static String defaultName(GeneSetMath.Operation op, ControlSet left, ControlSet right) {
        String symbol = switch (op) {
            case UNION -> " ∪ ";
            case INTERSECTION -> " ∩ ";
            case DIFFERENCE -> " − ";
        };
        String name = left.name() + symbol + right.name();
        return name.length() <= 255 ? name : name.substring(0, 254) + "…";
    }

    /** A set the caller may read, else a 404 naming where the request named it. */
    private Uni<ControlSet> find(String callerId, String id, String pointer) {
        UUID key;
        try {
            key = UUID.fromString(id.trim());
        } catch (IllegalArgumentException e) {
            return Uni.createFrom().failure(notFound(id, pointer));
        }
        return repository.findVisible(key, callerId).map(found -> found.orElseThrow(() -> notFound(id, pointer)));
    }

    private static ProblemException notFound(String id, String pointer) {
        return new ProblemException(404, "CONTROL_SET_NOT_FOUND", "Not Found", "No gene set with id '" + id + "'",
                List.of(new FieldError(pointer, "no gene set with this id that you may read")));
    }
}
