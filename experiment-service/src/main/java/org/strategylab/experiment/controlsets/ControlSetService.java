package org.strategylab.experiment.controlsets;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.strategylab.edge.problem.FieldError;
import org.strategylab.edge.problem.ProblemException;
import org.strategylab.evaluation.ids.ControlSets;
import org.strategylab.evaluation.ids.IdNormaliser;
import org.strategylab.evaluation.ValidationException;
import org.strategylab.experiment.api.ControlSet;
import org.strategylab.experiment.api.ControlSetPage;
import org.strategylab.experiment.api.ControlSetPatch;
import org.strategylab.experiment.api.ControlSetRequest;
import org.strategylab.experiment.api.ControlSetResolution;
import org.strategylab.experiment.persistence.ControlSetRepository;
import org.strategylab.sites.SiteRegistry;

/**
 * Control sets: created and changed only by their owner, read by the owner and (when public) by
 * everyone. Their IDs go through evaluation-core's one normaliser (trim, drop blanks, de-duplicate),
 * and an ID in both lists is refused, as an experiment would refuse it.
 */
@ApplicationScoped
public class ControlSetService {

    private static final String DEFAULT_RECORD_TYPE = "transcript";

    @Inject
    ControlSetRepository repository;

    @Inject
    SiteRegistry sites;

    @Inject
    ControlResolver resolver;

    /** Stores a new set, its lists resolved against the site (or the resolution said unknown). */
    public Uni<ControlSet> create(String callerId, String token, ControlSetRequest request) {
        List<FieldError> errors = new ArrayList<>();
        if (sites.find(request.siteId()).isEmpty()) {
            errors.add(new FieldError("/siteId", "no site with id '" + request.siteId() + "'"));
        }
        Lists lists = lists(request.positiveIds(), request.negativeIds(), errors);
        List<String> tags = IdNormaliser.clean(nullToEmpty(request.tags()));
        if (!errors.isEmpty()) {
            throw ProblemException.invalid("The control set has " + errors.size() + " invalid field(s)", errors);
        }
        String recordType = request.recordType() == null || request.recordType().isBlank()
                ? DEFAULT_RECORD_TYPE : request.recordType().trim();
        ControlSet set = new ControlSet(UUID.randomUUID().toString(), request.name().trim(), request.siteId(),
                recordType, lists.positives(), lists.negatives(), blankToNull(request.source()), tags,
                blankToNull(request.provenanceNotes()), Boolean.TRUE.equals(request.isPublic()), callerId, null, null,
                null);
        return resolution(token, set).chain(resolution -> repository.insert(set.withResolution(resolution)));
    }

    public Uni<ControlSet> get(String callerId, String id) {
        return repository.findVisible(parse(id), callerId).map(found -> found.orElseThrow(() -> notFound(id)));
    }

    public Uni<ControlSetPage> list(String callerId, ControlSetRepository.Filter filter, int limit, int offset) {
        return repository.count(callerId, filter)
                .chain(total -> repository.list(callerId, filter, limit, offset)
                        .map(items -> new ControlSetPage(items, total, limit, offset)));
    }

    /** Changes a set the caller owns; new lists are resolved again, other changes keep the resolution. */
    public Uni<ControlSet> update(String callerId, String token, String id, ControlSetPatch patch) {
        UUID key = parse(id);
        boolean listsChanged = patch.positiveIds() != null || patch.negativeIds() != null;
        return repository.findOwned(key, callerId)
                .map(found -> found.orElseThrow(() -> notFound(id)))
                .map(current -> patched(current, patch))
                .chain(changed -> listsChanged
                        ? resolution(token, changed).map(changed::withResolution)
                        : Uni.createFrom().item(changed))
                .chain(repository::update)
                .map(updated -> updated.orElseThrow(() -> notFound(id)));
    }

    /**
     * The set's lists resolved against its site as an experiment would resolve them, what a run of
     * them would be refused for as warnings (the set is saved as typed all the same: a list may be
     * under way, and the site's genes change). A site that cannot be asked gives an unknown
     * resolution with its reason: the set is never lost for it.
     */
    private Uni<ControlSetResolution> resolution(String token, ControlSet set) {
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
        return resolver.preview(token, set.siteId(), set.positiveIds(), set.negativeIds())
                .map(outcome -> new ControlSetResolution(ControlSetResolution.RESOLVED, now, outcome.resolution(),
                        outcome.genesInBoth(), outcome.refusals().stream()
                                .map(refusal -> new FieldError(refusal.pointer().replace("Controls", "Ids"),
                                        refusal.message()))
                                .toList(), null))
                .onFailure(failure -> failure instanceof ProblemException problem && problem.status() >= 500)
                .recoverWithItem(failure -> new ControlSetResolution(ControlSetResolution.UNKNOWN, now, null, null,
                        null, "the site could not be asked, so the IDs are saved as typed, unchecked: "
                                + failure.getMessage()));
    }

    public Uni<Void> delete(String callerId, String id) {
        return repository.delete(parse(id), callerId)
                .map(deleted -> {
                    if (!deleted) {
                        throw notFound(id);
                    }
                    return null;
                });
    }

    private ControlSet patched(ControlSet current, ControlSetPatch patch) {
        List<FieldError> errors = new ArrayList<>();
        Lists lists = lists(patch.positiveIds() == null ? current.positiveIds() : patch.positiveIds(),
                patch.negativeIds() == null ? current.negativeIds() : patch.negativeIds(), errors);
        List<String> tags = patch.tags() == null ? current.tags() : IdNormaliser.clean(patch.tags());
        if (!errors.isEmpty()) {
            throw ProblemException.invalid("The change has " + errors.size() + " invalid field(s)", errors);
        }
        return new ControlSet(current.id(), patch.name() == null ? current.name() : patch.name().trim(),
                current.siteId(), current.recordType(), lists.positives(), lists.negatives(),
                patch.source() == null ? current.source() : blankToNull(patch.source()), tags,
                patch.provenanceNotes() == null ? current.provenanceNotes() : blankToNull(patch.provenanceNotes()),
                patch.isPublic() == null ? current.isPublic() : patch.isPublic(), current.userId(),
                current.createdAt(), current.updatedAt(), current.resolution());
    }

    private record Lists(List<String> positives, List<String> negatives) {
    }

    /** Both lists cleaned, no ID in both (each list's limit is the request's constraint). */
    private static Lists lists(List<String> positives, List<String> negatives, List<FieldError> errors) {
        try {
            ControlSets controls = ControlSets.of(nullToEmpty(positives), nullToEmpty(negatives));
            return new Lists(controls.positives(), controls.negatives());
        } catch (ValidationException e) {
            errors.add(new FieldError(e.field().startsWith("positive") ? "/positiveIds" : "/negativeIds",
                    e.getMessage().substring(e.field().length() + 2)));
            return new Lists(List.of(), List.of());
        }
    }

    private static <T> List<T> nullToEmpty(List<T> values) {
        return values == null ? List.of() : values;
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value.trim();
    }

    /** An id that is not a UUID names no control set: a 404 like any other unknown id. */
    private static UUID parse(String id) {
        try {
            return UUID.fromString(id);
        } catch (IllegalArgumentException e) {
            throw notFound(id);
        }
    }

    private static ProblemException notFound(String id) {
        return ProblemException.notFound("CONTROL_SET_NOT_FOUND", "No control set with id '" + id + "'");
    }
}
