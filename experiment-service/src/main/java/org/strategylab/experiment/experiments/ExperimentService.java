package org.strategylab.experiment.experiments;

import io.opentelemetry.context.Context;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.jboss.logging.Logger;
import org.strategylab.edge.problem.ProblemException;
import org.strategylab.evaluation.json.EvaluationJson;
import org.strategylab.evaluation.report.HtmlReportRenderer;
import org.strategylab.evaluation.report.ReportContext;
import org.strategylab.eventlog.OperationKinds;
import org.strategylab.eventlog.index.OperationRecord;
import org.strategylab.eventlog.index.OperationsIndex;
import org.strategylab.eventlog.operation.OperationHandle;
import org.strategylab.eventlog.operation.Operations;
import org.strategylab.experiment.api.ExperimentPage;
import org.strategylab.experiment.api.ExperimentPatch;
import org.strategylab.experiment.api.ExperimentRequest;
import org.strategylab.experiment.api.ExperimentView;
import org.strategylab.experiment.api.OperationStarted;
import org.strategylab.experiment.client.UpstreamGateway;
import org.strategylab.experiment.config.ExperimentConfig;
import org.strategylab.experiment.messaging.CommandPublisher;
import org.strategylab.experiment.messaging.ExperimentCommand;
import org.strategylab.experiment.api.ControlSet;
import org.strategylab.experiment.persistence.ControlSetRepository;
import org.strategylab.experiment.persistence.ExperimentEntity;
import org.strategylab.experiment.persistence.ExperimentRepository;
import org.strategylab.experiment.run.AcceptedRows;
import org.strategylab.experiment.run.ExperimentViews;
import org.strategylab.experiment.run.ExperimentWorker;
import org.strategylab.experiment.rest.OperationAccepted;

/**
 * Experiments of their owner: starting a run (validate, store {@code pending}, register the
 * operation, write the command, answer 202), reading, changing name and notes, deleting, and the
 * report. Anything of someone else is a 404 exactly like a missing one.
 */
@ApplicationScoped
public class ExperimentService {

    /** The operation kind of one experiment run ({@link OperationKinds}: it ends with experiment_error + experiment_end). */
    public static final String KIND = "experiment";
    public static final String EVENTS_TOPIC = ExperimentWorker.EVENTS_TOPIC;

    private static final Logger LOG = Logger.getLogger(ExperimentService.class);

    @Inject
    ExperimentRequests requests;

    @Inject
    ExperimentRepository repository;

    @Inject
    Operations operations;

    @Inject
    OperationsIndex index;

    @Inject
    CommandPublisher commands;

    @Inject
    ExperimentWorker worker;

    @Inject
    ExperimentConfig config;

    @Inject
    AnalysisOperations launcher;

    @Inject
    ExperimentViews views;

    @Inject
    ControlSetRepository controlSets;

    @Inject
    AcceptedRows accepted;

    @Inject
    ActiveOperationCap cap;

    @Inject
    UpstreamGateway upstream;

    @Inject
    org.strategylab.sites.SiteRegistry sites;

    @Inject
    ExperimentVersions versions;

    public Uni<OperationAccepted> start(String callerId, String token, ExperimentRequest request) {
        Context trace = Context.current();
        return cap.admit(callerId).chain(() -> requests.validate(callerId, token, request)).chain(valid -> {
            UUID id = UUID.randomUUID();
            UUID operationId = UUID.randomUUID();
            ExperimentEntity row = NewExperimentRow.of(id, callerId, valid, operationId);
            ExperimentCommand command = new ExperimentCommand.Run(operationId.toString(),
                    java.util.List.of(id.toString()), callerId, token);
            OperationStarted started = OperationStarted.single(operationId.toString(), id.toString());
            if (config.runs().runWhereAccepted() && worker.reserveSlot(operationId, callerId)) {
                return startHere(command, row, trace).map(operation -> new OperationAccepted(started, operation));
            }
            // the operation and the row are written at once, the command only after both, so the
            // worker finds them (a run's hand-off is on its critical path)
            return Uni.combine().all().unis(operations.register(operationId, callerId, KIND, id.toString(), EVENTS_TOPIC),
                            repository.insert(row)).asTuple()
                    .call(() -> commands.publish(command, trace))
                    .map(written -> new OperationAccepted(started, written.getItem1()));
        });
    }

    /**
     * A free run slot here: the operation is held by this instance from its registration and the run
     * starts as soon as its row is written, so it need not wait for the command's trip through Kafka
     * and the claim. The command is written all the same, beside the rest; its consumer skips it
     * ({@link ExperimentWorker#reserveSlot}).
     */
    private Uni<OperationRecord> startHere(ExperimentCommand command, ExperimentEntity row, Context trace) {
        UUID operationId = UUID.fromString(command.operationId());
        // sent now, awaited last: the run does not wait for it, and a failed write only loses its record
        CompletableFuture<Void> writing = commands.publish(command, trace).subscribeAsCompletionStage();
        Uni<OperationHandle> holding = operations.start(operationId, command.ownerId(), KIND, row.id.toString(),
                EVENTS_TOPIC).memoize().indefinitely();
        return Uni.combine().all().unis(holding, repository.insert(row)).asTuple()
                .onFailure().call(failure -> {
                    worker.releaseSlot(operationId, command.ownerId());
                    // held here and never run: ended, so nothing waits for it (nothing to end if the
                    // registration itself failed)
                    return holding.chain(handle -> handle.fail("the run could not start: "
                            + org.strategylab.experiment.client.FailureText.of(failure, "its row or operation could not be written")))
                            .onFailure().recoverWithNull().replaceWithVoid();
                })
                .invoke(written -> {
                    accepted.put(row);
                    worker.runHere(written.getItem1(), command);
                })
                .chain(() -> Uni.createFrom().completionStage(writing).onFailure().invoke(failure -> LOG.warnf(
                        "the command of run %s (running here) was not written: %s", operationId, failure.getMessage()))
                        .onFailure().recoverWithNull())
                .chain(() -> holding.map(OperationHandle::record));
    }

    /** Seeds a site with demo strategies and a demo control set for the caller (operation kind {@code seed}). */
    public Uni<OperationAccepted> seed(String callerId, String token, String siteId) {
        // a siteId is required by the resource's constraint (400); one the registry lacks is a 422
        if (sites.find(siteId).isEmpty()) {
            throw ProblemException.invalid("Name a site to seed", java.util.List.of(new org.strategylab.edge.problem.FieldError(
                    "siteId", "no site with id '" + siteId + "'")));
        }
        return cap.admit(callerId).chain(() -> operations.register(callerId, ExperimentCommand.SEED, siteId, EVENTS_TOPIC))
                .chain(operation -> commands.publish(new ExperimentCommand.Seed(operation.id().toString(),
                                siteId, callerId, token))
                        .map(sent -> new OperationAccepted(new OperationStarted(operation.id().toString(), null, null,
                                null, null, "/api/v1/control-sets?siteId=" + siteId), operation)));
    }


    /**
     * One experiment with its versions, a gene-ID experiment with its input ({@code config.targetGeneIds},
     * read from its own table).
     */
    public Uni<ExperimentView> get(String callerId, String id) {
        return owned(callerId, id).chain(versions::withVersions);
    }

    public Uni<ExperimentPage> list(String callerId, ExperimentRepository.Filter filter, int limit, int offset) {
        return repository.count(callerId, filter).chain(total -> repository.list(callerId, filter, limit, offset)
                .map(rows -> new ExperimentPage(rows.stream().map(views::summary).toList(), total, limit, offset)));
    }

    public Uni<ExperimentView> update(String callerId, String id, ExperimentPatch patch) {
        return repository.update(parse(id), callerId, row -> {
            if (patch.name() != null) {
                row.name = patch.name().trim();
            }
            if (patch.notes() != null) {
                row.notes = patch.notes().isBlank() ? null : patch.notes();
            }
        }).map(found -> views.view(found.orElseThrow(() -> notFound(id))));
    }

    /**
     * Deletes the experiment with its earlier versions: a run still going is cancelled first; the
     * strategies of every version go from the site too (best effort).
     */
    public Uni<Void> delete(String callerId, String token, String id) {
        return owned(callerId, id).chain(row -> versions.earlierStrategies(row).chain(earlier -> {
            Uni<Boolean> cancel = row.operationId != null && isUnfinished(row)
                    ? index.requestCancel(row.operationId, callerId) : Uni.createFrom().item(false);
            java.util.List<Long> strategies = new java.util.ArrayList<>(earlier);
            if (row.upstreamStrategyId != null) {
                strategies.add(row.upstreamStrategyId);
            }
            return cancel.chain(() -> repository.delete(row.id, callerId)).invoke(() -> strategies.forEach(strategy ->
                    upstream.deleteStrategy(token, row.siteId, strategy).subscribe().with(done -> { },
                            failure -> LOG.infof("upstream strategy %d of deleted experiment %s stays: %s",
                                    strategy, row.id, failure.toString())))).replaceWithVoid();
        }));
    }

    /**
     * The self-contained HTML report (evaluation-core), naming the control set it used (when the caller
     * can still see it) and linking the classified results as CSV beside it.
     */
    public Uni<String> report(String callerId, String id) {
        return owned(callerId, id).chain(row -> controlSetName(callerId,
                        ExperimentViews.settings(row).controls().controlSetId())
                .map(name -> new HtmlReportRenderer().render(views.forReport(row),
                        new ReportContext(name, RESULTS_CSV))));
    }

    /** The results CSV relative to the report's address ({@code /api/v1/experiments/{id}/export}). */
    static final String RESULTS_CSV = "results.csv";

    /** The name of a control set the caller can see; null when there is none or it is gone or hidden. */
    private Uni<String> controlSetName(String callerId, String controlSetId) {
        if (controlSetId == null) {
            return Uni.createFrom().nullItem();
        }
        UUID setId;
        try {
            setId = UUID.fromString(controlSetId);
        } catch (IllegalArgumentException notAnId) {
            return Uni.createFrom().nullItem();
        }
        return controlSets.findVisible(setId, callerId).map(found -> found.map(ControlSet::name).orElse(null));
    }

    public Uni<ExperimentEntity> owned(String callerId, String id) {
        return repository.findOwned(parse(id), callerId).map(found -> found.orElseThrow(() -> notFound(id)));
    }

    private static boolean isUnfinished(ExperimentEntity row) {
        return ExperimentRepository.PENDING.equals(row.status) || ExperimentRepository.RUNNING.equals(row.status);
    }

    /** An id that is not a UUID names no experiment: a 404 like any other unknown id. */
    static UUID parse(String id) {
        try {
            return UUID.fromString(id);
        } catch (IllegalArgumentException e) {
            throw notFound(id);
        }
    }

    public static ProblemException notFound(String id) {
        return ProblemException.notFound("EXPERIMENT_NOT_FOUND", "No experiment with id '" + id + "'");
    }
}
