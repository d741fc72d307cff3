package org.strategylab.experiment.workers;

import static io.restassured.RestAssured.given;

import io.restassured.path.json.JsonPath;
import java.util.List;
import java.util.UUID;
import org.strategylab.testsupport.TestTokens;
import org.strategylab.testsupport.process.QuarkusAppProcess;
import org.strategylab.testsupport.workers.WorkerStack;

/** Experiments through an experiment-service instance's HTTP API, as a user. */
final class Experiments {

    static final String EXPERIMENTS = "/api/v1/experiments";

    /** PlasmoDB's kinases (a GO term search): a search-mode experiment's search. */
    static final String KINASES = "{\"searchName\":\"GenesByGoTerm\",\"parameters\":{\"organism\":"
            + "[\"Plasmodium falciparum 3D7\"],\"go_typeahead\":[\"GO:0004672\"]}}";
    /** Every P. falciparum gene, to draw negative controls from. */
    static final String FALCIPARUM = "{\"searchName\":\"GenesByTaxon\",\"parameters\":{\"organism\":"
            + "[\"Plasmodium falciparum 3D7\"]}}";

    /** What the 202 answered. */
    record Started(UUID operationId, UUID experimentId, String owner) {
    }

    /** Controls drawn from the site: some kinases and some other genes. */
    record Controls(List<String> positives, List<String> negatives) {

        static Controls fromSite(WorkerStack stack) {
            String user = "controls-" + UUID.randomUUID();
            List<String> kinases = searchIds(stack, user, KINASES);
            List<String> others = searchIds(stack, user, FALCIPARUM).stream().filter(id -> !kinases.contains(id)).toList();
            return new Controls(List.of(kinases.get(0), kinases.get(1), kinases.get(2), others.get(0)),
                    List.of(others.get(1), others.get(2), others.get(3), kinases.get(3)));
        }
    }

    private Experiments() {
    }

    /** A search-mode experiment (the kinases) with the controls. */
    static String searchBody(String name, Controls controls) {
        return KINASES.substring(0, KINASES.lastIndexOf('}')) + ",\"siteId\":\"plasmodb\",\"name\":\"" + name
                + "\",\"positiveControls\":" + json(controls.positives()) + ",\"negativeControls\":"
                + json(controls.negatives()) + "}";
    }

    /** A gene-ID experiment (no upstream call) on the controls' own genes. */
    static String geneIdBody(String name, Controls controls) {
        List<String> targets = List.of(controls.positives().get(0), controls.positives().get(1),
                controls.negatives().get(0));
        return "{\"siteId\":\"plasmodb\",\"name\":\"" + name + "\",\"targetGeneIds\":" + json(targets)
                + ",\"positiveControls\":" + json(controls.positives()) + ",\"negativeControls\":"
                + json(controls.negatives()) + "}";
    }

    /** Starts an experiment through the instance: answers the 202's ids. */
    static Started start(QuarkusAppProcess instance, String user, String body) {
        JsonPath answer = given().header("Authorization", TestTokens.bearer(user)).contentType("application/json")
                .body(body).when().post(instance.baseUri() + EXPERIMENTS)
                .then().statusCode(202).extract().jsonPath();
        return new Started(UUID.fromString(answer.getString("operationId")),
                UUID.fromString(answer.getString("experimentId")), user);
    }

    /** The experiment as its owner reads it through the instance. */
    static JsonPath get(QuarkusAppProcess instance, Started started) {
        return given().header("Authorization", TestTokens.bearer(started.owner()))
                .when().get(instance.baseUri() + EXPERIMENTS + "/" + started.experimentId())
                .then().statusCode(200).extract().jsonPath();
    }

    private static String json(List<String> ids) {
        return ids.stream().map(id -> "\"" + id + "\"").collect(java.util.stream.Collectors.joining(",", "[", "]"));
    }

    /** A search's gene IDs as the site answers them, through upstream-gateway's internal API. */
    static List<String> searchIds(WorkerStack stack, String user, String searchJson) {
        String body = searchJson.substring(0, searchJson.lastIndexOf('}')) + ",\"maxIds\":20000}";
        JsonPath answer = given().header("Authorization", TestTokens.bearer(user)).contentType("application/json")
                .body(body).when().post(stack.upstreamGateway().baseUri() + "/internal/v1/sites/plasmodb/searches/run")
                .then().statusCode(200).extract().jsonPath();
        return answer.getList("ids", String.class);
    }
}
