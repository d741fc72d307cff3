package org.strategylab.experiment.support;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.eclipse.microprofile.config.ConfigProvider;
import org.strategylab.eventlog.EventEnvelope;
import org.strategylab.testsupport.TestTokens;

/**
 * What the in-process tests of experiment-service use to drive its API as a user would: a request
 * signed in as a user, a fresh user name, the searches and genes of the simulator's PlasmoDB, and a
 * search's genes read from upstream-gateway directly to compute what a run must answer.
 */
public final class ExperimentApi {

    /** The experiments collection. */
    public static final String EXPERIMENTS = "/api/v1/experiments";
    /** How long a test waits for one run or analysis to end. */
    public static final Duration RUN = Duration.ofSeconds(90);
    /** P. falciparum's protein kinases (GO:0004672). */
    public static final String KINASES = "{\"searchName\":\"GenesByGoTerm\",\"parameters\":{\"organism\":[\"Plasmodium falciparum 3D7\"],"
            + "\"go_typeahead\":[\"GO:0004672\"]}}";
    /** P. falciparum's genes with a signal peptide. */
    public static final String SIGNAL_PEPTIDE = "{\"searchName\":\"GenesWithSignalPeptide\",\"parameters\":{\"organism\":"
            + "[\"Plasmodium falciparum 3D7\"]}}";
    /** Every P. falciparum gene. */
    public static final String FALCIPARUM = "{\"searchName\":\"GenesByTaxon\",\"parameters\":{\"organism\":[\"Plasmodium falciparum 3D7\"]}}";

    /** Genes of the simulator's PlasmoDB (Plasmodium falciparum 3D7, chromosome 1), for gene-ID experiments. */
    public static final String G1 = "PF3D7_0100100";
    public static final String G2 = "PF3D7_0100200";
    public static final String G3 = "PF3D7_0100300";
    public static final String G4 = "PF3D7_0100400";
    public static final String G9 = "PF3D7_0100900";
    public static final String N1 = "PF3D7_0101100";
    public static final String N2 = "PF3D7_0101200";
    public static final String N3 = "PF3D7_0101300";

    private static final ObjectMapper JSON = new ObjectMapper();

    private ExperimentApi() {
    }

    /** A JSON request signed in as {@code user}. */
    public static RequestSpecification as(String user) {
        return given().header("Authorization", TestTokens.bearer(user)).contentType("application/json");
    }

    /** A user name no other test uses. */
    public static String newUser(String name) {
        return name + "-" + UUID.randomUUID();
    }

    /** A search's genes, read from upstream-gateway directly (as the site answers them). */
    public static SearchAnswer run(String user, String search) throws Exception {
        String upstream = ConfigProvider.getConfig().getValue("quarkus.rest-client.upstream-gateway.url", String.class);
        JsonNode spec = JSON.readTree(search);
        ((com.fasterxml.jackson.databind.node.ObjectNode) spec).put("maxIds", 20000);
        JsonPath answer = given().header("Authorization", TestTokens.bearer(user)).contentType("application/json")
                .body(spec.toString()).when().post(upstream + "/internal/v1/sites/plasmodb/searches/run")
                .then().statusCode(200).extract().jsonPath();
        return new SearchAnswer(answer.getList("ids", String.class), answer.getLong("count"), answer.getLong("geneCount"));
    }

    /**
     * A search's answer on the site.
     *
     * @param ids       its gene IDs
     * @param count     its rows (transcripts for the transcript record type)
     * @param geneCount its genes
     */
    public record SearchAnswer(List<String> ids, long count, long geneCount) {
    }

    /** A JSON array of strings. */
    public static String json(List<String> ids) {
        return "[\"" + String.join("\",\"", ids) + "\"]";
    }

    /** The log of a run that completed ends with its completion and its terminal event. */
    public static void assertEnds(List<EventEnvelope> log) {
        List<String> types = OperationEvents.types(log);
        assertEquals(List.of("experiment_complete", "experiment_end"), types.subList(types.size() - 2, types.size()),
                "the run's events: " + types);
    }
}
