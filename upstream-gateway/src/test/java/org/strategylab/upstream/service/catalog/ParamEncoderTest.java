package org.strategylab.upstream.service.catalog;


import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The WDK parameter encoding rules (upstream-wdk.md §4), without a server. */
class ParamEncoderTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static final String SEARCH = """
            {"urlSegment":"S","parameters":[
              {"name":"organism","type":"multi-pick-vocabulary","countOnlyLeaves":true,"vocabulary":
                {"data":{"term":"Plasmodium","display":"Plasmodium"},"children":[
                  {"data":{"term":"Plasmodium falciparum 3D7","display":"P. f."},"children":[]},
                  {"data":{"term":"Plasmodium vivax P01","display":"P. v."},"children":[]}]}},
              {"name":"dir","type":"single-pick-vocabulary","vocabulary":[["up","up",null],["down","down",null]]},
              {"name":"fold","type":"string","isNumber":true},
              {"name":"cutoff","type":"number"},
              {"name":"range","type":"number-range"},
              {"name":"flag","type":"string"},
              {"name":"input","type":"input-step"},
              {"name":"ds_gene_ids","type":"input-dataset","recordClassName":"transcript"}]}
            """;

    @Test
    void valuesBecomeWdkStrings() throws Exception {
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("organism", "Plasmodium falciparum 3D7");
        values.put("dir", List.of("up"));
        values.put("fold", 2.0);
        values.put("cutoff", 0.00001);
        values.put("range", Map.of("min", 1, "max", 5.5));
        values.put("flag", true);
        values.put("input", "");
        ParamEncoder.Encoded encoded = ParamEncoder.encode(search(), values, "/parameters");
        assertTrue(encoded.errors().isEmpty(), encoded.errors().toString());
        assertEquals("[\"Plasmodium falciparum 3D7\"]", encoded.values().get("organism"));
        assertEquals("up", encoded.values().get("dir"));
        assertEquals("2", encoded.values().get("fold"));
        assertEquals("0.00001", encoded.values().get("cutoff"));
        JsonNode range = JSON.readTree(encoded.values().get("range"));
        assertEquals(1, range.get("min").asInt());
        assertEquals(5.5, range.get("max").asDouble());
        assertEquals("true", encoded.values().get("flag"));
        assertTrue(!encoded.values().containsKey("input"), "input steps are wired by the tree");
    }

    @Test
    void aSelectedTreeParentStandsForItsLeaves() throws Exception {
        ParamEncoder.Encoded encoded = ParamEncoder.encode(search(), Map.of("organism", List.of("Plasmodium")), "/p");
        assertEquals("[\"Plasmodium falciparum 3D7\",\"Plasmodium vivax P01\"]", encoded.values().get("organism"));
    }

    @Test
    void aJsonArrayStringIsKeptAsTerms() throws Exception {
        ParamEncoder.Encoded encoded = ParamEncoder.encode(search(),
                Map.of("organism", "[\"Plasmodium vivax P01\"]"), "/p");
        assertEquals("[\"Plasmodium vivax P01\"]", encoded.values().get("organism"));
    }

    @Test
    void problemsNameTheParameter() throws Exception {
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("nope", "1");
        values.put("dir", List.of("up", "down"));
        values.put("input", "123");
        values.put("cutoff", Double.NaN);
        ParamEncoder.Encoded encoded = ParamEncoder.encode(search(), values, "/parameters");
        assertEquals(List.of("/parameters/nope", "/parameters/dir", "/parameters/input", "/parameters/cutoff"),
                encoded.errors().stream().map(e -> e.pointer()).toList());
    }

    @Test
    void idsForADatasetParameterAreLeftToUploadAndADatasetIdIsSentAsItIs() throws Exception {
        // issue 40: a list was sent as the JSON-array string "[\"cgd1_10\",\"cgd1_100\"]"
        ParamEncoder.Encoded list = ParamEncoder.encode(search(), Map.of("ds_gene_ids", List.of("cgd1_10", "cgd1_100")), "/p");
        assertTrue(list.errors().isEmpty() && !list.values().containsKey("ds_gene_ids"), list.toString());
        assertEquals(Map.of("ds_gene_ids", List.of("cgd1_10", "cgd1_100")), list.idLists());
        assertEquals("5000001", list.withDatasets(Map.of("ds_gene_ids", 5000001L)).get("ds_gene_ids"));
        assertEquals(List.of("a", "b", "c"), ParamEncoder.encode(search(), Map.of("ds_gene_ids", "a, b;c"), "/p")
                .idLists().get("ds_gene_ids"));
        assertEquals(List.of("a", "b"), ParamEncoder.encode(search(), Map.of("ds_gene_ids", "[\"a\",\"b\"]"), "/p")
                .idLists().get("ds_gene_ids"));
        assertEquals("42", ParamEncoder.encode(search(), Map.of("ds_gene_ids", 42), "/p").values().get("ds_gene_ids"));
        assertEquals("42", ParamEncoder.encode(search(), Map.of("ds_gene_ids", "42"), "/p").values().get("ds_gene_ids"));
        // where nothing can be uploaded, and with no IDs, the parameter is named
        assertEquals(List.of("/p/ds_gene_ids"), list.refuseIdLists("/p").errors().stream().map(e -> e.pointer()).toList());
        assertEquals(List.of("/p/ds_gene_ids"), ParamEncoder.encode(search(), Map.of("ds_gene_ids", List.of()), "/p")
                .errors().stream().map(e -> e.pointer()).toList());
    }

    @Test
    void decimalsAreClean() {
        assertEquals("0.3", ParamEncoder.decimal(0.3));
        assertEquals("10", ParamEncoder.decimal(10.0));
        assertEquals("0.00001", ParamEncoder.decimal(1e-5));
        assertEquals("12", ParamEncoder.decimal(12L));
    }

    private static JsonNode search() throws Exception {
        return JSON.readTree(SEARCH);
    }
}
