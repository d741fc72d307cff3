package org.strategylab.upstream.rest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;
import org.strategylab.upstream.support.UpstreamTest;

@QuarkusTest
@UpstreamTest
class RecordAttributeResourceTest {

    @Test
    void aRecordTypesAttributesSayWhatResultsCanShowSortAndSummarise() {
        given().when().get("/api/v1/sites/plasmodb/record-types/transcript/attributes")
                .then().statusCode(200)
                .body("name", hasItem("gene_product"))
                .body("find { it.name == 'gene_product' }.isSortable", equalTo(true))
                .body("find { it.name == 'gene_product' }.displayName", org.hamcrest.Matchers.notNullValue());
    }

    @Test
    void anUnknownRecordTypeOrSiteIsNotFound() {
        given().when().get("/api/v1/sites/plasmodb/record-types/nosuch/attributes")
                .then().statusCode(404).body("code", equalTo("RECORD_TYPE_NOT_FOUND"));
        given().when().get("/api/v1/sites/nosuch/record-types/transcript/attributes")
                .then().statusCode(404);
    }
}
