package org.strategylab.eventlog.operation;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.vertx.mutiny.core.Vertx;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jboss.logging.Logger;
import org.strategylab.eventlog.InstanceIdentity;
import org.strategylab.eventlog.config.EventLogConfig;
import org.strategylab.eventlog.index.OperationsIndex;

/**
 * Renews the leases of every operation this instance runs, in one statement per heartbeat, and
 * passes on cancel requests it reads back. At the same heartbeat it records that this instance is
 * alive and takes the operations of the events topics it {@link #serve}s, so their queued
 * operations wait for it instead of being ended (see {@link LeaseReaper}). On shutdown it ends each still-running operation with
 * its failure events, so clients are told at once instead of after the lease expires.
 */
@ApplicationScoped
public class LeaseKeeper {

    private static final Logger LOG = Logger.getLogger(LeaseKeeper.class);

    @Inject
    EventLogConfig config;

    @Inject
    OperationsIndex index;

    @Inject
    InstanceIdentity instance;

    @Inject
    Vertx vertx;

    private final Map<UUID, OperationHandle> held = new ConcurrentHashMap<>();
    private final AtomicBoolean renewing = new AtomicBoolean();
    private final Set<String> served = ConcurrentHashMap.newKeySet();
    private final AtomicBoolean announcing = new AtomicBoolean();
    private long timer = -1;

    void onStart(@Observes StartupEvent event) {
        timer = vertx.setPeriodic(config.lease().heartbeat().toMillis(), id -> {
            announceNow();
            renewNow();
        });
    }

    /**
     * From now on this instance takes operations whose events go to {@code eventsTopic}: it says so
     * at every heartbeat (and at once), and the reaper leaves that topic's queued operations waiting.
     */
    public void serve(String eventsTopic) {
        served.add(eventsTopic);
        announceNow();
    }

    /**
     * This instance no longer takes operations of {@code eventsTopic} (a drain before it stops, or a
     * test of what happens when no worker is left); once no other instance serves the topic for the
     * claim timeout, its queued operations are ended.
     */
    public void stopServing(String eventsTopic) {
        served.remove(eventsTopic);
    }

    /** Whether this instance takes operations whose events go to {@code eventsTopic} now. */
    public boolean serves(String eventsTopic) {
        return served.contains(eventsTopic);
    }

    /** Records now that this instance is alive and serves its topics (also done at every heartbeat). */
    public void announceNow() {
        if (served.isEmpty() || !announcing.compareAndSet(false, true)) {
            return;
        }
        index.workersSeen(instance.id(), List.copyOf(served))
                .onTermination().invoke(() -> announcing.set(false))
                .subscribe().with(done -> { }, failure -> LOG.warnf(
                        "could not record this worker as alive (will retry at the next heartbeat): %s", failure.getMessage()));
    }

    OperationHandle hold(OperationHandle handle) {
        held.put(handle.id(), handle);
        return handle;
    }

    void release(UUID operationId) {
        held.remove(operationId);
    }

    /** Whether this instance runs the operation now. */
    public boolean holds(UUID operationId) {
        return held.containsKey(operationId);
    }

    /** The operations this instance runs now. */
    public Set<UUID> held() {
        return Set.copyOf(held.keySet());
    }

    /**
     * Stops renewing an operation's lease without ending it, exactly as if this instance had died;
     * the reaper of some instance then ends it when the lease expires. Meant for tests and
     * fault drills.
     */
    public void abandon(UUID operationId) {
        OperationHandle handle = held.remove(operationId);
        if (handle != null) {
            handle.markLost();
        }
    }

    /** One heartbeat: renews every held lease and applies cancel requests. */
    public void renewNow() {
        if (held.isEmpty() || !renewing.compareAndSet(false, true)) {
            return;
        }
        List<UUID> ids = new ArrayList<>(held.keySet());
        index.renew(instance.id(), ids, config.lease().duration())
                .onTermination().invoke(() -> renewing.set(false))
                .subscribe().with(renewals -> {
                    Set<UUID> renewed = new HashSet<>();
                    for (OperationsIndex.Renewal renewal : renewals) {
                        renewed.add(renewal.id());
                        OperationHandle handle = held.get(renewal.id());
                        if (handle != null && renewal.cancelRequested()) {
                            handle.markCancelRequested();
                        }
                    }
                    for (UUID id : ids) {
                        OperationHandle handle = held.get(id);
                        // ended meanwhile (not renewed because its row is no longer active) is no loss
                        if (!renewed.contains(id) && handle != null && !handle.ended()) {
                            LOG.warnf("lost the lease of operation %s; another instance ended it", id);
                            held.remove(id);
                            handle.markLost();
                        }
                    }
                }, failure -> LOG.warnf("lease renewal failed (will retry at the next heartbeat): %s",
                        failure.getMessage()));
    }

    // before the producer closes (default priority), so the failure events still go out
    void onStop(@Observes @Priority(100) ShutdownEvent event) {
        // no more work is taken from here on (a pick-up pass asks serves() before it takes an operation)
        served.clear();
        if (timer >= 0) {
            vertx.cancelTimer(timer);
        }
        for (OperationHandle handle : List.copyOf(held.values())) {
            try {
                handle.fail("the service instance running this operation stopped")
                        .await().atMost(Duration.ofSeconds(5));
            } catch (RuntimeException e) {
                LOG.warnf("could not end operation %s at shutdown (its lease will expire): %s", handle.id(),
                        e.getMessage());
            }
        }
    }
}
