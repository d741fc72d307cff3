package org.strategylab.edge.health;

import io.smallrye.health.api.AsyncHealthCheck;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowIterator;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.regex.Pattern;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/**
 * Ready only when the service's own PostgreSQL schema is reachable and migrated: reads the newest
 * successful migration from the schema's Flyway history through the service's reactive pool. A
 * database that is down, or a schema that was dropped under a running service, makes it DOWN.
 */
@Readiness
@ApplicationScoped
public class SchemaReadinessCheck implements AsyncHealthCheck {

    private static final Pattern SCHEMA_NAME = Pattern.compile("[a-z_][a-z0-9_]{0,62}");
    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    @Inject
    Pool pool;

    /** The service's schema, the one its migrations create. */
    @ConfigProperty(name = "strategylab.schema")
    String schema;

    @Override
    public Uni<HealthCheckResponse> call() {
        HealthCheckResponseBuilder response = HealthCheckResponse.named("PostgreSQL schema " + schema);
        if (!SCHEMA_NAME.matcher(schema).matches()) {
            return Uni.createFrom().item(response.down().withData("error", "invalid schema name").build());
        }
        String sql = "SELECT version FROM " + schema + ".flyway_schema_history"
                + " WHERE success AND version IS NOT NULL ORDER BY installed_rank DESC LIMIT 1";
        return pool.query(sql).execute()
                .ifNoItem().after(TIMEOUT).fail()
                .map(rows -> {
                    RowIterator<Row> iterator = rows.iterator();
                    return iterator.hasNext()
                            ? response.up().withData("schemaVersion", iterator.next().getString(0)).build()
                            : response.down().withData("error", "no migration applied").build();
                })
                .onFailure().recoverWithItem(e -> response.down().withData("error", e.getClass().getSimpleName()
                        + ": " + String.valueOf(e.getMessage())).build());
    }
}
