package org.strategylab.chat.rest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;
import org.strategylab.chat.support.Chats;
import org.strategylab.testsupport.InProcessKafkaResource;
import org.strategylab.testsupport.TestTokens;
import org.strategylab.testsupport.upstream.UpstreamStackResource;

/**
 * A strategy the researcher made on the site, brought into a new conversation: the graph holds its
 * steps, parameters and all, linked to the site's steps, and a push replaces that strategy's steps.
 */
@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = UpstreamStackResource.class, restrictToAnnotatedClass = false)
class StrategyImportTest {

    private static final String KINASES = "{\"searchName\":\"GenesByGoTerm\",\"parameters\":{\"organism\":"
            + "[\"Plasmodium falciparum 3D7\"],\"go_typeahead\":[\"GO:0004672\"]}}";
    private static final String SIGNAL_PEPTIDE = "{\"searchName\":\"GenesWithSignalPeptide\",\"parameters\":"
            + "{\"organism\":[\"Plasmodium falciparum 3D7\"]}}";

    /** A strategy made on the site directly (as the researcher would have, on the site's own pages). */
    private static JsonPath onTheSite(String user) {
        String tree = "{\"searchName\":\"GenesByOrthologs\",\"customName\":\"vivax orthologs\",\"parameters\":"
                + "{\"organism\":[\"Plasmodium vivax P01\"],\"isSyntenic\":\"no\"},\"primaryInput\":{\"operator\":\"MINUS\","
                + "\"primaryInput\":" + KINASES + ",\"secondaryInput\":" + SIGNAL_PEPTIDE + "}}";
        String upstream = ConfigProvider.getConfig().getValue("quarkus.rest-client.upstream-gateway.url", String.class);
        return given().baseUri(upstream).header("Authorization", TestTokens.bearer(user)).contentType("application/json")
                .body("{\"name\":\"my kinases\",\"isSaved\":true,\"tree\":" + tree + "}")
                .post("/internal/v1/sites/plasmodb/strategies")
                .then().statusCode(201).extract().jsonPath();
    }

    @Test
    void aSiteStrategyBecomesAConversationLinkedToIt() {
        String user = Chats.newUser("importer");
        JsonPath site = onTheSite(user);
        long strategyId = site.getLong("strategyId");
        JsonPath imported = Chats.as(user).body("{\"siteId\":\"plasmodb\",\"strategyId\":" + strategyId + "}")
                .post("/api/v1/strategies/import")
                .then().statusCode(201).extract().jsonPath();
        assertEquals("my kinases", imported.getString("strategy.name"));
        assertEquals(strategyId, imported.getLong("strategy.upstreamStrategyId"));
        List<Map<String, Object>> steps = imported.getList("graph.steps");
        assertEquals(4, steps.size(), steps.toString());
        assertEquals("GenesByGoTerm", steps.get(0).get("searchName"));
        assertEquals(List.of("GO:0004672"), ((Map<?, ?>) steps.get(0).get("parameters")).get("go_typeahead"));
        assertEquals("GenesWithSignalPeptide", steps.get(1).get("searchName"));
        assertEquals("MINUS", steps.get(2).get("operator"));
        assertEquals(List.of("step-1", "step-2"), List.of(steps.get(2).get("primaryInputStepId"), steps.get(2).get("secondaryInputStepId")));
        assertEquals("GenesByOrthologs", steps.get(3).get("searchName"));
        assertEquals("vivax orthologs", steps.get(3).get("displayName"));
        assertEquals("step-3", steps.get(3).get("primaryInputStepId"));
        assertEquals(Map.of("organism", List.of("Plasmodium vivax P01"), "isSyntenic", "no"), steps.get(3).get("parameters"));
        long root = site.getLong("stepTree.stepId");
        assertEquals(root, ((Number) steps.get(3).get("upstreamStepId")).longValue());
        assertNotNull(steps.get(3).get("resultCount"));
        String conversation = imported.getString("strategy.id");

        // a push replaces the steps of the strategy it came from, rather than making another
        JsonPath pushed = Chats.as(user).body("{}").post("/api/v1/strategies/" + conversation + "/push")
                .then().statusCode(200).extract().jsonPath();
        assertEquals(strategyId, pushed.getLong("upstreamStrategyId"));
        Chats.as(user).get("/api/v1/strategies").then().statusCode(200)
                .body("items.id", hasItem(conversation));
    }

    @Test
    void someoneElsesStrategyIsNotFoundAndBadRequestsNameTheirField() {
        String owner = Chats.newUser("owner");
        long strategyId = onTheSite(owner).getLong("strategyId");
        String other = Chats.newUser("other");
        Chats.as(other).body("{\"siteId\":\"plasmodb\",\"strategyId\":" + strategyId + "}")
                .post("/api/v1/strategies/import")
                .then().statusCode(404).contentType("application/problem+json").body("code", equalTo("STRATEGY_NOT_FOUND"));
        Chats.as(other).get("/api/v1/strategies").then().statusCode(200).body("total", equalTo(0));
        // the list to import from is each caller's own
        Chats.as(owner).get("/api/v1/strategies/on-site?siteId=plasmodb").then().statusCode(200)
                .body("items.strategyId", hasItem((int) strategyId)).body("items[0].name", equalTo("my kinases"));
        Chats.as(other).get("/api/v1/strategies/on-site?siteId=plasmodb").then().statusCode(200)
                .body("items.strategyId", not(hasItem((int) strategyId)));
        Chats.as(owner).get("/api/v1/strategies/on-site").then().statusCode(400).contentType("application/problem+json");
        Chats.as(owner).get("/api/v1/strategies/on-site?siteId=nosuchdb").then().statusCode(422)
                .body("errors.pointer", hasItem("/siteId"));
        given().get("/api/v1/strategies/on-site?siteId=plasmodb").then().statusCode(401);

        Chats.as(owner).body("{\"siteId\":\"plasmodb\"}").post("/api/v1/strategies/import")
                .then().statusCode(400).contentType("application/problem+json").body("errors.pointer", hasItem("/strategyId"));
        Chats.as(owner).body("{\"siteId\":\"plasmodb\",\"strategyId\":-4}").post("/api/v1/strategies/import")
                .then().statusCode(400).body("errors.pointer", hasItem("/strategyId"));
        Chats.as(owner).body("{\"siteId\":\"nosuchdb\",\"strategyId\":" + strategyId + "}").post("/api/v1/strategies/import")
                .then().statusCode(422).body("errors.pointer", hasItem("/siteId"));
        given().contentType("application/json").body("{\"siteId\":\"plasmodb\",\"strategyId\":" + strategyId + "}")
                .post("/api/v1/strategies/import").then().statusCode(401);
    }
}
