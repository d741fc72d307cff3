package org.strategylab.experiment.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.stream.IntStream;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;
import org.strategylab.evaluation.json.EvaluationJson;
import org.strategylab.experiment.support.UpstreamStackResource;
import org.strategylab.testsupport.InProcessKafkaResource;

/** A gene-ID experiment's input lives beside its row: written with it, read on its own, gone with it. */
@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = UpstreamStackResource.class, restrictToAnnotatedClass = false)
class ExperimentTargetsTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    @Inject
    ExperimentRepository repository;

    @ConfigProperty(name = "quarkus.datasource.jdbc.url")
    String url;

    @ConfigProperty(name = "quarkus.datasource.username")
    String user;

    @ConfigProperty(name = "quarkus.datasource.password")
    String password;

    @Test
    void theInputIsStoredWithTheRowReadInItsOrderAndDeletedWithIt() {
        String owner = "targets-" + UUID.randomUUID();
        List<String> ids = IntStream.range(0, 20_000).mapToObj(i -> "PF3D7_" + (99_999 - i)).toList();
        ExperimentEntity genes = row(owner, "gene list");
        genes.targetGeneIds = ids;
        ExperimentEntity search = row(owner, "a search");
        repository.insertAll(List.of(genes, search)).await().atMost(WAIT);

        assertEquals(ids, repository.targets(genes.id).await().atMost(WAIT));
        assertEquals(List.of(), repository.targets(search.id).await().atMost(WAIT));
        // a row read back does not carry the input: nothing but the run and the analyses load it
        assertNull(repository.find(genes.id).await().atMost(WAIT).orElseThrow().targetGeneIds);

        assertTrue(repository.delete(genes.id, owner).await().atMost(WAIT));
        assertEquals(List.of(), repository.targets(genes.id).await().atMost(WAIT));
    }

    @Test
    void theMigrationMovesEveryStoredInputOutOfTheRow() throws SQLException {
        String schema = "targets_migration_" + UUID.randomUUID().toString().replace("-", "");
        Flyway before = Flyway.configure().dataSource(url, user, password).schemas(schema).createSchemas(true)
                .locations("db/migration").target("3").load();
        before.migrate();
        UUID genes = UUID.randomUUID();
        UUID search = UUID.randomUUID();
        try (Connection connection = DriverManager.getConnection(url, user, password);
             Statement statement = connection.createStatement()) {
            insert(statement, schema, genes, "'" + EvaluationJson.mapper().createObjectNode().set("ids",
                    EvaluationJson.mapper().valueToTree(List.of("G3", "G1", "G2"))) + "'");
            insert(statement, schema, search, "NULL");

            Flyway.configure().dataSource(url, user, password).schemas(schema).locations("db/migration").load().migrate();

            List<String> moved = new ArrayList<>();
            try (ResultSet rows = statement.executeQuery("SELECT experiment_id, unnest(gene_ids) FROM " + schema
                    + ".experiment_targets")) {
                while (rows.next()) {
                    assertEquals(genes, rows.getObject(1, UUID.class));
                    moved.add(rows.getString(2));
                }
            }
            assertEquals(List.of("G3", "G1", "G2"), moved);
            try (ResultSet columns = statement.executeQuery("SELECT 1 FROM information_schema.columns WHERE table_schema = '"
                    + schema + "' AND table_name = 'experiments' AND column_name = 'target_gene_ids'")) {
                assertFalse(columns.next(), "the row's own column is gone");
            }
            statement.execute("DROP SCHEMA " + schema + " CASCADE");
        }
    }

    private static void insert(Statement statement, String schema, UUID id, String targets) throws SQLException {
        statement.execute("INSERT INTO " + schema + ".experiments (id, owner_id, site_id, name, config, target_gene_ids)"
                + " VALUES ('" + id + "', 'olga', 'plasmodb', 'kept', '{}', " + targets + ")");
    }

    private static ExperimentEntity row(String owner, String name) {
        ExperimentEntity row = new ExperimentEntity();
        row.id = UUID.randomUUID();
        row.ownerId = owner;
        row.siteId = "plasmodb";
        row.name = name;
        row.status = ExperimentRepository.PENDING;
        row.config = EvaluationJson.mapper().createObjectNode().put("mode", "gene-ids");
        return row;
    }
}
