package org.strategylab.simulator.wdk;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.strategylab.simulator.catalog.NumberParam;
import org.strategylab.simulator.catalog.ParamBasics;
import org.strategylab.simulator.catalog.ParamSpec;
import org.strategylab.simulator.catalog.Vocabulary;
import org.strategylab.simulator.catalog.VocabularyParam;
import org.strategylab.simulator.data.Gene;
import org.strategylab.simulator.data.GoAnnotation;
import org.strategylab.simulator.data.GoDag;
import org.strategylab.simulator.data.GoNamespace;
import org.strategylab.simulator.data.Organism;
import org.strategylab.simulator.data.Pathway;
import org.strategylab.simulator.data.SiteData;

/**
 * The transcript record class's step analyses ({@code go-enrichment}, {@code pathway-enrichment},
 * {@code word-enrichment}) with their real form params and defaults, computed exactly (one-sided
 * Fisher, Benjamini-Hochberg and Bonferroni over every tested term) over the synthetic annotation,
 * and answered in the real plugins' result shape (row values are strings; result gene counts of GO and
 * pathway rows are links to a GeneByLocusTag search).
 */
final class AnalysisPlugins {

    private static final Set<String> STOP_WORDS = Set.of("and", "the", "for", "with", "protein", "putative", "unknown",
            "function", "subunit", "family", "member", "like", "containing", "type", "domain");

    static final List<AnalysisPlugin> ALL = List.of(
            new AnalysisPlugin("go-enrichment", "Gene Ontology Enrichment", "Find Gene Ontology terms that are enriched in your gene result.",
                    "Tests each GO term for over-representation among the genes of the result relative to the organism's annotated genes (one-sided Fisher's exact test).",
                    AnalysisPlugins::goForm, AnalysisPlugins::goEnrichment),
            new AnalysisPlugin("pathway-enrichment", "Metabolic Pathway Enrichment", "Find Metabolic Pathways enriched in your gene result.",
                    "Tests each metabolic pathway for over-representation among the genes of the result (one-sided Fisher's exact test).",
                    AnalysisPlugins::pathwayForm, AnalysisPlugins::pathwayEnrichment),
            new AnalysisPlugin("word-enrichment", "Word Enrichment", "Find words enriched in product descriptions of your gene result.",
                    "Tests each word of the product descriptions for over-representation among the genes of the result (one-sided Fisher's exact test).",
                    AnalysisPlugins::wordForm, AnalysisPlugins::wordEnrichment));

    private AnalysisPlugins() {
    }

    static AnalysisPlugin find(String name) {
        return ALL.stream().filter(p -> p.name().equals(name)).findFirst().orElse(null);
    }

    // ------------------------------------------------------------------ forms

    private static VocabularyParam organism(AnalysisPlugin.AnalysisInput input) {
        List<String> organisms = organismsIn(input);
        return new VocabularyParam(ParamBasics.visible("organism", "Organism", "Organism of the genes to analyse"), false,
                VocabularyParam.DisplayType.SELECT, 1, 1, c -> Vocabulary.flat(organisms), VocabularyParam::first);
    }

    private static List<String> organismsIn(AnalysisPlugin.AnalysisInput input) {
        TreeSet<String> names = new TreeSet<>();
        BitSet genes = input.resultGenes();
        for (int g = genes.nextSetBit(0); g >= 0; g = genes.nextSetBit(g + 1)) {
            names.add(input.data().gene(g).organism().name());
        }
        return List.copyOf(names);
    }

    private static NumberParam pValue() {
        return new NumberParam(ParamBasics.visible("pValueCutoff", "P-Value cutoff", "Only terms with P-values at or below the cutoff are shown"),
                0, 1, 0.01, "0.05", false);
    }

    private static List<ParamSpec> goForm(AnalysisPlugin.AnalysisInput input) {
        TreeSet<String> ontologies = new TreeSet<>();
        BitSet genes = input.resultGenes();
        for (int g = genes.nextSetBit(0); g >= 0; g = genes.nextSetBit(g + 1)) {
            for (GoAnnotation a : input.data().gene(g).goAnnotations()) {
                ontologies.add(input.data().goDag().terms().get(a.term()).namespace().label());
            }
        }
        List<String> ontologyTerms = List.copyOf(ontologies);
        return List.of(organism(input),
                new VocabularyParam(ParamBasics.visible("goAssociationsOntologies", "Ontology", ""), false,
                        VocabularyParam.DisplayType.CHECK_BOX, 1, 1, c -> Vocabulary.flat(ontologyTerms), VocabularyParam::first),
                new VocabularyParam(ParamBasics.visible("goEvidenceCodes", "Evidence", ""), true,
                        VocabularyParam.DisplayType.CHECK_BOX, 1, -1, c -> Vocabulary.flat(List.of("Computed", "Curated")),
                        VocabularyParam::allLeaves),
                VocabularyParam.singlePick(ParamBasics.visible("goSubset", "Limit to GO Slim terms", ""), List.of("No", "Yes"), "No"),
                pValue());
    }

    private static List<ParamSpec> pathwayForm(AnalysisPlugin.AnalysisInput input) {
        return List.of(organism(input),
                new VocabularyParam(ParamBasics.visible("pathwaysSources", "Pathway Sources", ""), true,
                        VocabularyParam.DisplayType.CHECK_BOX, 1, -1, c -> Vocabulary.flat(List.of("KEGG", "MetaCyc")),
                        VocabularyParam::allLeaves),
                pValue(),
                VocabularyParam.singlePick(ParamBasics.visible("exact_match_only", "Exact EC match only", ""), List.of("Yes", "No"), "Yes"),
                VocabularyParam.singlePick(ParamBasics.visible("exclude_incomplete_ec", "Exclude incomplete EC numbers", ""),
                        List.of("Yes", "No"), "No"));
    }

    private static List<ParamSpec> wordForm(AnalysisPlugin.AnalysisInput input) {
        return List.of(organism(input), pValue());
    }

    // ------------------------------------------------------------------ computations

    private static ObjectNode goEnrichment(AnalysisPlugin.AnalysisInput input, Map<String, String> params) {
        SiteData data = input.data();
        GoDag dag = data.goDag();
        Organism organism = data.organism(params.get("organism"));
        GoNamespace ontology = GoNamespace.fromLabel(params.get("goAssociationsOntologies"));
        List<String> evidence = VocabularyParam.terms(params.get("goEvidenceCodes"));
        boolean slim = "Yes".equals(params.get("goSubset"));
        Map<Integer, List<Integer>> genesByTerm = new HashMap<>();
        BitSet background = new BitSet();
        BitSet organismGenes = data.genesOf(organism);
        for (int g = organismGenes.nextSetBit(0); g >= 0; g = organismGenes.nextSetBit(g + 1)) {
            Set<Integer> terms = new TreeSet<>();
            for (GoAnnotation a : data.gene(g).goAnnotations()) {
                if (dag.terms().get(a.term()).namespace() != ontology || !evidence.contains(a.curated() ? "Curated" : "Computed")) {
                    continue;
                }
                for (int t : dag.ancestorsOf(a.term())) {
                    if (!dag.isRoot(t) && (!slim || dag.terms().get(t).slim())) {
                        terms.add(t);
                    }
                }
            }
            if (!terms.isEmpty()) {
                background.set(g);
                for (int t : terms) {
                    genesByTerm.computeIfAbsent(t, k -> new ArrayList<>()).add(g);
                }
            }
        }
        BitSet result = (BitSet) input.resultGenes().clone();
        result.and(background);
        if (result.isEmpty()) {
            throw WdkException.unprocessable("Your result has no genes with GO terms in the chosen ontology and evidence, "
                    + "so the enrichment cannot be run.");
        }
        List<EnrichmentRow> rows = new ArrayList<>();
        genesByTerm.forEach((term, members) -> rows.add(row(data, dag.terms().get(term).id(), dag.terms().get(term).name(),
                null, members, result, background)));
        ObjectNode json = JsonNodeFactory.instance.objectNode();
        ObjectNode header = json.putObject("headerRow");
        header.put("goId", "GO ID").put("goTerm", "GO Term").put("bgdGenes", "Genes in the bkgd with this term")
                .put("resultGenes", "Genes in your result with this term").put("percentInResult", "Percent of bkgd genes in your result")
                .put("foldEnrich", "Fold enrichment").put("oddsRatio", "Odds ratio").put("pValue", "P-value")
                .put("benjamini", "Benjamini").put("bonferroni", "Bonferroni");
        json.set("headerDescription", header.deepCopy());
        ArrayNode resultData = formatRows(json, rows, params, "goId", "goTerm", null, true);
        StringBuilder revigo = new StringBuilder();
        resultData.forEach(r -> revigo.append(r.get("goId").asText()).append(' ').append(r.get("pValue").asText()).append('\n'));
        json.put("downloadPath", "result.tab");
        json.put("imageDownloadPath", "goCloud.png");
        json.put("hiddenDownloadPath", "hiddenResult.tab");
        json.put("pvalueCutoff", params.get("pValueCutoff"));
        evidence.forEach(json.putArray("evidenceCodes")::add);
        json.putArray("goOntologies").add(ontology.label());
        json.putArray("goSubset").add(params.get("goSubset"));
        json.put("goTermBaseUrl", "http://amigo.geneontology.org/amigo/term/");
        json.put("revidoInputList", revigo.toString());
        return json;
    }

    private static ObjectNode pathwayEnrichment(AnalysisPlugin.AnalysisInput input, Map<String, String> params) {
        SiteData data = input.data();
        Organism organism = data.organism(params.get("organism"));
        List<String> sources = VocabularyParam.terms(params.get("pathwaysSources"));
        Map<Integer, List<Integer>> genesByPathway = new HashMap<>();
        BitSet background = new BitSet();
        BitSet organismGenes = data.genesOf(organism);
        for (int g = organismGenes.nextSetBit(0); g >= 0; g = organismGenes.nextSetBit(g + 1)) {
            for (int p : data.gene(g).pathways()) {
                if (sources.contains(data.pathways().get(p).source())) {
                    background.set(g);
                    genesByPathway.computeIfAbsent(p, k -> new ArrayList<>()).add(g);
                }
            }
        }
        BitSet result = (BitSet) input.resultGenes().clone();
        result.and(background);
        if (result.isEmpty()) {
            throw WdkException.unprocessable("Your result has no genes that are in pathways from the chosen sources, "
                    + "so the enrichment cannot be run.");
        }
        List<EnrichmentRow> rows = new ArrayList<>();
        genesByPathway.forEach((p, members) -> {
            Pathway pathway = data.pathways().get(p);
            rows.add(row(data, pathway.id(), pathway.name(), pathway.source(), members, result, background));
        });
        ObjectNode json = JsonNodeFactory.instance.objectNode();
        ObjectNode header = json.putObject("headerRow");
        header.put("pathwayId", "Pathway ID").put("pathwayName", "Pathway Name").put("pathwaySource", "Pathway Source")
                .put("bgdGenes", "Genes in the bkgd in this pathway").put("resultGenes", "Genes in your result in this pathway")
                .put("percentInResult", "Percent of bkgd genes in your result").put("foldEnrich", "Fold enrichment")
                .put("oddsRatio", "Odds ratio").put("pValue", "P-value").put("benjamini", "Benjamini").put("bonferroni", "Bonferroni");
        json.set("headerDescription", header.deepCopy());
        formatRows(json, rows, params, "pathwayId", "pathwayName", "pathwaySource", true);
        json.put("downloadPath", "result.tab");
        json.put("imageDownloadPath", "pathwayCloud.png");
        json.put("hiddenDownloadPath", "hiddenResult.tab");
        json.put("pvalueCutoff", params.get("pValueCutoff"));
        sources.forEach(json.putArray("pathwaySources")::add);
        json.put("pathwayBaseUrl", "/a/app/record/pathway/");
        return json;
    }

    private static ObjectNode wordEnrichment(AnalysisPlugin.AnalysisInput input, Map<String, String> params) {
        SiteData data = input.data();
        Organism organism = data.organism(params.get("organism"));
        Map<String, List<Integer>> genesByWord = new HashMap<>();
        BitSet background = new BitSet();
        BitSet organismGenes = data.genesOf(organism);
        for (int g = organismGenes.nextSetBit(0); g >= 0; g = organismGenes.nextSetBit(g + 1)) {
            Gene gene = data.gene(g);
            if (!gene.proteinCoding()) {
                continue;
            }
            background.set(g);
            Set<String> words = new TreeSet<>();
            for (String word : gene.product().toLowerCase(Locale.ROOT).split("[^a-z0-9-]+")) {
                if (word.length() >= 3 && !STOP_WORDS.contains(word) && !word.matches("[0-9-]+")) {
                    words.add(word);
                }
            }
            final int gene0 = g;
            words.forEach(w -> genesByWord.computeIfAbsent(w, k -> new ArrayList<>()).add(gene0));
        }
        BitSet result = (BitSet) input.resultGenes().clone();
        result.and(background);
        if (result.isEmpty()) {
            throw WdkException.unprocessable("Your result has no protein coding genes of the chosen organism, "
                    + "so the enrichment cannot be run.");
        }
        List<EnrichmentRow> rows = new ArrayList<>();
        genesByWord.forEach((word, members) -> rows.add(row(data, word, "Product descriptions containing the word '" + word + "'",
                null, members, result, background)));
        ObjectNode json = JsonNodeFactory.instance.objectNode();
        ObjectNode header = json.putObject("headerRow");
        header.put("word", "Word").put("pathwayName", "Description").put("bgdGenes", "Genes in the bkgd with this word")
                .put("resultGenes", "Genes in your result with this word").put("percentInResult", "Percent of bkgd genes in your result")
                .put("foldEnrich", "Fold enrichment").put("oddsRatio", "Odds ratio").put("pValue", "P-value")
                .put("benjamini", "Benjamini").put("bonferroni", "Bonferroni");
        json.set("headerDescription", header.deepCopy());
        formatRows(json, rows, params, "word", "pathwayName", null, false);
        json.put("downloadPath", "result.tab");
        json.put("pvalueCutoff", params.get("pValueCutoff"));
        return json;
    }

    private static EnrichmentRow row(SiteData data, String id, String name, String source, List<Integer> members,
                                     BitSet result, BitSet background) {
        List<String> ids = new ArrayList<>();
        for (int g : members) {
            if (result.get(g)) {
                ids.add(data.gene(g).sourceId());
            }
        }
        int k = ids.size();
        int n = result.cardinality();
        int bigK = members.size();
        int bigN = background.cardinality();
        double p = k == 0 ? 1.0 : Hypergeometric.upperTail(k, n, bigK, bigN);
        return new EnrichmentRow(id, name, source, bigK, k, n, bigN, ids, p);
    }

    /** Adjusts over every tested term (terms with at least one result gene), then applies the cutoff. */
    private static ArrayNode formatRows(ObjectNode json, List<EnrichmentRow> all, Map<String, String> params, String idKey,
                                        String nameKey, String sourceKey, boolean linkGenes) {
        List<EnrichmentRow> tested = all.stream().filter(r -> r.resultGenes() > 0).sorted((a, b) -> {
            int c = Double.compare(a.pValue(), b.pValue());
            return c != 0 ? c : a.id().compareTo(b.id());
        }).toList();
        double[] p = tested.stream().mapToDouble(EnrichmentRow::pValue).toArray();
        double[] bh = Hypergeometric.benjaminiHochberg(p);
        double cutoff = Double.parseDouble(params.get("pValueCutoff"));
        ArrayNode rows = json.putArray("resultData");
        for (int i = 0; i < tested.size(); i++) {
            EnrichmentRow r = tested.get(i);
            if (r.pValue() > cutoff) {
                continue;
            }
            ObjectNode row = rows.addObject();
            row.put(idKey, r.id());
            row.put(nameKey, r.name());
            if (sourceKey != null) {
                row.put(sourceKey, r.source());
            }
            row.put("bgdGenes", String.valueOf(r.backgroundGenes()));
            row.put("resultGenes", linkGenes
                    ? "<a href='/a/app/search/transcript/GeneByLocusTag?param.ds_gene_ids.idList=" + String.join(",", r.geneIds())
                    + "&autoRun=1'>" + r.resultGenes() + "</a>"
                    : String.valueOf(r.resultGenes()));
            double percent = 100.0 * r.resultGenes() / r.backgroundGenes();
            double fold = ((double) r.resultGenes() / r.resultSize()) / ((double) r.backgroundGenes() / r.backgroundSize());
            double a = r.resultGenes();
            double b = r.resultSize() - a;
            double c = r.backgroundGenes() - a;
            double d = r.backgroundSize() - r.backgroundGenes() - b;
            double odds = b * c == 0 ? Double.POSITIVE_INFINITY : (a * d) / (b * c);
            row.put("percentInResult", String.format(Locale.ROOT, "%.1f", percent));
            row.put("foldEnrich", String.format(Locale.ROOT, "%.2f", fold));
            row.put("oddsRatio", Double.isInfinite(odds) ? "Infinity" : String.format(Locale.ROOT, "%.2f", odds));
            row.put("pValue", scientific(r.pValue()));
            row.put("benjamini", scientific(bh[i]));
            row.put("bonferroni", scientific(Math.min(1.0, r.pValue() * tested.size())));
        }
        return rows;
    }

    private static String scientific(double value) {
        return String.format(Locale.ROOT, "%.2e", value);
    }

    /** Default values of a form, as {@code initialDisplayValue}s. */
    static Map<String, String> defaults(List<ParamSpec> form, org.strategylab.simulator.catalog.ParamContext context) {
        Map<String, String> values = new LinkedHashMap<>();
        form.forEach(p -> values.put(p.name(), p.defaultValue(context)));
        return values;
    }
}
