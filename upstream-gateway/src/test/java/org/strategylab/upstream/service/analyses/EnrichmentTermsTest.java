package org.strategylab.upstream.service.analyses;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.strategylab.evaluation.model.EnrichmentTerm;

/**
 * The plugins' rows in the real format (upstream-wdk.md §3.7: every value a string; GO and pathway
 * {@code resultGenes} an HTML link, word a plain count with its description in {@code pathwayName}).
 */
class EnrichmentTermsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void goRowsGiveTheLinksCountAndGenes() throws Exception {
        JsonNode result = JSON.readTree("""
                {"resultData":[{"goId":"GO:0004672","goTerm":"protein kinase activity","bgdGenes":"120",
                "resultGenes":"<a href='/a/app/search/transcript/GeneByLocusTag?param.ds_gene_ids.idList=PF3D7_0100100,PF3D7_0100200,PF3D7_0100300&autoRun=1'>3</a>",
                "percentInResult":"2.5","foldEnrich":"4.12","oddsRatio":"inf","pValue":"1.2e-05","benjamini":"0.0003",
                "bonferroni":"0.0011"}]}""");
        EnrichmentTerm term = EnrichmentTerms.parse("go-enrichment", result).get(0);
        assertEquals("GO:0004672", term.termId());
        assertEquals("protein kinase activity", term.termName());
        assertEquals(3, term.geneCount());
        assertEquals(List.of("PF3D7_0100100", "PF3D7_0100200", "PF3D7_0100300"), term.genes());
        assertEquals(120, term.backgroundCount());
        assertEquals(4.12, term.foldEnrichment());
        assertEquals(1.2e-05, term.pValue());
        assertEquals(0.0003, term.fdr());
        assertEquals(0.0011, term.bonferroni());
        assertNull(term.oddsRatio(), "an infinite odds ratio is not a number, and never 0");
        assertEquals("infinite", term.oddsRatioFlag());
    }

    @Test
    void wordRowsTakeTheirDescriptionFromPathwayNameAndAPlainCount() throws Exception {
        JsonNode result = JSON.readTree("""
                {"resultData":[{"word":"kinase","pathwayName":"protein kinase","bgdGenes":"88","resultGenes":"14",
                "percentInResult":"15.9","foldEnrich":"2.00","oddsRatio":"2.31","pValue":"0.004","benjamini":"0.04",
                "bonferroni":"0.2"}]}""");
        EnrichmentTerm term = EnrichmentTerms.parse("word-enrichment", result).get(0);
        assertEquals("kinase", term.termId());
        assertEquals("protein kinase", term.termName());
        assertEquals(14, term.geneCount());
        assertEquals(List.of(), term.genes());
        assertEquals(2.31, term.oddsRatio());
        assertNull(term.oddsRatioFlag());
    }

    @Test
    void pathwayRowsAndTheAnalysisTypes() throws Exception {
        JsonNode result = JSON.readTree("""
                {"resultData":[{"pathwayId":"ec00010","pathwayName":"Glycolysis / Gluconeogenesis","pathwaySource":"KEGG",
                "bgdGenes":"30","resultGenes":"<a href='/a/app/search/transcript/GeneByLocusTag?param.ds_gene_ids.idList=A1,B2&autoRun=1'>2</a>",
                "foldEnrich":"1.50","oddsRatio":"","pValue":"0.2","benjamini":"1","bonferroni":"1"}]}""");
        EnrichmentTerm term = EnrichmentTerms.parse("pathway-enrichment", result).get(0);
        assertEquals("ec00010", term.termId());
        assertEquals("Glycolysis / Gluconeogenesis", term.termName());
        assertEquals(2, term.geneCount());
        assertNull(term.oddsRatio());
        assertEquals("undefined", term.oddsRatioFlag());
        assertEquals("go_function", EnrichmentTerms.analysisType("go-enrichment",
                Map.of("goAssociationsOntologies", "[\"Molecular Function\"]")));
        assertEquals("go_process", EnrichmentTerms.analysisType("go-enrichment", Map.of()));
        assertEquals("pathway", EnrichmentTerms.analysisType("pathway-enrichment", Map.of()));
        assertEquals("word", EnrichmentTerms.analysisType("word-enrichment", Map.of()));
    }
}
