package org.strategylab.experiment.run.seed;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.strategylab.evaluation.json.EvaluationJson;
import org.strategylab.eventlog.index.OperationStatus;
import org.strategylab.eventlog.operation.OperationHandle;
import org.strategylab.experiment.api.ControlSet;
import org.strategylab.experiment.client.UpstreamGateway;
import org.strategylab.experiment.messaging.ExperimentCommand;
import org.strategylab.experiment.persistence.ControlSetRepository;
import org.strategylab.experiment.run.OperationRun;

/**
 * Seeds a site with demo data for its caller ({@code api-contract.md} §5.7): saved demo strategies on
 * the site (in the caller's upstream account) and a demo control set here, so a new user has
 * something to explore. Each item that fails is reported ({@code seed_item_error}) and the rest go
 * on; {@code seed_complete} counts what was made.
 */
@ApplicationScoped
public class SeedRun implements OperationRun {

    static final int CONTROLS_PER_LIST = 25;
    private static final String RECORD_TYPE = "transcript";

    @Inject
    UpstreamGateway upstream;

    @Inject
    ControlSetRepository controlSets;

    @Override
    public String type() {
        return ExperimentCommand.SEED;
    }

    @Override
    public Uni<Void> run(OperationHandle handle, ExperimentCommand command) {
        String site = ((ExperimentCommand.Seed) command).siteId();
        String token = command.token();
        long started = System.nanoTime();
        AtomicInteger created = new AtomicInteger();
        AtomicInteger failed = new AtomicInteger();
        return upstream.organisms(token, site).chain(organisms -> {
            if (organisms.isEmpty()) {
                return complete(handle, 0, 0, 0, 0, "the site lists no organisms: nothing to seed");
            }
            String organism = organisms.get(0);
            List<DemoContent.DemoStrategy> strategies = DemoContent.strategies(organism);
            int total = strategies.size() + 1;
            Uni<Void> chain = handle.emit("seed_progress", progress("starting", "seeding " + site + " with demo data for "
                    + organism, null, total, null)).replaceWithVoid();
            for (int i = 0; i < strategies.size(); i++) {
                int current = i + 1;
                DemoContent.DemoStrategy strategy = strategies.get(i);
                chain = chain
                        .chain(() -> handle.emit("seed_progress", progress("running", "creating " + strategy.name(),
                                current, total, strategy.name())))
                        .chain(() -> upstream.createStrategy(token, site, strategy.name(), RECORD_TYPE, strategy.tree(), true)
                                .chain(made -> {
                                    created.incrementAndGet();
                                    ObjectNode done = item(current, total, strategy.name(), started)
                                            .put("wdkStrategyId", made.strategyId())
                                            .put("upstreamStrategyId", made.strategyId())
                                            .put("message", "created " + strategy.name());
                                    return handle.emit("seed_strategy_complete", done).replaceWithVoid();
                                })
                                .onFailure().recoverWithUni(failure -> itemError(handle, failed, current, total,
                                        strategy.name(), failure, started)));
            }
            String setName = "Demo: protein kinases vs. other genes of " + organism;
            AtomicInteger sets = new AtomicInteger();
            chain = chain
                    .chain(() -> handle.emit("seed_progress", progress("running", "creating " + setName, total, total, setName)))
                    .chain(() -> controlSet(token, site, organism, setName, command.ownerId())
                            .invoke(set -> sets.incrementAndGet())
                            .chain(set -> handle.emit("seed_progress", progress("running",
                                    "created the control set " + setName, total, total, setName)))
                            .replaceWithVoid()
                            .onFailure().recoverWithUni(failure -> itemError(handle, failed, total, total, setName,
                                    failure, started)));
            return chain.chain(() -> complete(handle, total, created.get(), sets.get(), failed.get(),
                    "seeded " + site + ": " + created.get() + " strategies and " + sets.get() + " control set(s)"
                            + (failed.get() > 0 ? ", " + failed.get() + " item(s) failed" : "")));
        }).onFailure().recoverWithUni(failure -> handle.end("seed_complete", EvaluationJson.mapper().createObjectNode()
                .put("error", describe(failure)).put("message", "the seed run failed: " + describe(failure)),
                OperationStatus.FAILED));
    }

    @Override
    public Uni<Void> cancelled(OperationHandle handle, ExperimentCommand command, long started) {
        return handle.end("seed_complete", EvaluationJson.mapper().createObjectNode()
                .put("error", "cancelled by its owner").put("message", "the seed run was cancelled"), OperationStatus.CANCELLED);
    }

    /** Kinases of the organism as positives, other genes of it as negatives, as the site answers today. */
    private Uni<ControlSet> controlSet(String token, String site, String organism, String name, String ownerId) {
        return upstream.searchIds(token, site, RECORD_TYPE, DemoContent.kinases(organism), 5000).chain(kinases ->
                upstream.searchIds(token, site, RECORD_TYPE, DemoContent.allGenes(organism), 5000).chain(all -> {
                    Set<String> kinaseSet = new HashSet<>(kinases);
                    List<String> positives = kinases.subList(0, Math.min(CONTROLS_PER_LIST, kinases.size()));
                    List<String> negatives = new ArrayList<>();
                    for (String gene : all) {
                        if (negatives.size() == CONTROLS_PER_LIST) {
                            break;
                        }
                        if (!kinaseSet.contains(gene)) {
                            negatives.add(gene);
                        }
                    }
                    if (positives.isEmpty()) {
                        throw new IllegalStateException("the site finds no protein kinases of " + organism);
                    }
                    return controlSets.insert(new ControlSet(UUID.randomUUID().toString(), name, site, RECORD_TYPE,
                            positives, negatives, "seed", List.of("demo"),
                            "Seeded by StrategyLab: positives are genes annotated with " + DemoContent.KINASE_GO_TERM
                                    + " (protein kinase activity), negatives other genes of " + organism
                                    + ", as the site answered when it was seeded.",
                            false, ownerId, null, null, null));
                }));
    }

    private static Uni<Void> itemError(OperationHandle handle, AtomicInteger failed, int current, int total, String name,
                                       Throwable failure, long started) {
        failed.incrementAndGet();
        ObjectNode error = item(current, total, name, started).put("error", describe(failure))
                .put("message", name + " failed: " + describe(failure));
        return handle.emit("seed_item_error", error).replaceWithVoid();
    }

    private static Uni<Void> complete(OperationHandle handle, int total, int strategies, int sets, int failed, String message) {
        ObjectNode done = EvaluationJson.mapper().createObjectNode().put("total", total).put("strategiesCreated", strategies)
                .put("controlSetsCreated", sets).put("failed", failed).put("message", message);
        return handle.end("seed_complete", done, OperationStatus.COMPLETED);
    }

    private static ObjectNode item(int current, int total, String name, long started) {
        return EvaluationJson.mapper().createObjectNode().put("current", current).put("total", total).put("name", name)
                .put("elapsed", Math.round((System.nanoTime() - started) / 1e8) / 10.0);
    }

    private static ObjectNode progress(String phase, String message, Integer current, Integer total, String name) {
        ObjectNode node = EvaluationJson.mapper().createObjectNode().put("phase", phase).put("message", message);
        if (current != null) {
            node.put("current", current);
        }
        if (total != null) {
            node.put("total", total);
        }
        if (name != null) {
            node.put("name", name);
        }
        return node;
    }

    private static String describe(Throwable failure) {
        return org.strategylab.experiment.client.FailureText.of(failure, "an unexpected error");
    }
}
