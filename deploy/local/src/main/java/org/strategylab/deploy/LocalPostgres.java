package org.strategylab.deploy;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.concurrent.CountDownLatch;

/**
 * The local run's PostgreSQL: an embedded PostgreSQL 17 whose data directory persists across
 * restarts. Creates the {@code strategylab} database on first start, prints {@code READY} and runs
 * until it is told to stop (SIGTERM or Ctrl-C), then shuts PostgreSQL down cleanly.
 *
 * <p>Usage: {@code LocalPostgres <data-dir> <port>}
 */
public final class LocalPostgres {

    private static final String DATABASE = "strategylab";

    private LocalPostgres() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            System.err.println("usage: LocalPostgres <data-dir> <port>");
            System.exit(2);
        }
        Path dataDir = Path.of(args[0]).toAbsolutePath();
        int port = Integer.parseInt(args[1]);
        Files.createDirectories(dataDir);

        EmbeddedPostgres postgres = EmbeddedPostgres.builder()
                .setDataDirectory(dataDir)
                .setCleanDataDirectory(false)
                .setPort(port)
                // durable local data: the embedded defaults (fsync off) suit tests, not a user's work
                .setServerConfig("fsync", "on")
                .setServerConfig("synchronous_commit", "on")
                .setServerConfig("full_page_writes", "on")
                .start();
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                postgres.close();
            } catch (Exception e) {
                System.err.println("PostgreSQL did not stop cleanly: " + e.getMessage());
            } finally {
                stopped.countDown();
            }
        }, "postgres-shutdown"));

        try (Connection connection = postgres.getPostgresDatabase().getConnection()) {
            boolean exists;
            try (PreparedStatement query = connection.prepareStatement("SELECT 1 FROM pg_database WHERE datname = ?")) {
                query.setString(1, DATABASE);
                try (ResultSet rows = query.executeQuery()) {
                    exists = rows.next();
                }
            }
            if (!exists) {
                try (Statement create = connection.createStatement()) {
                    create.execute("CREATE DATABASE " + DATABASE);
                }
            }
        }
        System.out.println("READY postgresql://localhost:" + port + "/" + DATABASE + " data=" + dataDir);
        stopped.await();
    }
}
