package org.strategylab.experiment.controlsets;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.strategylab.edge.problem.FieldError;
import org.strategylab.edge.problem.ProblemException;
import org.strategylab.evaluation.ids.IdNormaliser;
import org.strategylab.experiment.api.ControlResolutionAnswer;
import org.strategylab.experiment.api.ControlResolutionRequest;
import org.strategylab.experiment.api.ControlSet;
import org.strategylab.experiment.persistence.ControlSetRepository;
import org.strategylab.sites.SiteRegistry;

/**
 * Control lists resolved against the site without running anything ({@code POST
 * /api/v1/control-resolutions}): the lists cleaned as an experiment's are (trimmed, blanks dropped,
 * repeats of the same text dropped), resolved by {@link ControlResolver} as a run resolves them, and
 * the run's refusals reported instead of thrown, so a page can show them before a run.
 */
@ApplicationScoped
public class ControlResolutions {

    @Inject
    ControlResolver resolver;

    @Inject
    ControlSetRepository controlSets;

    @Inject
    SiteRegistry sites;

    /** The resolution; a 422 naming the field for input that cannot be resolved, 404 for a set the caller may not read. */
    public Uni<ControlResolutionAnswer> resolve(String callerId, String token, ControlResolutionRequest request) {
        List<FieldError> errors = new ArrayList<>();
        if (sites.find(request.siteId()).isEmpty()) {
            errors.add(new FieldError("/siteId", "no site with id '" + request.siteId() + "'"));
        }
        // each list within control-sets.max-ids and without null: the request's constraints
        return controlSet(callerId, request.controlSetId()).chain(set -> {
            if (set.isPresent() && !set.get().siteId().equals(request.siteId())) {
                errors.add(new FieldError("/controlSetId", "the control set belongs to site '" + set.get().siteId()
                        + "', not '" + request.siteId() + "'"));
            }
            List<String> positives = IdNormaliser.clean(request.positiveControls() != null ? request.positiveControls()
                    : set.map(ControlSet::positiveIds).orElse(List.of()));
            List<String> negatives = IdNormaliser.clean(request.negativeControls() != null ? request.negativeControls()
                    : set.map(ControlSet::negativeIds).orElse(List.of()));
            if (errors.isEmpty() && positives.isEmpty() && negatives.isEmpty()) {
                errors.add(new FieldError("/positiveControls", "give positiveControls, negativeControls or a"
                        + " controlSetId with at least one ID"));
            }
            if (!errors.isEmpty()) {
                throw ProblemException.invalid("The control lists cannot be resolved", errors);
            }
            return resolver.preview(token, request.siteId(), positives, negatives)
                    .map(outcome -> answer(request, positives, negatives, outcome));
        });
    }

    private static ControlResolutionAnswer answer(ControlResolutionRequest request, List<String> positives,
                                                  List<String> negatives, ControlResolver.Outcome outcome) {
        List<FieldError> refusals = new ArrayList<>(outcome.refusals());
        // an ID typed in both lists that names no gene: a run refuses it as typed (ControlSets)
        Set<String> positiveIds = new LinkedHashSet<>(positives);
        List<String> typedInBoth = outcome.resolution().negatives().unknown().stream()
                .filter(positiveIds::contains).toList();
        if (!typedInBoth.isEmpty()) {
            refusals.add(new FieldError("/negativeControls", "IDs typed in both lists: "
                    + ControlResolver.named(typedInBoth)));
        }
        return new ControlResolutionAnswer(request.siteId(), request.controlSetId(), outcome.resolution(),
                outcome.positives(), outcome.negatives(), outcome.genesInBoth(), refusals.isEmpty(), refusals);
    }

    private Uni<Optional<ControlSet>> controlSet(String callerId, String id) {
        if (id == null) {
            return Uni.createFrom().item(Optional.empty());
        }
        UUID key;
        try {
            key = UUID.fromString(id);
        } catch (IllegalArgumentException e) {
            throw controlSetNotFound(id);
        }
        return controlSets.findVisible(key, callerId).map(found -> {
            if (found.isEmpty()) {
                throw controlSetNotFound(id);
            }
            return found;
        });
    }

    private static ProblemException controlSetNotFound(String id) {
        return new ProblemException(404, "CONTROL_SET_NOT_FOUND", "Not Found", "No control set with id '" + id + "'",
                List.of(new FieldError("/controlSetId", "no control set with this id that you may read")));
    }
}
