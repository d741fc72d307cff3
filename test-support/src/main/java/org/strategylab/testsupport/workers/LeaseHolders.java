package org.strategylab.testsupport.workers;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Which instance holds which operation, from the operations index: the lease holder
 * ({@code host/pid/random}, see the event-log library's {@code InstanceIdentity}) names the process
 * running it. An ended operation has no holder any more, so a background poller records every holder
 * it sees while runs last.
 */
public final class LeaseHolders implements AutoCloseable {

    private static final String HOLDERS = "SELECT id, lease_holder FROM event_log.operations WHERE lease_holder IS NOT NULL";

    private final WorkerStack stack;
    private final Map<UUID, Set<Long>> seen = new ConcurrentHashMap<>();
    private final ScheduledExecutorService poller = Executors.newSingleThreadScheduledExecutor(task -> {
        Thread thread = new Thread(task, "lease-holders");
        thread.setDaemon(true);
        return thread;
    });

    private Connection connection; // only the poller's thread uses it

    private LeaseHolders(WorkerStack stack) {
        this.stack = stack;
    }

    /** Starts recording the holders of every operation. */
    public static LeaseHolders watch(WorkerStack stack) {
        LeaseHolders holders = new LeaseHolders(stack);
        // a run lasts seconds (the tests slow the simulator down): looking this often sees each holder
        holders.poller.scheduleWithFixedDelay(holders::poll, 0, 25, TimeUnit.MILLISECONDS);
        return holders;
    }

    /** The process id of the instance holding the operation's lease now, if one does. */
    public static Optional<Long> holderPid(WorkerStack stack, UUID operationId) throws SQLException {
        try (Connection connection = stack.jdbc();
             PreparedStatement query = connection.prepareStatement(
                     "SELECT lease_holder FROM event_log.operations WHERE id = ? AND status = 'active'")) {
            query.setObject(1, operationId);
            try (ResultSet rows = query.executeQuery()) {
                return rows.next() && rows.getString(1) != null ? Optional.of(pidOf(rows.getString(1))) : Optional.empty();
            }
        }
    }

    /** The process ids that held the operation's lease while it was watched. */
    public Set<Long> of(UUID operationId) {
        return Set.copyOf(seen.getOrDefault(operationId, Set.of()));
    }

    /** {@code host/pid/random} → pid. */
    public static long pidOf(String holder) {
        String[] parts = holder.split("/");
        return Long.parseLong(parts[parts.length - 2]);
    }

    private void poll() {
        try {
            if (connection == null || connection.isClosed()) {
                connection = stack.jdbc();
            }
        } catch (SQLException e) {
            System.err.println("lease holders: " + e.getMessage());
            return;
        }
        try (PreparedStatement query = connection.prepareStatement(HOLDERS); ResultSet rows = query.executeQuery()) {
            while (rows.next()) {
                seen.computeIfAbsent((UUID) rows.getObject(1), id -> ConcurrentHashMap.newKeySet())
                        .add(pidOf(rows.getString(2)));
            }
        } catch (SQLException | RuntimeException e) {
            System.err.println("lease holders: " + e.getMessage());
        }
    }

    @Override
    public void close() throws InterruptedException {
        poller.shutdown();
        poller.awaitTermination(5, TimeUnit.SECONDS);
        try {
            if (connection != null) {
                connection.close();
            }
        } catch (SQLException ignored) {
            // the database goes away with the stack anyway
        }
    }
}
