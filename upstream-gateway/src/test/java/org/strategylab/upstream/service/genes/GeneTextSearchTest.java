package org.strategylab.upstream.service.genes;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 11 point 20: the gene text search sends the parameters the sites' own search box sends
 * ({@code document_type=gene} and the text fields), not only the words and organisms.
 */
class GeneTextSearchTest {

    /** The shape of PlasmoDB's {@code GenesByText} form (upstream-wdk.md §3.2), trimmed to its parameters. */
    private static final String SEARCH_DATA = """
            {"urlSegment":"GenesByText","parameters":[
              {"name":"text_search_organism","type":"multi-pick-vocabulary","displayType":"treeBox",
               "vocabulary":{"data":{"term":"@@fake@@","display":"@@fake@@"},"children":[
                 {"data":{"term":"Plasmodium","display":"Plasmodium"},"children":[
                   {"data":{"term":"Plasmodium falciparum 3D7","display":"P. falciparum 3D7"},"children":[]},
                   {"data":{"term":"Plasmodium vivax P01","display":"P. vivax P01"},"children":[]}]}]}},
              {"name":"text_expression","type":"string","length":4000,"isMultiLine":false},
              {"name":"document_type","type":"string","isVisible":false,"initialDisplayValue":"gene"},
              {"name":"text_fields","type":"multi-pick-vocabulary","displayType":"checkBox",
               "vocabulary":[["Alias","Gene ID",null],["product","Product",null],["GOTerms","GO terms",null]]},
              {"name":"timestamp","type":"timestamp","isVisible":false}]}
            """;

    @Test
    void sendsTheDocumentTypeAndEveryTextField() throws Exception {
        JsonNode data = new ObjectMapper().readTree(SEARCH_DATA);
        Map<String, String> values = GeneLookup.textSearchValues(data, "kinase", null);
        assertEquals("kinase", values.get("text_expression"));
        assertEquals("gene", values.get("document_type"));
        assertEquals("[\"Alias\",\"product\",\"GOTerms\"]", values.get("text_fields"));
        assertEquals("[\"Plasmodium falciparum 3D7\",\"Plasmodium vivax P01\"]", values.get("text_search_organism"));

        Map<String, String> one = GeneLookup.textSearchValues(data, "kinase", "Plasmodium vivax P01");
        assertEquals("[\"Plasmodium vivax P01\"]", one.get("text_search_organism"));
    }

    @Test
    void sendsNoParameterTheFormDoesNotHave() throws Exception {
        JsonNode data = new ObjectMapper().readTree("""
                {"urlSegment":"GenesByText","parameters":[{"name":"text_expression","type":"string"}]}""");
        assertEquals(Map.of("text_expression", "kinase"), GeneLookup.textSearchValues(data, "kinase", null));
    }
}
