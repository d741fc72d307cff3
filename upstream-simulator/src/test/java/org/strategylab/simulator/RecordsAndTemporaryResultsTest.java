package org.strategylab.simulator;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.restassured.http.ContentType;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.strategylab.simulator.data.Gene;
import org.strategylab.simulator.data.GeneUniverse;
import org.strategylab.simulator.data.SyntheticDataGenerator;

/** Checklist 11 (single records) and 12 (temporary results). */
class RecordsAndTemporaryResultsTest {

    private final Guest guest = Guest.on(SharedSimulator.plasmo());

    private static List<Map<String, String>> transcriptKey(String gene, String transcript) {
        return List.of(Map.of("name", "gene_source_id", "value", gene), Map.of("name", "source_id", "value", transcript),
                Map.of("name", "project_id", "value", "PlasmoDB"));
    }

    @Test
    void aRecordByItsFullPrimaryKey() {
        guest.post("/record-types/transcript/records", Map.of("primaryKey", transcriptKey("PF3D7_1222600", "PF3D7_1222600.1"),
                        "attributes", List.of("gene_product", "organism"), "tables", List.of("Alias")))
                .then().statusCode(200).contentType(ContentType.JSON)
                .body("id[1].value", equalTo("PF3D7_1222600.1")).body("attributes.gene_product", containsString("AP2-G"))
                .body("recordClassName", equalTo("TranscriptRecordClasses.TranscriptRecordClass"))
                .body("tables", hasKey("Alias")).body("tableErrors", equalTo(List.of()));
        guest.post("/record-types/transcript/records", Map.of("primaryKey", transcriptKey("PF3D7_1222600", "PF3D7_1222600.1"),
                "attributes", List.of(), "tables", List.of())).then().statusCode(200).body("attributes", equalTo(Map.of()));
        guest.post("/record-types/gene/records", Map.of("primaryKey", List.of(Map.of("name", "source_id", "value", "PF3D7_1222600"),
                Map.of("name", "project_id", "value", "PlasmoDB")), "attributes", List.of("gene_type"), "tables", List.of()))
                .then().statusCode(200).body("id.name", equalTo(List.of("source_id", "project_id")));
    }

    @Test
    void recordErrors() {
        List<Map<String, String>> reversed = List.of(Map.of("name", "source_id", "value", "PF3D7_1222600.1"),
                Map.of("name", "gene_source_id", "value", "PF3D7_1222600"), Map.of("name", "project_id", "value", "PlasmoDB"));
        guest.post("/record-types/transcript/records", Map.of("primaryKey", reversed, "attributes", List.of(), "tables", List.of()))
                .then().statusCode(422);
        guest.post("/record-types/transcript/records", Map.of("primaryKey", transcriptKey("PF3D7_9999900", "PF3D7_9999900.1"),
                "attributes", List.of(), "tables", List.of())).then().statusCode(404).contentType(startsWith("text/plain"));
        guest.post("/record-types/transcript/records", Map.of("primaryKey", transcriptKey("PF3D7_1222600", "PF3D7_1222600.1"),
                "attributes", List.of("nope"), "tables", List.of())).then().statusCode(400);
        guest.post("/record-types/transcript/records", Map.of("primaryKey", transcriptKey("PF3D7_1222600", "PF3D7_1222600.1"),
                "attributes", List.of())).then().statusCode(400);
    }

    @Test
    void aRetiredIdSplitIntoTwoGenesAnswers300() {
        GeneUniverse universe = SyntheticDataGenerator.generate(SyntheticDataGenerator.DEFAULT_SEED);
        Map<String, Long> owners = new java.util.HashMap<>();
        universe.genesByOrganism().values().stream().flatMap(List::stream)
                .filter(g -> g.organism().projectId().equals("PlasmoDB"))
                .forEach(g -> g.previousIds().forEach(id -> owners.merge(id, 1L, Long::sum)));
        String shared = owners.entrySet().stream().filter(e -> e.getValue() > 1).map(Map.Entry::getKey).findFirst().orElseThrow();
        guest.post("/record-types/transcript/records", Map.of("primaryKey", transcriptKey(shared, shared + ".1"),
                        "attributes", List.of(), "tables", List.of()))
                .then().statusCode(300).contentType(startsWith("text/plain")).body(containsString("gene_source_id="));
        Gene single = universe.genesByOrganism().values().stream().flatMap(List::stream)
                .filter(g -> g.organism().projectId().equals("PlasmoDB") && g.previousIds().size() == 1
                        && owners.get(g.previousIds().get(0)) == 1).findFirst().orElseThrow();
        guest.post("/record-types/transcript/records", Map.of("primaryKey", transcriptKey(single.previousIds().get(0), "x"),
                "attributes", List.of(), "tables", List.of())).then().statusCode(200).body("id[0].value", equalTo(single.sourceId()));
    }

    @Test
    void temporaryResultsInCsvTabAndJson() {
        long step = guest.runnableLeaf("GenesByTransmembraneDomains", Map.of("organism", "[\"" + Guest.PF + "\"]", "min_tm", "9"));
        String csvId = guest.post("/temporary-results", Map.of("stepId", step, "reportName", "attributesTabular",
                        "reportConfig", Map.of("attributes", List.of("primary_key", "gene_product"), "attachmentType", "csv")))
                .then().statusCode(200).header("Location", containsString("/temporary-results/")).extract().jsonPath().getString("id");
        String csv = given().get(guest.base + "/temporary-results/" + csvId).then().statusCode(200)
                .contentType(startsWith("text/csv")).extract().asString();
        assertTrue(csv.startsWith("Gene ID,Product Description\n"), csv);
        String tabId = guest.post("/temporary-results", Map.of("searchName", "GenesByTaxon", "searchConfig",
                        Map.of("parameters", Map.of("organism", "[\"Plasmodium vivax P01\"]")), "reportName", "attributesTabular",
                        "reportConfig", Map.of("attributes", List.of("primary_key", "organism"), "attachmentType", "text")))
                .then().statusCode(200).extract().jsonPath().getString("id");
        String tab = given().get(guest.base + "/temporary-results/" + tabId).then().statusCode(200)
                .contentType(startsWith("text/plain")).extract().asString();
        assertTrue(tab.split("\n")[1].matches("PVP01_\\d+\tPlasmodium vivax P01"), tab.split("\n")[1]);
        String jsonId = guest.post("/temporary-results", Map.of("stepId", step, "reportName", "standard",
                "reportConfig", Map.of("attributes", List.of("gene_product")))).then().statusCode(200).extract().jsonPath().getString("id");
        given().get(guest.base + "/temporary-results/" + jsonId).then().statusCode(200).contentType(ContentType.JSON)
                .body("meta", hasKey("totalCount")).body("records[0].attributes", hasKey("gene_product"));
        given().get(guest.base + "/temporary-results/" + jsonId + "/result").then().statusCode(404);
        given().get(guest.base + "/temporary-results/nope").then().statusCode(404);
        guest.post("/temporary-results", Map.of("stepId", step, "reportConfig", Map.of())).then().statusCode(400);
        guest.post("/temporary-results", Map.of("stepId", step, "reportName", "nope", "reportConfig", Map.of()))
                .then().statusCode(422).body(not(containsString("Internal")));
    }
}
