package org.strategylab.simulator.catalog;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.strategylab.simulator.data.Gene;
import org.strategylab.simulator.data.GoAnnotation;
import org.strategylab.simulator.data.GoTerm;
import org.strategylab.simulator.data.Pathway;
import org.strategylab.simulator.data.SiteData;

/** The {@code transcript} and {@code gene} record classes: attributes, tables and filters. */
final class GeneRecordTypes {

    static final String TRANSCRIPT_FULL_NAME = "TranscriptRecordClasses.TranscriptRecordClass";
    static final String GENE_FULL_NAME = "GeneRecordClasses.GeneRecordClass";

    private GeneRecordTypes() {
    }

    static RecordType transcript() {
        List<AttributeSpec> attributes = new ArrayList<>();
        attributes.add(new AttributeSpec("primary_key", "Gene ID", "string", false,
                (r, display) -> r.geneRecord().sourceId()));
        attributes.add(AttributeSpec.text("gene_source_id", "Gene ID", r -> r.geneRecord().sourceId()));
        attributes.add(AttributeSpec.text("source_id", "Transcript ID", r -> r.data().transcriptId(r.transcript())));
        attributes.add(AttributeSpec.text("project_id", "Project", r -> r.geneRecord().organism().projectId()));
        attributes.addAll(geneAttributes());
        attributes.add(AttributeSpec.number("gene_transcript_count", "# Transcripts",
                r -> String.valueOf(r.geneRecord().transcriptIds().size())));
        attributes.add(AttributeSpec.text("is_representative", "Representative transcript",
                r -> r.data().isRepresentative(r.transcript()) ? "Yes" : "No"));
        return new RecordType("transcript", TRANSCRIPT_FULL_NAME, "Gene", "Genes", "Transcript",
                List.of("gene_source_id", "source_id", "project_id"), List.copyOf(attributes), tables(), filters(), true);
    }

    static RecordType gene() {
        List<AttributeSpec> attributes = new ArrayList<>();
        attributes.add(new AttributeSpec("primary_key", "Gene ID", "string", false,
                (r, display) -> r.geneRecord().sourceId()));
        attributes.add(AttributeSpec.text("source_id", "Gene ID", r -> r.geneRecord().sourceId()));
        attributes.add(AttributeSpec.text("project_id", "Project", r -> r.geneRecord().organism().projectId()));
        attributes.addAll(geneAttributes());
        return new RecordType("gene", GENE_FULL_NAME, "Gene", "Genes", "Gene",
                List.of("source_id", "project_id"), List.copyOf(attributes), tables(), List.of(), false);
    }

    private static List<AttributeSpec> geneAttributes() {
        return List.of(
                new AttributeSpec("organism", "Organism", "string", true,
                        (r, display) -> display ? r.geneRecord().organism().htmlName() : r.geneRecord().organism().name()),
                AttributeSpec.text("gene_name", "Gene Name or Symbol", r -> r.geneRecord().name()),
                AttributeSpec.text("gene_product", "Product Description", r -> r.geneRecord().product()),
                AttributeSpec.text("gene_type", "Gene Type", r -> r.geneRecord().geneType()),
                AttributeSpec.text("gene_location_text", "Genomic Location (Gene)", r -> r.geneRecord().locationText()),
                AttributeSpec.text("sequence_id", "Genomic Sequence ID", r -> r.geneRecord().sequenceId()),
                AttributeSpec.number("gene_start_min", "Gene Start", r -> String.valueOf(r.geneRecord().start())),
                AttributeSpec.number("gene_end_max", "Gene End", r -> String.valueOf(r.geneRecord().end())),
                AttributeSpec.text("strand", "Strand", r -> r.geneRecord().forwardStrand() ? "forward" : "reverse"),
                AttributeSpec.text("gene_previous_ids", "Previous ID(s)",
                        r -> r.geneRecord().previousIds().isEmpty() ? null : String.join(", ", r.geneRecord().previousIds())),
                AttributeSpec.number("exon_count", "# Exons in Gene", r -> String.valueOf(r.geneRecord().exonCount())),
                AttributeSpec.number("protein_length", "Protein Length",
                        r -> r.geneRecord().proteinCoding() ? String.valueOf(r.geneRecord().proteinLength()) : null),
                AttributeSpec.number("molecular_weight", "Molecular Weight",
                        r -> r.geneRecord().proteinCoding() ? String.valueOf((long) r.geneRecord().molecularWeight()) : null),
                AttributeSpec.number("tm_count", "# TM Domains", r -> String.valueOf(r.geneRecord().transmembraneDomains())),
                AttributeSpec.text("signalp_peptide", "SignalP Peptide",
                        r -> r.geneRecord().proteinCoding() ? (r.geneRecord().signalPeptide() ? "Y" : "N") : null),
                AttributeSpec.text("ec_numbers", "EC Numbers",
                        r -> r.geneRecord().ecNumbers().isEmpty() ? null : String.join(";", r.geneRecord().ecNumbers())),
                AttributeSpec.text("gene_orthomcl_name", "Ortholog Group", r -> r.geneRecord().orthologGroup()),
                AttributeSpec.number("gene_paralog_number", "Paralog count", GeneRecordTypes::paralogCount),
                AttributeSpec.number("gene_ortholog_number", "Ortholog count", GeneRecordTypes::orthologCount),
                new AttributeSpec("gene_go_terms", "GO Terms", "string", false, GeneRecordTypes::goTermNames));
    }

    private static String paralogCount(RecordRef r) {
        Gene gene = r.geneRecord();
        if (gene.orthologGroup() == null) {
            return "0";
        }
        long same = r.data().orthologGroupMembers(gene.orthologGroup()).stream()
                .filter(g -> r.data().gene(g).organism().equals(gene.organism())).count();
        return String.valueOf(same - 1);
    }

    private static String orthologCount(RecordRef r) {
        Gene gene = r.geneRecord();
        if (gene.orthologGroup() == null) {
            return "0";
        }
        long other = r.data().orthologGroupMembers(gene.orthologGroup()).stream()
                .filter(g -> !r.data().gene(g).organism().equals(gene.organism())).count();
        return String.valueOf(other);
    }

    private static String goTermNames(RecordRef r, boolean display) {
        List<GoAnnotation> annotations = r.geneRecord().goAnnotations();
        if (annotations.isEmpty()) {
            return null;
        }
        List<String> names = new ArrayList<>();
        for (GoAnnotation a : annotations) {
            String name = r.data().goDag().terms().get(a.term()).name();
            if (!names.contains(name)) {
                names.add(name);
            }
        }
        return String.join("; ", names);
    }

    private static List<TableSpec> tables() {
        return List.of(
                new TableSpec("GOTerms", "GO Terms", List.of("go_id", "go_term_name", "ontology", "evidence_code", "is_not"),
                        r -> {
                            List<Map<String, String>> rows = new ArrayList<>();
                            for (GoAnnotation a : r.geneRecord().goAnnotations()) {
                                GoTerm term = r.data().goDag().terms().get(a.term());
                                Map<String, String> row = new LinkedHashMap<>();
                                row.put("go_id", term.id());
                                row.put("go_term_name", term.name());
                                row.put("ontology", term.namespace().label());
                                row.put("evidence_code", a.evidenceCode());
                                row.put("is_not", null);
                                rows.add(row);
                            }
                            return rows;
                        }),
                new TableSpec("MetabolicPathways", "Metabolic Pathways",
                        List.of("pathway_source_id", "pathway_name", "pathway_source", "ec_number_gene"),
                        r -> {
                            List<Map<String, String>> rows = new ArrayList<>();
                            for (int p : r.geneRecord().pathways()) {
                                Pathway pathway = r.data().pathways().get(p);
                                Map<String, String> row = new LinkedHashMap<>();
                                row.put("pathway_source_id", pathway.id());
                                row.put("pathway_name", pathway.name());
                                row.put("pathway_source", pathway.source());
                                row.put("ec_number_gene", String.join(";", r.geneRecord().ecNumbers()));
                                rows.add(row);
                            }
                            return rows;
                        }),
                new TableSpec("Orthologs", "Orthologs and Paralogs within VEuPathDB",
                        List.of("ortho_gene_source_id", "ortho_organism", "ortho_product", "syntenic"),
                        r -> {
                            List<Map<String, String>> rows = new ArrayList<>();
                            Gene gene = r.geneRecord();
                            if (gene.orthologGroup() != null) {
                                for (int g : r.data().orthologGroupMembers(gene.orthologGroup())) {
                                    Gene other = r.data().gene(g);
                                    if (other == gene) {
                                        continue;
                                    }
                                    Map<String, String> row = new LinkedHashMap<>();
                                    row.put("ortho_gene_source_id", other.sourceId());
                                    row.put("ortho_organism", other.organism().name());
                                    row.put("ortho_product", other.product());
                                    row.put("syntenic", other.syntenic() || gene.syntenic() ? "yes" : "no");
                                    rows.add(row);
                                }
                            }
                            return rows;
                        }),
                new TableSpec("Alias", "Names, Previous Identifiers, and Aliases", List.of("alias_id", "id_type"),
                        r -> r.geneRecord().previousIds().stream().map(id -> {
                            Map<String, String> row = new LinkedHashMap<>();
                            row.put("alias_id", id);
                            row.put("id_type", "previous id");
                            return row;
                        }).toList()));
    }

    private static List<FilterSpec> filters() {
        return List.of(
                new FilterSpec("representativeTranscriptOnly", "Representative transcript only",
                        "Show only one transcript per gene", true, (data, transcripts, value) -> {
                            BitSet kept = new BitSet();
                            for (int t = transcripts.nextSetBit(0); t >= 0; t = transcripts.nextSetBit(t + 1)) {
                                if (data.isRepresentative(t)) {
                                    kept.set(t);
                                }
                            }
                            return kept;
                        }),
                new FilterSpec("matched_transcript_filter_array", "Transcripts matched by the search",
                        "Keep transcripts that did (Y) or did not (N) match the search; the simulator's searches match whole genes, so every transcript of a result is Y",
                        false, (data, transcripts, value) -> {
                            List<String> values = new ArrayList<>();
                            if (value == null || !value.path("values").isArray()) {
                                throw new IllegalArgumentException("value must be {\"values\":[\"Y\"|\"N\", ...]}");
                            }
                            value.get("values").forEach(v -> values.add(v.asText().toUpperCase(Locale.ROOT)));
                            for (String v : values) {
                                if (!v.equals("Y") && !v.equals("N")) {
                                    throw new IllegalArgumentException("'" + v + "' is not Y or N");
                                }
                            }
                            return values.contains("Y") ? (BitSet) transcripts.clone() : new BitSet();
                        }),
                new FilterSpec("organism_filter_array", "Organism",
                        "Keep the genes of the named organisms: {\"values\":[\"<organism name>\", ...]} with the site's"
                                + " organism names (e.g. Plasmodium falciparum 3D7)",
                        false, GeneRecordTypes::byOrganism));
    }

    /**
     * The simulator's organism step filter, in the shape of WDK's {@code _array} step filters
     * ({@code {"values":[…]}}). Without site data (a value check before a step exists) only the
     * shape is checked.
     */
    private static BitSet byOrganism(SiteData data, BitSet transcripts, com.fasterxml.jackson.databind.JsonNode value) {
        if (value == null || !value.path("values").isArray() || value.path("values").isEmpty()) {
            throw new IllegalArgumentException("value must be {\"values\":[\"<organism name>\", ...]} with at least one name");
        }
        java.util.Set<String> names = new java.util.HashSet<>();
        for (com.fasterxml.jackson.databind.JsonNode v : value.get("values")) {
            if (!v.isTextual()) {
                throw new IllegalArgumentException("organism names are strings");
            }
            names.add(v.asText());
        }
        if (data == null) {
            return new BitSet();
        }
        for (String name : names) {
            if (data.organism(name) == null) {
                throw new IllegalArgumentException("'" + name + "' is not an organism of this site");
            }
        }
        BitSet kept = new BitSet();
        for (int t = transcripts.nextSetBit(0); t >= 0; t = transcripts.nextSetBit(t + 1)) {
            if (names.contains(data.gene(data.geneOf(t)).organism().name())) {
                kept.set(t);
            }
        }
        return kept;
    }

    /** Organism names of a site, for record-independent helpers. */
    static List<String> organismNames(SiteData data) {
        return data.organisms().stream().map(o -> o.name()).toList();
    }
}
