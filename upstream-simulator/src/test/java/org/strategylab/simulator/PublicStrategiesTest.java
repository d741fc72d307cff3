package org.strategylab.simulator;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** {@code GET /strategy-lists/public}: the seeded public strategies, in WDK's listing format, readable by copying. */
class PublicStrategiesTest {

    private static final Set<String> LISTING_KEYS = Set.of("strategyId", "name", "savedName", "description", "author",
            "rootStepId", "recordClassName", "signature", "createdTime", "lastViewed", "lastModified", "releaseVersion",
            "isPublic", "isSaved", "isValid", "isDeleted", "isExample", "organization", "estimatedSize",
            "nameOfFirstStep", "leafAndTransformStepCount");

    private final Guest guest = Guest.on(SharedSimulator.plasmo());

    @Test
    void listsTheSeededPublicStrategiesAsListingsWithoutTrees() {
        JsonPath list = given().get(guest.base + "/strategy-lists/public").then().statusCode(200)
                .contentType(ContentType.JSON).extract().jsonPath();
        List<Map<String, Object>> strategies = list.getList("");
        assertTrue(strategies.size() >= 8 && strategies.size() <= 15, "seeded count " + strategies.size());
        for (Map<String, Object> strategy : strategies) {
            assertEquals(LISTING_KEYS, strategy.keySet(), "listing keys of " + strategy.get("name"));
            assertEquals(true, strategy.get("isPublic"));
            assertEquals(true, strategy.get("isValid"));
            assertEquals("transcript", strategy.get("recordClassName"));
            assertTrue(((Number) strategy.get("estimatedSize")).intValue() >= 0, "counted on the simulator");
            assertFalse(String.valueOf(strategy.get("description")).isBlank());
        }
        Map<String, Object> exported = strategies.stream()
                .filter(s -> s.get("name").toString().startsWith("Exported proteins")).findFirst().orElseThrow();
        assertTrue(((Number) exported.get("estimatedSize")).intValue() > 0, "the exported-protein strategy finds genes");
        assertEquals(2, exported.get("leafAndTransformStepCount"));
    }

    @Test
    void aPublicStrategyIsReadByCopyingItsSignatureNotThroughItsAuthor() {
        Map<String, Object> exported = given().get(guest.base + "/strategy-lists/public").then().statusCode(200)
                .extract().jsonPath().<Map<String, Object>>getList("").stream()
                .filter(s -> s.get("name").toString().startsWith("Exported proteins")).findFirst().orElseThrow();
        guest.request().get(guest.base + "/users/current/strategies/" + exported.get("strategyId")).then().statusCode(403);

        long copy = guest.post("/users/current/strategies", Map.of("sourceStrategySignature", exported.get("signature")))
                .then().statusCode(200).extract().jsonPath().getLong("id");
        JsonPath detail = guest.request().get(guest.base + "/users/current/strategies/" + copy).then().statusCode(200)
                .body("name", equalTo(exported.get("name"))).body("estimatedSize", equalTo(exported.get("estimatedSize")))
                .extract().jsonPath();
        String root = String.valueOf(detail.getLong("stepTree.stepId"));
        assertEquals("MINUS", detail.getString("steps." + root + ".searchConfig.parameters.bq_operator"));
        String left = String.valueOf(detail.getLong("stepTree.primaryInput.stepId"));
        assertEquals("GenesWithSignalPeptide", detail.getString("steps." + left + ".searchName"));
    }

    @Test
    void recordedCataloguesHaveNoPublicStrategies() {
        given().get(SharedSimulator.get().serviceUrl("cryptodb") + "/strategy-lists/public").then().statusCode(200)
                .body("size()", equalTo(0));
    }
}
