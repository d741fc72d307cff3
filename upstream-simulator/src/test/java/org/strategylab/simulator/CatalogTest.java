package org.strategylab.simulator;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;

import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Checklist 4 (catalog shapes) and 5 (param validation). */
class CatalogTest {

    private final String base = SharedSimulator.plasmo();

    @Test
    void recordTypesPlainAndExpanded() {
        given().get(base + "/record-types").then().statusCode(200).contentType(ContentType.JSON).body("", hasItems("transcript", "gene"));
        given().get(base + "/record-types?format=expanded").then().statusCode(200)
                .body("find { it.urlSegment == 'transcript' }.fullName", equalTo("TranscriptRecordClasses.TranscriptRecordClass"))
                .body("find { it.urlSegment == 'transcript' }.primaryKeyColumnRefs", contains("gene_source_id", "source_id", "project_id"))
                .body("find { it.urlSegment == 'transcript' }.searches.urlSegment", hasItem("GenesByTaxon"))
                .body("find { it.urlSegment == 'gene' }.primaryKeyColumnRefs", contains("source_id", "project_id"));
        given().get(base + "/record-types/transcript").then().statusCode(200).body("attributes.name", hasItem("gene_product"))
                .body("tables.name", hasItem("GOTerms"));
        given().get(base + "/record-types/nope").then().statusCode(404).contentType(startsWith("text/plain"));
    }

    @Test
    void searchesHaveUrlSegmentAndNoName() {
        JsonPath searches = given().get(base + "/record-types/transcript/searches").then().statusCode(200).extract().jsonPath();
        List<String> names = searches.getList("urlSegment");
        org.hamcrest.MatcherAssert.assertThat(names, hasItems("GenesByTaxon", "GenesByGoTerm", "GenesByText", "GeneByLocusTag",
                "GenesByOrthologs", "GenesByMolecularWeight", "GenesByRNASeqpfal3D7_Su_seven_stages_rnaSeq_RSRC", Guest.BOOLEAN));
        org.hamcrest.MatcherAssert.assertThat(searches.getList("name"), everyItem(nullValue()));
        given().get(base + "/record-types/transcript/searches").then()
                .body("find { it.urlSegment == 'GenesByTaxon' }.fullName", equalTo("GeneQuestions.GenesByTaxon"))
                .body("find { it.urlSegment == 'GenesByTaxon' }.outputRecordClassName", equalTo("transcript"))
                .body("find { it.urlSegment == 'GenesByTaxon' }", not(hasKey("parameters")))
                .body("find { it.urlSegment == 'GenesByOrthologs' }.allowedPrimaryInputRecordClassNames", contains("transcript"))
                .body("find { it.urlSegment == '" + Guest.BOOLEAN + "' }.fullName", equalTo("InternalQuestions." + Guest.BOOLEAN))
                .body("find { it.urlSegment == '" + Guest.BOOLEAN + "' }.allowedSecondaryInputRecordClassNames", contains("transcript"));
        given().get(base + "/record-types/gene/searches/GenesByTaxon").then().statusCode(404).contentType(startsWith("text/plain"))
                .body(equalTo("There is no search \"GenesByTaxon\" associated with record type \"gene\""));
    }

    @Test
    void searchDetailsCarryParamsWithTreeAndRowVocabularies() {
        JsonPath details = given().get(base + "/record-types/transcript/searches/GenesByTaxon?expandParams=true")
                .then().statusCode(200).body("validation.isValid", is(true)).body("validation.level", equalTo("DISPLAYABLE"))
                .body("searchData.urlSegment", equalTo("GenesByTaxon")).extract().jsonPath();
        Map<String, Object> organism = details.getMap("searchData.parameters[0]");
        org.hamcrest.MatcherAssert.assertThat(organism.get("type"), is("multi-pick-vocabulary"));
        org.hamcrest.MatcherAssert.assertThat(organism.get("displayType"), is("treeBox"));
        org.hamcrest.MatcherAssert.assertThat(organism.get("countOnlyLeaves"), is(true));
        org.hamcrest.MatcherAssert.assertThat(organism.get("initialDisplayValue"), is("[]"));
        given().get(base + "/record-types/transcript/searches/GenesByTaxon").then()
                .body("searchData.parameters[0].vocabulary.data.term", equalTo("Plasmodium"))
                .body("searchData.parameters[0].vocabulary.children[0].children[0].data.term", equalTo(Guest.PF));
        given().get(base + "/record-types/transcript/searches/" + Guest.BOOLEAN).then()
                .body("searchData.parameters.find { it.name == 'bq_operator' }.vocabulary",
                        equalTo(List.of(java.util.Arrays.asList("UNION", "UNION", null) , java.util.Arrays.asList("INTERSECT", "INTERSECT", null),
                                java.util.Arrays.asList("MINUS", "LEFT_MINUS", null), java.util.Arrays.asList("RMINUS", "RIGHT_MINUS", null),
                                java.util.Arrays.asList("LONLY", "LEFT_ONLY", null), java.util.Arrays.asList("RONLY", "RIGHT_ONLY", null))))
                .body("searchData.parameters.find { it.name == 'bq_operator' }.initialDisplayValue", equalTo("INTERSECT"))
                .body("searchData.parameters.find { it.name == '" + Guest.LEFT + "' }.type", equalTo("input-step"));
        given().get(base + "/record-types/transcript/searches/GenesByText").then()
                .body("searchData.parameters.find { it.name == 'document_type' }.isVisible", is(false))
                .body("searchData.parameters.find { it.name == 'text_expression' }.initialDisplayValue", equalTo("*reductase"))
                .body("searchData.parameters.find { it.name == 'document_type' }.dependentParams", contains("text_fields"));
        given().get(base + "/record-types/transcript/searches/GeneByLocusTag").then()
                .body("searchData.parameters[0].type", equalTo("input-dataset"))
                .body("searchData.parameters[0].parsers.name", hasItem("list"));
        given().get(base + "/record-types/transcript/searches/GenesByTransmembraneDomains").then()
                .body("searchData.parameters.find { it.name == 'min_tm' }.isNumber", is(true))
                .body("searchData.parameters.find { it.name == 'min_tm' }.type", equalTo("string"));
        given().get(base + "/record-types/transcript/searches/GenesByParalogCount").then()
                .body("searchData.parameters.find { it.name == 'num_paralogs' }.type", equalTo("number-range"));
        given().get(base + "/record-types/transcript/searches/GenesByMolecularWeight").then()
                .body("searchData.parameters.find { it.name == 'min_molecular_weight' }.type", equalTo("number"));
    }

    @Test
    void dependentParamRefreshReturnsAnArrayOfTheDependents() {
        String rnaSeq = "GenesByRNASeqpfal3D7_Su_seven_stages_rnaSeq_RSRC";
        given().contentType(ContentType.JSON).body(Map.of("changedParam", Map.of("name", "regulated_dir", "value", "up-regulated"),
                        "contextParamValues", Map.of()))
                .post(base + "/record-types/transcript/searches/" + rnaSeq + "/refreshed-dependent-params")
                .then().statusCode(200).contentType(ContentType.JSON)
                .body("name", contains("min_max_avg_ref", "min_max_avg_comp"))
                .body("[0].vocabulary", equalTo(List.of(java.util.Arrays.asList("average1", "average", null), java.util.Arrays.asList("maximum2", "maximum", null))));
        given().contentType(ContentType.JSON).body(Map.of("changedParam", Map.of("name", "go_term_slim", "value", "Yes"),
                        "contextParamValues", Map.of()))
                .post(base + "/record-types/transcript/searches/GenesByGoTerm/refreshed-dependent-params")
                .then().statusCode(200).body("name", contains("go_typeahead"))
                .body("[0].vocabulary.collect { it[0] }", hasItem("GO:0004672"));
        given().contentType(ContentType.JSON).body(Map.of("changedParam", Map.of("name", "go_term_slim", "value", 1),
                "contextParamValues", Map.of())).post(base + "/record-types/transcript/searches/GenesByGoTerm/refreshed-dependent-params")
                .then().statusCode(400);
    }

    @Test
    void postedContextRecomputesVocabulariesAndValidates() {
        given().contentType(ContentType.JSON).body(Map.of("contextParamValues", Map.of("organismSinglePick", "[\"Plasmodium vivax P01\"]")))
                .post(base + "/record-types/transcript/searches/GenesByLocation").then().statusCode(200)
                .body("searchData.parameters.find { it.name == 'chromosomeOptional' }.vocabulary.collect { it[0] }", hasItem("PvP01_01_v1"))
                .body("validation.isValid", is(true));
        given().contentType(ContentType.JSON).body(Map.of("contextParamValues", Map.of("organism", "[\"Nope\"]")))
                .post(base + "/record-types/transcript/searches/GenesByTaxon").then().statusCode(200)
                .body("validation.isValid", is(false)).body("validation.errors.byKey.organism", hasSize(1));
    }

    @Test
    void paramValuesMustBeStringsAndValidAtReportTime() {
        Guest guest = Guest.on(base);
        String report = "/record-types/transcript/searches/GenesByTaxon/reports/standard";
        Map<String, Object> page = Map.of("pagination", Map.of("offset", 0, "numRecords", 0));
        guest.post(report, Map.of("searchConfig", Map.of("parameters", Map.of("organism", List.of(Guest.PF))), "reportConfig", page))
                .then().statusCode(400).contentType(startsWith("text/plain"));
        guest.post(report, Map.of("searchConfig", Map.of("parameters", Map.of("organism", "[\"Plasmodium\"]")), "reportConfig", page))
                .then().statusCode(422).contentType(startsWith("text/plain"))
                .body(org.hamcrest.Matchers.containsString("\"byKey\":{\"organism\""));
        guest.post(report, Map.of("searchConfig", Map.of("parameters", Map.of("organism", "[\"Plasmodium\",\"" + Guest.PF + "\"]")),
                "reportConfig", page)).then().statusCode(200).body("meta.displayTotalCount", equalTo(5621));
        guest.post(report, Map.of("searchConfig", Map.of("parameters", Map.of("organism", Guest.PF)), "reportConfig", page))
                .then().statusCode(200);
        guest.post("/record-types/transcript/searches/GenesByTransmembraneDomains/reports/standard", Map.of("searchConfig",
                        Map.of("parameters", Map.of("min_tm", "two")), "reportConfig", page))
                .then().statusCode(422).body(org.hamcrest.Matchers.containsString("min_tm"));
        guest.post(report, Map.of("searchConfig", Map.of("parameters", Map.of()))).then().statusCode(400);
        given().contentType(ContentType.JSON).body("{not json").post(base + report).then().statusCode(400)
                .contentType(startsWith("text/plain"));
        String body = guest.post(report, Map.of("searchConfig", Map.of("parameters", Map.of("organism", "[\"x\"]")), "reportConfig", page))
                .then().statusCode(422).extract().asString();
        JsonPath bundle = new JsonPath(body);
        org.hamcrest.MatcherAssert.assertThat(bundle.getBoolean("isValid"), is(false));
        org.hamcrest.MatcherAssert.assertThat(bundle.getString("level"), notNullValue());
        org.hamcrest.MatcherAssert.assertThat(bundle.getList("errors.general"), notNullValue());
    }
}
