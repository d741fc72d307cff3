package org.strategylab.testsupport;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.net.URI;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.UUID;

/**
 * A real PostgreSQL for a test run. By default an embedded PostgreSQL 17 (zonky binaries, works
 * as root); with the environment variable {@code PG_URL} ({@code postgresql://host:port/db}, plus
 * optional {@code PG_USER} and {@code PG_PASSWORD}) it uses that server instead and creates a
 * throw-away database on it, dropped again when the tests end.
 *
 * <p>Gives the application both the reactive URL (queries) and the JDBC URL (migrations).
 */
public class PostgresResource implements QuarkusTestResourceLifecycleManager {

    private EmbeddedPostgres embedded;
    private String externalAdminJdbcUrl;
    private String externalDatabase;
    private String user;
    private String password;

    @Override
    public Map<String, String> start() {
        String external = System.getenv("PG_URL");
        return external == null || external.isBlank() ? startEmbedded() : useExternal(external);
    }

    private Map<String, String> startEmbedded() {
        try {
            embedded = EmbeddedPostgres.builder().start();
        } catch (IOException e) {
            throw new IllegalStateException("The embedded PostgreSQL did not start", e);
        }
        return datasource("localhost", embedded.getPort(), "postgres", "postgres", "postgres");
    }

    private Map<String, String> useExternal(String url) {
        URI uri = URI.create(url.startsWith("jdbc:") ? url.substring("jdbc:".length()) : url);
        user = envOr("PG_USER", "postgres");
        password = envOr("PG_PASSWORD", "");
        int port = uri.getPort() < 0 ? 5432 : uri.getPort();
        String adminDb = uri.getPath() == null || uri.getPath().length() <= 1 ? "postgres" : uri.getPath().substring(1);
        externalAdminJdbcUrl = "jdbc:postgresql://" + uri.getHost() + ":" + port + "/" + adminDb;
        // a database of its own, so parallel runs and earlier runs never see each other's rows
        externalDatabase = "strategylab_test_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        execute("CREATE DATABASE " + externalDatabase);
        return datasource(uri.getHost(), port, externalDatabase, user, password);
    }

    private static Map<String, String> datasource(String host, int port, String db, String user, String password) {
        return Map.of(
                "quarkus.datasource.reactive.url", "postgresql://" + host + ":" + port + "/" + db,
                "quarkus.datasource.jdbc.url", "jdbc:postgresql://" + host + ":" + port + "/" + db,
                "quarkus.datasource.username", user,
                "quarkus.datasource.password", password);
    }

    @Override
    public void stop() {
        try {
            if (embedded != null) {
                embedded.close();
            }
            if (externalDatabase != null) {
                execute("DROP DATABASE IF EXISTS " + externalDatabase + " WITH (FORCE)");
            }
        } catch (IOException e) {
            throw new IllegalStateException("The embedded PostgreSQL did not stop cleanly", e);
        } finally {
            embedded = null;
            externalDatabase = null;
        }
    }

    private void execute(String sql) {
        try (Connection connection = DriverManager.getConnection(externalAdminJdbcUrl, user, password);
             Statement statement = connection.createStatement()) {
            statement.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException("PostgreSQL at " + externalAdminJdbcUrl + " refused: " + sql, e);
        }
    }

    private static String envOr(String name, String fallback) {
        String value = System.getenv(name);
        return value == null ? fallback : value;
    }
}
