package org.strategylab.upstream.rest;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.lessThan;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.startsWith;

import io.quarkus.cache.Cache;
import io.quarkus.cache.CacheName;
import io.quarkus.cache.CaffeineCache;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.strategylab.simulator.UpstreamSimulator;
import org.strategylab.upstream.service.catalog.CachedCatalog;
import org.strategylab.upstream.support.Callers;
import org.strategylab.upstream.support.InjectSimulator;
import org.strategylab.upstream.support.UpstreamTest;

@QuarkusTest
@UpstreamTest
class CatalogResourceTest {

    @InjectSimulator
    UpstreamSimulator simulator;

    @Inject
    @CacheName(CachedCatalog.CACHE)
    Cache catalogCache;

    @AfterEach
    void resetFaults() {
        simulator.faults().reset();
    }

    @Test
    void recordTypesOfASite() {
        given().when().get("/api/v1/sites/plasmodb/record-types")
                .then().statusCode(200)
                .body("items.name", hasItems("transcript", "gene"))
                .body("items.find { it.name == 'transcript' }.primaryKeyColumns",
                        contains("gene_source_id", "source_id", "project_id"))
                .body("total", equalTo(2));
    }

    @Test
    void textQueryFindsTheGoSearchFirst() {
        given().queryParam("q", "GO").when().get("/api/v1/sites/plasmodb/searches")
                .then().statusCode(200)
                .body("items[0].name", equalTo("GenesByGoTerm"))
                .body("items[0].displayName", equalTo("GO Term"))
                .body("items[0].recordType", equalTo("transcript"))
                .body("items[0].kind", equalTo("search"));
    }

    @Test
    void searchesCarryTheirKindByTheirInputCount() {
        given().queryParam("recordType", "transcript").when().get("/api/v1/sites/plasmodb/searches")
                .then().statusCode(200)
                .body("total", greaterThan(10))
                .body("items.find { it.name == 'GenesByTaxon' }.kind", equalTo("search"))
                .body("items.find { it.name == 'GenesByOrthologs' }.kind", equalTo("transform"))
                // two input steps: a combine-like search, though not WDK's boolean one
                .body("items.find { it.name == 'GenesBySpanLogic' }.kind", equalTo("combine"));
    }

    @Test
    void internalSearchesAreHidden() {
        // issue 11 point 17: WDK's InternalQuestions.* (here the boolean search) are not for users or the agent
        given().queryParam("recordType", "transcript").when().get("/api/v1/sites/plasmodb/searches")
                .then().statusCode(200)
                .body("items.name", not(hasItem(startsWith("boolean_question_"))));
        given().when().get("/api/v1/sites/plasmodb/searches")
                .then().statusCode(200)
                .body("items.name", not(hasItem(startsWith("boolean_question_"))));
        given().queryParam("q", "combine").when().get("/api/v1/sites/plasmodb/searches")
                .then().statusCode(200)
                .body("items.name", not(hasItem(startsWith("boolean_question_"))));
        int listed = given().queryParam("recordType", "transcript").when().get("/api/v1/sites/plasmodb/searches")
                .then().extract().path("total");
        given().when().get("/api/v1/sites/plasmodb/record-types")
                .then().statusCode(200)
                .body("items.find { it.name == 'transcript' }.searchCount", equalTo(listed));
    }

    @Test
    void paramSpecsKeepWhatTheRealFormatCarries() {
        // issue 11 point 18: properties, depthExpanded, dataset parsers, string length and isMultiLine
        given().when().get("/api/v1/sites/plasmodb/searches/transcript/GenesByText/param-specs")
                .then().statusCode(200)
                .body("parameters.find { it.name == 'text_expression' }.length", equalTo(4000))
                .body("parameters.find { it.name == 'text_expression' }.isMultiLine", equalTo(false))
                .body("parameters.find { it.name == 'text_expression' }.properties", notNullValue())
                .body("parameters.find { it.name == 'text_search_organism' }.depthExpanded", equalTo(1));
        given().when().get("/api/v1/sites/plasmodb/searches/transcript/GeneByLocusTag/param-specs")
                .then().statusCode(200)
                .body("parameters.find { it.type == 'input-dataset' }.parsers.name", hasItem("list"));
        // issue 38: whether a number parameter takes whole numbers only, so an optimiser never tries 0.77 exons
        given().when().get("/api/v1/sites/plasmodb/searches/transcript/GenesByExonCount/param-specs")
                .then().statusCode(200)
                .body("parameters.find { it.name == 'num_exons_gte' }.isInteger", equalTo(true));
        given().when().get("/api/v1/sites/plasmodb/searches/transcript/GenesByMolecularWeight/param-specs")
                .then().statusCode(200)
                .body("parameters.find { it.name == 'max_molecular_weight' }.isInteger", equalTo(false));
    }

    @Test
    void paramSpecsOfTheGoSearch() {
        given().when().get("/api/v1/sites/plasmodb/searches/transcript/GenesByGoTerm/param-specs")
                .then().statusCode(200)
                .body("searchName", equalTo("GenesByGoTerm"))
                .body("parameters.name", hasItems("organism", "go_term_evidence", "go_typeahead"))
                .body("parameters.find { it.name == 'go_term_evidence' }.multiPick", equalTo(true))
                .body("parameters.find { it.name == 'go_term_evidence' }.vocabulary.term", hasItems("Curated", "Computed"))
                .body("parameters.find { it.name == 'organism' }.vocabulary[0].children", notNullValue())
                .body("parameters.find { it.name == 'go_term_slim' }.dependentParams", contains("go_typeahead"));
    }

    @Test
    void validateAcceptsGoodValuesAndNormalisesThem() {
        given().contentType(ContentType.JSON)
                .body("{\"contextValues\":{\"organism\":[\"Plasmodium falciparum 3D7\"],\"go_typeahead\":\"GO:0004672\","
                        + "\"go_term_evidence\":[\"Curated\",\"Computed\"]}}")
                .when().post("/api/v1/sites/plasmodb/searches/transcript/GenesByGoTerm/validate")
                .then().statusCode(200)
                .body("isValid", equalTo(true))
                .body("normalizedContextValues.organism", equalTo("[\"Plasmodium falciparum 3D7\"]"))
                .body("normalizedContextValues.go_typeahead", equalTo("[\"GO:0004672\"]"));
    }

    @Test
    void validateRejectsABadParameterWith422NamingIt() {
        given().contentType(ContentType.JSON)
                .body("{\"contextValues\":{\"organism\":[\"Plasmodium falciparum 3D7\"],\"go_typeahead\":[\"GO:0004672\"],"
                        + "\"go_term_evidence\":[\"Bogus\"]}}")
                .when().post("/api/v1/sites/plasmodb/searches/transcript/GenesByGoTerm/validate")
                .then().statusCode(422)
                .contentType("application/problem+json")
                .body("code", equalTo("VALIDATION_ERROR"))
                .body("errors.pointer", contains("/contextValues/go_term_evidence"));
        given().contentType(ContentType.JSON)
                .body("{\"contextValues\":{\"no_such_param\":\"1\"}}")
                .when().post("/api/v1/sites/plasmodb/searches/transcript/GenesByGoTerm/validate")
                .then().statusCode(422)
                .body("errors.pointer", contains("/contextValues/no_such_param"));
    }

    @Test
    void paramSpecsInContextAndDependentVocabularies() {
        given().contentType(ContentType.JSON).body("{\"contextValues\":{\"go_term_slim\":\"Yes\"}}")
                .when().post("/api/v1/sites/plasmodb/searches/transcript/GenesByGoTerm/param-specs")
                .then().statusCode(200)
                .body("parameters.find { it.name == 'go_typeahead' }.vocabulary.size()", greaterThan(0));
        int all = given().when().get("/api/v1/sites/plasmodb/searches/transcript/GenesByGoTerm/param-specs")
                .then().statusCode(200).extract().jsonPath()
                .getList("parameters.find { it.name == 'go_typeahead' }.vocabulary").size();
        given().contentType(ContentType.JSON)
                .body("{\"changedParam\":{\"name\":\"go_term_slim\",\"value\":\"Yes\"},\"contextValues\":{}}")
                .when().post("/api/v1/sites/plasmodb/searches/transcript/GenesByGoTerm/dependent-params")
                .then().statusCode(200)
                .body("name", contains("go_typeahead"))
                .body("[0].vocabulary.size()", lessThan(all));
        given().contentType(ContentType.JSON)
                .body("{\"changedParam\":{\"name\":\"nope\",\"value\":\"Yes\"}}")
                .when().post("/api/v1/sites/plasmodb/searches/transcript/GenesByGoTerm/dependent-params")
                .then().statusCode(422).body("errors.pointer", contains("/changedParam/name"));
    }

    @Test
    void unknownSearchAndSiteAre404() {
        given().when().get("/api/v1/sites/plasmodb/searches/transcript/GenesByNothing/param-specs")
                .then().statusCode(404).body("code", equalTo("SEARCH_NOT_FOUND"));
        given().when().get("/api/v1/sites/nosuchsite/searches")
                .then().statusCode(404).body("code", equalTo("SITE_NOT_FOUND"));
        given().queryParam("recordType", "nothing").when().get("/api/v1/sites/plasmodb/searches")
                .then().statusCode(404).body("code", equalTo("RECORD_TYPE_NOT_FOUND"));
    }

    @Test
    void organismsOfASite() {
        given().when().get("/api/v1/sites/plasmodb/organisms")
                .then().statusCode(200)
                .body("items.name", hasItems("Plasmodium falciparum 3D7", "Plasmodium vivax P01"))
                .body("items.name", everyItem(not(equalTo("Plasmodium"))));
    }

    @Test
    void geneSearchAndResolve() {
        given().queryParam("q", "kinase").queryParam("organism", "Plasmodium falciparum 3D7").queryParam("limit", 5)
                .when().get("/api/v1/sites/plasmodb/genes/search")
                .then().statusCode(200)
                .body("results.size()", equalTo(5))
                .body("totalCount", greaterThan(5))
                .body("results.organism", everyItem(equalTo("Plasmodium falciparum 3D7")));
        given().queryParam("q", "kinase").queryParam("organism", "Toxoplasma gondii ME49")
                .when().get("/api/v1/sites/plasmodb/genes/search")
                .then().statusCode(422).body("errors.pointer", contains("query:organism"));
        given().when().get("/api/v1/sites/plasmodb/genes/search")
                .then().statusCode(400).body("errors.pointer", contains("q"));
        String ids = "{\"geneIds\":[\"PF3D7_0100100\",\"PF3D7_0831900.1\",\"NOT_A_GENE\"]}";
        // issue 11 point 5: each resolution uploads a dataset to the site, so only signed-in callers may
        given().contentType(ContentType.JSON).body(ids)
                .when().post("/api/v1/sites/plasmodb/genes/resolve")
                .then().statusCode(401).contentType("application/problem+json");
        Callers.as(Callers.newUser("resolver")).body(ids)
                .when().post("/api/v1/sites/plasmodb/genes/resolve")
                .then().statusCode(200)
                .body("resolved.inputId", contains("PF3D7_0100100", "PF3D7_0831900.1"))
                .body("resolved.geneId", contains("PF3D7_0100100", "PF3D7_0831900"))
                .body("unresolved", contains("NOT_A_GENE"));
    }

    @Test
    void upstreamRefusalsAreNotCachedAndAskedAgain() throws Exception {
        // issue 11 point 15: a 404 on the record types was a 500, and cached so the 500 repeated
        catalogCache.invalidateAll().await().indefinitely();
        simulator.faults().refuseNext("/plasmo/service/record-types$", 1, 404);
        given().when().get("/api/v1/sites/plasmodb/record-types")
                .then().statusCode(502).contentType("application/problem+json")
                .body("code", equalTo("UPSTREAM_ERROR"))
                .body("upstreamStatus", equalTo(404));
        given().when().get("/api/v1/sites/plasmodb/record-types")
                .then().statusCode(200).body("items.name", hasItem("transcript"));
        // the searches of a known record type, and a known search, the same; issue 40: the search was just
        // found in the site's list, so its 404 is the site failing (502), not an unknown search
        catalogCache.invalidateAll().await().indefinitely();
        simulator.faults().refuseNext("/record-types/transcript/searches/GenesByGoTerm$", 1, 404);
        given().when().get("/api/v1/sites/plasmodb/searches/transcript/GenesByGoTerm/param-specs")
                .then().statusCode(502).body("code", equalTo("UPSTREAM_ERROR")).body("upstreamStatus", equalTo(404));
        given().when().get("/api/v1/sites/plasmodb/searches/transcript/GenesByGoTerm/param-specs")
                .then().statusCode(200).body("searchName", equalTo("GenesByGoTerm"));
        simulator.faults().refuseNext("/record-types/transcript/searches/GenesByTaxon$", 1, 400);
        given().when().get("/api/v1/sites/plasmodb/searches/transcript/GenesByTaxon/param-specs")
                .then().statusCode(502).body("upstreamStatus", equalTo(400));
        given().when().get("/api/v1/sites/plasmodb/searches/transcript/GenesByTaxon/param-specs")
                .then().statusCode(200);
    }

    @Test
    void callersCannotFillTheCatalogueCache() {
        // issue 11 point 5: unknown names were asked upstream and their 404s cached, one entry each
        given().when().get("/api/v1/sites/plasmodb/searches/transcript/GenesByGoTerm/param-specs").then().statusCode(200);
        int before = catalogCache.as(CaffeineCache.class).keySet().size();
        for (int i = 0; i < 30; i++) {
            given().header("X-Forwarded-For", "198.51.100.30")
                    .when().get("/api/v1/sites/plasmodb/searches/transcript/NoSuchSearch" + i + "/param-specs")
                    .then().statusCode(404).body("code", equalTo("SEARCH_NOT_FOUND"));
            given().header("X-Forwarded-For", "198.51.100.30").queryParam("recordType", "no-such-type-" + i)
                    .when().get("/api/v1/sites/plasmodb/searches")
                    .then().statusCode(404).body("code", equalTo("RECORD_TYPE_NOT_FOUND"));
        }
        assertEquals(before, catalogCache.as(CaffeineCache.class).keySet().size(), "no entry per unknown name");
    }

    @Test
    void catalogueIsCachedPerSite() {
        given().when().get("/api/v1/sites/toxodb/searches").then().statusCode(200);
        simulator.faults().failNext("/record-types", 10, 503);
        given().when().get("/api/v1/sites/toxodb/searches")
                .then().statusCode(200)
                .body("items.name", hasItem("GenesByTaxon"));
    }
}
