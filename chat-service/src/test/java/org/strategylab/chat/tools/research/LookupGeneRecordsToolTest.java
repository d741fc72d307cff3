package org.strategylab.chat.tools.research;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.hasItems;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.strategylab.chat.tools.ToolContext;
import org.strategylab.chat.tools.ToolRefusal;
import org.strategylab.testsupport.InProcessKafkaResource;
import org.strategylab.testsupport.TestTokens;
import org.strategylab.testsupport.upstream.UpstreamStackResource;

/**
 * {@code lookup_gene_records} as the application wires it, through the real upstream-gateway
 * against the simulated site; and the research tools listed in their group.
 */
@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = UpstreamStackResource.class, restrictToAnnotatedClass = false)
class LookupGeneRecordsToolTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Inject
    LookupGeneRecordsTool tool;

    ToolContext context() {
        String user = "gene-reader-" + UUID.randomUUID();
        return new ToolContext(user, TestTokens.forUser(user), "plasmodb", UUID.randomUUID(), null,
                new RecordingScope());
    }

    @Test
    void idsAreResolvedToTheSitesCurrentGenesAndTheOthersNamed() throws Exception {
        JsonNode result = tool.run(JSON.readTree(
                "{\"geneIds\":[\"PF3D7_0100100\",\"PF3D7_0831900.1\",\"NOT_A_GENE\"]}"), context());

        List<String> inputs = new ArrayList<>();
        List<String> current = new ArrayList<>();
        result.path("resolved").forEach(g -> {
            inputs.add(g.path("inputId").asText());
            current.add(g.path("geneId").asText());
        });
        assertEquals(List.of("PF3D7_0100100", "PF3D7_0831900.1"), inputs);
        assertEquals(List.of("PF3D7_0100100", "PF3D7_0831900"), current, "a transcript id names its gene");
        assertEquals("Plasmodium falciparum 3D7", result.path("resolved").get(0).path("organism").asText());
        assertEquals(List.of("NOT_A_GENE"), JSON.convertValue(result.path("unresolved"), List.class));
    }

    @Test
    void aQueryFindsGenesOfTheOrganismAtMostTheToolsLimit() throws Exception {
        JsonNode result = tool.run(JSON.readTree(
                "{\"query\":\"kinase\",\"organism\":\"Plasmodium falciparum 3D7\"}"), context());

        JsonNode genes = result.path("genes");
        assertEquals(LookupGeneRecordsTool.SEARCH_LIMIT, genes.size(), result.toString());
        assertTrue(result.path("totalCount").asLong() > genes.size(), result.toString());
        genes.forEach(g -> assertEquals("Plasmodium falciparum 3D7", g.path("organism").asText()));
        genes.forEach(g -> assertTrue(g.path("geneId").asText().startsWith("PF3D7_"), g.toString()));
    }

    @Test
    void anOrganismOfAnotherSiteAndNoArgumentsAreRefusals() throws Exception {
        ToolRefusal foreign = assertThrows(ToolRefusal.class, () -> tool.run(JSON.readTree(
                "{\"query\":\"kinase\",\"organism\":\"Toxoplasma gondii ME49\"}"), context()));
        assertTrue(foreign.getMessage().startsWith("the site refused the look-up"), foreign.getMessage());
        assertTrue(foreign.getMessage().contains("organism"), foreign.getMessage());
        ToolRefusal none = assertThrows(ToolRefusal.class, () -> tool.run(JSON.readTree("{\"geneIds\":[]}"), context()));
        assertEquals("give geneIds (a list of gene ids) or a query", none.getMessage());
    }

    @Test
    void theResearchToolsAreListedInTheirGroup() {
        given().get("/api/v1/tools").then().statusCode(200)
                .body("tools.findAll { it.group == 'research' }.name",
                        hasItems("lookup_gene_records", "literature_search", "web_search"));
    }
}
