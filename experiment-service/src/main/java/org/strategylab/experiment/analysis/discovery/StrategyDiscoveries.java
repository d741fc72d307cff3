package org.strategylab.experiment.analysis.discovery;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.opentelemetry.context.Context;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.strategylab.edge.problem.FieldError;
import org.strategylab.edge.problem.ProblemException;
import org.strategylab.evaluation.ValidationException;
import org.strategylab.evaluation.ids.ControlSets;
import org.strategylab.evaluation.json.EvaluationJson;
import org.strategylab.eventlog.index.OperationRecord;
import org.strategylab.eventlog.index.OperationStatus;
import org.strategylab.eventlog.index.OperationsIndex;
import org.strategylab.eventlog.operation.Operations;
import org.strategylab.experiment.api.ControlResolution;
import org.strategylab.experiment.api.ControlSet;
import org.strategylab.experiment.api.DiscoveryOutcome;
import org.strategylab.experiment.api.DiscoveryRequest;
import org.strategylab.experiment.api.DiscoveryStarted;
import org.strategylab.experiment.api.DiscoveryView;
import org.strategylab.experiment.config.ExperimentConfig;
import org.strategylab.experiment.controlsets.ControlResolver;
import org.strategylab.experiment.experiments.ActiveOperationCap;
import org.strategylab.experiment.messaging.CommandPublisher;
import org.strategylab.experiment.messaging.ExperimentCommand;
import org.strategylab.experiment.persistence.ControlSetRepository;
import org.strategylab.experiment.persistence.DiscoveryRepository;
import org.strategylab.experiment.run.ExperimentWorker;

/**
 * Strategy discoveries of their owner: starting one (its checks, its controls resolved against the
 * site as an experiment's are, the per-user cap, the row, the operation and its command on
 * {@code experiment.commands}, so it queues and takes a run slot under the same fair-share rules as
 * experiments) and reading one. Someone else's discovery is a 404 exactly like a missing one.
 */
@ApplicationScoped
public class StrategyDiscoveries {

    /** The operation kind: it ends with {@code discovery_complete}, or {@code operation_failed} / {@code operation_cancelled}. */
    public static final String KIND = "discovery";

    /** Where a discovery is read. */
    public static final String PATH = "/api/v1/strategy-discovery";

    @Inject
    ControlResolver resolver;

    @Inject
    ControlSetRepository controlSets;

    @Inject
    DiscoveryRepository discoveries;

    @Inject
    ActiveOperationCap cap;

    @Inject
    Operations operations;

    @Inject
    OperationsIndex index;

    @Inject
    CommandPublisher commands;

    @Inject
    ExperimentConfig config;

    @Inject
    org.strategylab.sites.SiteRegistry sites;

    /** A started discovery: the 202's body and the registered operation. */
    public record Started(DiscoveryStarted body, OperationRecord operation) {
    }

    public Uni<Started> start(String callerId, String token, DiscoveryRequest request) {
        Context trace = Context.current();
        List<FieldError> errors = new ArrayList<>();
        if (sites.find(request.siteId()).isEmpty()) {
            errors.add(new FieldError("/siteId", "no site with id '" + request.siteId() + "'"));
        }
        boolean floorObjective = "recall_at_precision".equals(request.objective());
        if (floorObjective && request.precisionFloor() == null) {
            errors.add(new FieldError("/precisionFloor", "recall_at_precision needs a precision floor in (0, 1]"));
        } else if (!floorObjective && request.precisionFloor() != null) {
            errors.add(new FieldError("/precisionFloor", "a precision floor goes with the objective recall_at_precision only"));
        }
        if (!errors.isEmpty()) {
            throw ProblemException.invalid("The discovery request is not valid", errors);
        }
        return cap.admit(callerId).chain(() -> controls(callerId, request)).chain(typed ->
                resolver.resolve(token, request.siteId(), typed.positives(), typed.negatives()).chain(resolved -> {
                    int minimum = config.discovery().minPositives();
                    if (resolved.positives().size() < minimum) {
                        List<String> unknown = resolved.resolution() == null ? List.of()
                                : resolved.resolution().positives().unknown();
                        throw ProblemException.invalid("Too few positive controls", List.of(new FieldError(
                                "/positiveControls", "at least " + minimum + " positive controls naming genes of the site"
                                + " are needed (strategylab.experiments.discovery.min-positives); "
                                + resolved.positives().size() + " do" + (unknown.isEmpty() ? ""
                                : "; the site does not know " + ControlResolver.named(unknown)))));
                    }
                    UUID id = UUID.randomUUID();
                    DiscoveryRequest counted = request.withControls(resolved.positives(), resolved.negatives());
                    return discoveries.insert(id, callerId, request.siteId(), counted, resolved.resolution())
                            .chain(() -> operations.register(id, callerId, KIND, id.toString(), ExperimentWorker.EVENTS_TOPIC))
                            .call(operation -> commands.publish(new ExperimentCommand.Discovery(id.toString(), callerId,
                                    token, counted), trace))
                            .map(operation -> new Started(new DiscoveryStarted(id.toString(), id.toString(),
                                    PATH + "/" + id), operation));
                }));
    }

    /** The discovery, if the caller owns it; one whose operation ended without its worker writing it says so. */
    public Uni<DiscoveryView> get(String callerId, String id) {
        UUID uuid = parse(id);
        return discoveries.findOwned(uuid, callerId).chain(found -> {
            DiscoveryRepository.DiscoveryRow row = found.orElseThrow(() -> notFound(id));
            if (!"queued".equals(row.status()) && !"running".equals(row.status())) {
                return Uni.createFrom().item(view(row, row.status(), row.error()));
            }
            return index.findOwned(uuid, callerId).map(operation -> {
                OperationStatus status = operation.map(OperationRecord::status).orElse(OperationStatus.ACTIVE);
                return switch (status) {
                    case ACTIVE, COMPLETED -> view(row, row.status(), row.error());
                    case CANCELLED -> view(row, "cancelled", row.error());
                    case FAILED -> view(row, "error", row.error() != null ? row.error()
                            : "the worker running this discovery stopped before it finished");
                };
            });
        });
    }

    /**
     * The self-contained HTML report of the caller's discovery once it completed; 404 exactly as the GET,
     * 409 while it runs or when it ended otherwise.
     */
    public Uni<String> report(String callerId, String id) {
        return get(callerId, id).map(view -> {
            if (!"completed".equals(view.status()) || view.result() == null || view.result().isNull()) {
                throw ProblemException.conflict("DISCOVERY_NOT_COMPLETED", "The strategy discovery is "
                        + view.status() + ": its report exists once it has completed");
            }
            try {
                DiscoveryOutcome outcome = EvaluationJson.mapper().treeToValue(view.result(), DiscoveryOutcome.class);
                ControlResolution resolution = view.controlResolution() == null || view.controlResolution().isNull()
                        ? null : EvaluationJson.mapper().treeToValue(view.controlResolution(), ControlResolution.class);
                return DiscoveryReport.render(view.discoveryId(), view.createdAt(), outcome, resolution);
            } catch (JsonProcessingException e) {
                throw new IllegalStateException("the stored result of discovery " + id + " does not read back", e);
            }
        });
    }

    private static DiscoveryView view(DiscoveryRepository.DiscoveryRow row, String status, String error) {
        return new DiscoveryView(row.id().toString(), row.id().toString(), row.siteId(), status, row.request(),
                row.controlResolution(), row.result(), error, row.createdAt(), row.updatedAt());
    }

    /** The typed controls: the request's lists, else the control set's; positives needed, none in both lists. */
    private Uni<ControlSets> controls(String callerId, DiscoveryRequest request) {
        Uni<Optional<ControlSet>> set = Uni.createFrom().item(Optional.empty());
        if (request.controlSetId() != null) {
            UUID setId;
            try {
                setId = UUID.fromString(request.controlSetId());
            } catch (IllegalArgumentException e) {
                throw controlSetNotFound(request.controlSetId());
            }
            set = controlSets.findVisible(setId, callerId).map(found -> {
                if (found.isEmpty()) {
                    throw controlSetNotFound(request.controlSetId());
                }
                return found;
            });
        }
        return set.map(found -> {
            if (found.isPresent() && !found.get().siteId().equals(request.siteId())) {
                throw ProblemException.invalid("The control set is of another site", List.of(new FieldError(
                        "/controlSetId", "the control set belongs to site '" + found.get().siteId() + "', not '"
                        + request.siteId() + "'")));
            }
            List<String> positives = request.positiveControls() != null ? request.positiveControls()
                    : found.map(ControlSet::positiveIds).orElse(null);
            List<String> negatives = request.negativeControls() != null ? request.negativeControls()
                    : found.map(ControlSet::negativeIds).orElse(List.of());
            if (positives == null) {
                throw ProblemException.invalid("Positive controls are needed", List.of(new FieldError(
                        "/positiveControls", "give positive control genes or a controlSetId")));
            }
            try {
                return ControlSets.of(positives, negatives);
            } catch (ValidationException e) {
                throw ProblemException.invalid("The control lists are not valid", List.of(new FieldError(
                        e.field().startsWith("positive") ? "/positiveControls" : "/negativeControls",
                        e.getMessage().substring(e.field().length() + 2))));
            }
        });
    }

    private static UUID parse(String id) {
        try {
            return UUID.fromString(id);
        } catch (IllegalArgumentException e) {
            throw notFound(id);
        }
    }

    static ProblemException notFound(String id) {
        return ProblemException.notFound("DISCOVERY_NOT_FOUND", "No strategy discovery with id '" + id + "'");
    }

    private static ProblemException controlSetNotFound(String id) {
        return new ProblemException(404, "CONTROL_SET_NOT_FOUND", "Not Found", "No control set with id '" + id + "'",
                List.of(new FieldError("/controlSetId", "no control set with this id that you may read")));
    }
}
