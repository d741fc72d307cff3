package org.strategylab.simulator;

import static io.restassured.RestAssured.given;

import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.util.List;
import java.util.Map;

/**
 * A WDK guest as a cookie-keeping client sees it: the {@code Authorization} cookie from the first
 * response, sent on every later request to the same site.
 */
final class Guest {

    static final String BOOLEAN = "boolean_question_TranscriptRecordClasses_TranscriptRecordClass";
    static final String LEFT = "bq_left_op_TranscriptRecordClasses_TranscriptRecordClass";
    static final String RIGHT = "bq_right_op_TranscriptRecordClasses_TranscriptRecordClass";
    static final String PF = "Plasmodium falciparum 3D7";

    final String base;
    final String token;
    final long id;

    private Guest(String base, String token, long id) {
        this.base = base;
        this.token = token;
        this.id = id;
    }

    static Guest on(String base) {
        Response response = given().get(base + "/users/current");
        return new Guest(base, response.getCookie("Authorization"), response.jsonPath().getLong("id"));
    }

    RequestSpecification request() {
        return given().cookie("Authorization", token).contentType(ContentType.JSON);
    }

    Response post(String path, Object body) {
        return request().body(body).post(base + path);
    }

    long createStep(String search, Map<String, String> params) {
        return post("/users/current/steps", Map.of("searchName", search, "searchConfig", Map.of("parameters", params)))
                .then().statusCode(200).extract().jsonPath().getLong("id");
    }

    long taxonStep(String organism) {
        return createStep("GenesByTaxon", Map.of("organism", "[\"" + organism + "\"]"));
    }

    long goStep(String goId) {
        return createStep("GenesByGoTerm", Map.of("organism", "[\"" + PF + "\"]", "go_typeahead", "[\"" + goId + "\"]"));
    }

    long booleanStep(String operator) {
        return createStep(BOOLEAN, Map.of(LEFT, "", RIGHT, "", "bq_operator", operator));
    }

    long strategy(String name, Map<String, Object> tree) {
        return post("/users/current/strategies", Map.of("name", name, "isSaved", false, "isPublic", false, "stepTree", tree))
                .then().statusCode(200).extract().jsonPath().getLong("id");
    }

    /** A one-step strategy around a new leaf step; returns the step id. */
    long runnableLeaf(String search, Map<String, String> params) {
        long step = createStep(search, params);
        strategy("leaf " + step, Map.of("stepId", step));
        return step;
    }

    Response report(long stepId, Map<String, Object> reportConfig) {
        return post("/users/current/steps/" + stepId + "/reports/standard", Map.of("reportConfig", reportConfig));
    }

    int count(long stepId) {
        return report(stepId, Map.of("pagination", Map.of("offset", 0, "numRecords", 0)))
                .then().statusCode(200).extract().jsonPath().getInt("meta.totalCount");
    }

    List<String> geneIds(long stepId) {
        return report(stepId, Map.of("attributes", List.of("gene_source_id")))
                .then().statusCode(200).extract().jsonPath().getList("records.attributes.gene_source_id");
    }

    static Map<String, Object> node(long stepId) {
        return Map.of("stepId", stepId);
    }

    static Map<String, Object> node(long stepId, Map<String, Object> primary, Map<String, Object> secondary) {
        return secondary == null ? Map.of("stepId", stepId, "primaryInput", primary)
                : Map.of("stepId", stepId, "primaryInput", primary, "secondaryInput", secondary);
    }
}
