package org.strategylab.experiment.experiments;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.UnaryOperator;
import org.strategylab.edge.problem.FieldError;
import org.strategylab.edge.problem.ProblemException;
import org.strategylab.experiment.api.BatchRequest;
import org.strategylab.experiment.api.BenchmarkRequest;
import org.strategylab.experiment.api.ExperimentRequest;
import org.strategylab.experiment.api.OperationStarted;
import org.strategylab.experiment.messaging.CommandPublisher;
import org.strategylab.experiment.messaging.ExperimentCommand;
import org.strategylab.experiment.persistence.ExperimentEntity;
import org.strategylab.experiment.persistence.ExperimentRepository;
import org.strategylab.eventlog.operation.Operations;
import org.strategylab.experiment.rest.OperationAccepted;

/**
 * Batches (one search per organism) and benchmarks (one search against several control sets): each
 * member is validated like a single experiment, its errors named where the caller wrote them
 * ({@code /targetOrganisms/2/organism}, {@code /controlSets/1/positiveControls}, {@code /base/…});
 * then the members are stored {@code pending} with the group's id and one operation runs them all.
 */
@ApplicationScoped
public class ExperimentGroups {

    @Inject
    ExperimentRequests requests;

    @Inject
    ExperimentRepository repository;

    @Inject
    Operations operations;

    @Inject
    CommandPublisher commands;

    @Inject
    ActiveOperationCap cap;

    /** A member to validate and the way its errors map back to the caller's body. */
    private record Member(ExperimentRequest request, String label, boolean primary, UnaryOperator<String> pointer) {
    }

    public Uni<OperationAccepted> batch(String callerId, String token, BatchRequest batch) {
        ExperimentRequest base = batch.base();
        List<FieldError> errors = new ArrayList<>();
        if (base.targetGeneIds() != null) {
            errors.add(new FieldError("/base/targetGeneIds", "a batch runs a search per organism; gene-ID mode has no search"));
        }
        String parameter = batch.organismParamName();
        List<Member> members = new ArrayList<>();
        for (int i = 0; i < batch.targetOrganisms().size() && errors.isEmpty(); i++) {
            BatchRequest.Target target = batch.targetOrganisms().get(i);
            ExperimentRequest member = withOrganism(base, parameter, target.organism(), errors);
            if (target.positiveControls() != null || target.negativeControls() != null) {
                member = member.withControls(target.positiveControls() != null ? target.positiveControls() : base.positiveControls(),
                        target.negativeControls() != null ? target.negativeControls() : base.negativeControls(),
                        base.controlSetId());
            }
            String at = "/targetOrganisms/" + i;
            members.add(new Member(member, target.organism(), false, pointer -> {
                if (pointer.endsWith("/parameters/" + parameter)) {
                    return at + "/organism";
                }
                if ((pointer.equals("/positiveControls") && target.positiveControls() != null)
                        || (pointer.equals("/negativeControls") && target.negativeControls() != null)) {
                    return at + pointer;
                }
                return "/base" + pointer;
            }));
        }
        refuse(errors);
        return start(callerId, token, ExperimentCommand.BATCH, members);
    }

    public Uni<OperationAccepted> benchmark(String callerId, String token, BenchmarkRequest benchmark) {
        List<FieldError> errors = new ArrayList<>();
        long primaries = benchmark.controlSets().stream().filter(set -> Boolean.TRUE.equals(set.isPrimary())).count();
        if (primaries > 1) {
            errors.add(new FieldError("/controlSets", "at most one control set is primary"));
        }
        refuse(errors);
        List<Member> members = new ArrayList<>();
        for (int i = 0; i < benchmark.controlSets().size(); i++) {
            BenchmarkRequest.Controls set = benchmark.controlSets().get(i);
            ExperimentRequest member = benchmark.base().withControls(set.positiveControls(),
                    set.negativeControls(), set.controlSetId());
            boolean primary = primaries == 0 ? i == 0 : Boolean.TRUE.equals(set.isPrimary());
            String at = "/controlSets/" + i;
            members.add(new Member(member, set.label(), primary, pointer ->
                    pointer.equals("/positiveControls") || pointer.equals("/negativeControls")
                            || pointer.equals("/controlSetId") ? at + pointer : "/base" + pointer));
        }
        return start(callerId, token, ExperimentCommand.BENCHMARK, members);
    }

    private Uni<OperationAccepted> start(String callerId, String token, String kind, List<Member> members) {
        List<Uni<ValidatedExperiment>> checks = new ArrayList<>();
        for (Member member : members) {
            checks.add(Uni.createFrom().deferred(() -> requests.validate(callerId, token, member.request()))
                    .onFailure(ProblemException.class).transform(problem -> relocated((ProblemException) problem, member)));
        }
        return cap.admit(callerId).chain(() -> Uni.join().all(checks).andCollectFailures()
                        .onFailure().transform(ExperimentGroups::merged))
                .chain(valid -> {
                    String groupId = UUID.randomUUID().toString();
                    return operations.register(callerId, kind, groupId, ExperimentService.EVENTS_TOPIC).chain(operation -> {
                        List<ExperimentEntity> rows = new ArrayList<>();
                        for (int i = 0; i < valid.size(); i++) {
                            Member member = members.get(i);
                            ExperimentEntity row = NewExperimentRow.of(UUID.randomUUID(), callerId, valid.get(i), operation.id());
                            row.name = truncate(row.name + " — " + member.label());
                            if (ExperimentCommand.BATCH.equals(kind)) {
                                row.batchId = groupId;
                            } else {
                                row.benchmarkId = groupId;
                                row.controlSetLabel = member.label();
                                row.primaryBenchmark = member.primary();
                            }
                            rows.add(row);
                        }
                        List<String> ids = rows.stream().map(row -> row.id.toString()).toList();
                        return repository.insertAll(rows)
                                .chain(() -> commands.publish(ExperimentCommand.BATCH.equals(kind)
                                        ? new ExperimentCommand.Batch(operation.id().toString(), ids, groupId, callerId, token)
                                        : new ExperimentCommand.Benchmark(operation.id().toString(), ids, groupId, callerId,
                                                token)))
                                .map(sent -> new OperationAccepted(new OperationStarted(operation.id().toString(), null,
                                        ExperimentCommand.BATCH.equals(kind) ? groupId : null,
                                        ExperimentCommand.BENCHMARK.equals(kind) ? groupId : null, ids,
                                        "/api/v1/experiments?" + (ExperimentCommand.BATCH.equals(kind) ? "batchId=" : "benchmarkId=")
                                                + groupId), operation));
                    });
                });
    }

    /** The organism as the value of the organism parameter: in the search, or in every tree step that has it. */
    private static ExperimentRequest withOrganism(ExperimentRequest base, String parameter, String organism,
                                                  List<FieldError> errors) {
        if (base.stepTree() != null && base.stepTree().isObject()) {
            JsonNode tree = base.stepTree().deepCopy();
            if (setEverywhere(tree, parameter, organism) == 0) {
                errors.add(new FieldError("/organismParamName", "no step of the tree has a parameter '" + parameter + "'"));
            }
            return base.withSearch(base.parameters(), tree);
        }
        Map<String, Object> parameters = new LinkedHashMap<>(base.parameters() == null ? Map.of() : base.parameters());
        parameters.put(parameter, organism);
        return base.withSearch(parameters, base.stepTree());
    }

    private static int setEverywhere(JsonNode node, String parameter, String organism) {
        if (node == null || !node.isObject()) {
            return 0;
        }
        int set = 0;
        JsonNode parameters = node.get("parameters");
        if (parameters instanceof ObjectNode values && values.has(parameter)) {
            values.put(parameter, organism);
            set++;
        }
        return set + setEverywhere(node.get("primaryInput"), parameter, organism)
                + setEverywhere(node.get("secondaryInput"), parameter, organism);
    }

    private static ProblemException relocated(ProblemException problem, Member member) {
        List<FieldError> errors = problem.errors().stream()
                .map(error -> new FieldError(member.pointer().apply(error.pointer()), error.message())).toList();
        return new ProblemException(problem.status(), problem.code(), problem.title(), problem.getMessage(), errors);
    }

    /** Every member's refusal in one answer: the first one's status, each field named once. */
    private static Throwable merged(Throwable failure) {
        List<Throwable> all = failure instanceof io.smallrye.mutiny.CompositeException composite
                ? composite.getCauses() : List.of(failure);
        ProblemException first = all.stream().filter(ProblemException.class::isInstance)
                .map(ProblemException.class::cast).findFirst().orElse(null);
        if (first == null) {
            return all.get(0);
        }
        LinkedHashSet<FieldError> errors = new LinkedHashSet<>();
        all.stream().filter(ProblemException.class::isInstance).map(ProblemException.class::cast)
                .filter(problem -> problem.status() == first.status())
                .forEach(problem -> errors.addAll(problem.errors()));
        return new ProblemException(first.status(), first.code(), first.title(), first.getMessage(), List.copyOf(errors));
    }

    private static void refuse(List<FieldError> errors) {
        if (!errors.isEmpty()) {
            throw ProblemException.invalid("The request has " + errors.size() + " invalid field(s)", errors);
        }
    }

    private static String truncate(String name) {
        return name.length() <= 200 ? name : name.substring(0, 200);
    }
}
