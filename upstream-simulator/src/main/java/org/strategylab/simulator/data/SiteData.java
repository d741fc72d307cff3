package org.strategylab.simulator.data;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The records one served site answers with: the genes of its organisms (a component site's own, or
 * every component's for the portal) and their transcripts, indexed for look-ups. Transcript indexes
 * follow organism, chromosome and position order, which is also the searches' default sorting.
 */
public final class SiteData {

    /** Genes by location: sequence id, then start. */
    public static final java.util.Comparator<Gene> LOCATION_ORDER =
            java.util.Comparator.comparing(Gene::sequenceId).thenComparingInt(Gene::start);

    private final String projectId;
    private final GeneUniverse universe;
    private final List<Organism> organisms;
    private final List<Gene> genes;
    private final int[] transcriptGene;
    private final int[] transcriptOrdinal;
    private final int[] firstTranscript;
    private final Map<String, Integer> geneByAnyCaseId = new HashMap<>();
    private final Map<String, List<Integer>> genesByPreviousId = new HashMap<>();
    private final Map<String, Integer> transcriptById = new HashMap<>();
    private final Map<Organism, BitSet> genesByOrganism = new LinkedHashMap<>();
    private final Map<String, List<Integer>> genesByOrthologGroup = new HashMap<>();
    private final List<ExpressionExperiment> experiments;

    private SiteData(String projectId, GeneUniverse universe, List<Organism> organisms) {
        this.projectId = projectId;
        this.universe = universe;
        this.organisms = organisms.stream().sorted(java.util.Comparator.comparing(Organism::name)).toList();
        // organisms alphabetically, genes by sequence and start: exactly the searches' default sorting
        // (organism ASC, gene_location_text ASC), so default-sorted reports need no sort at all
        List<Organism> ordered = new ArrayList<>(organisms);
        ordered.sort(java.util.Comparator.comparing(Organism::name));
        List<Gene> all = new ArrayList<>();
        for (Organism organism : ordered) {
            List<Gene> own = new ArrayList<>(universe.genesByOrganism().get(organism));
            own.sort(LOCATION_ORDER);
            all.addAll(own);
        }
        this.genes = Collections.unmodifiableList(all);
        int transcripts = all.stream().mapToInt(g -> g.transcriptIds().size()).sum();
        transcriptGene = new int[transcripts];
        transcriptOrdinal = new int[transcripts];
        firstTranscript = new int[all.size() + 1];
        int t = 0;
        for (int g = 0; g < all.size(); g++) {
            Gene gene = all.get(g);
            firstTranscript[g] = t;
            geneByAnyCaseId.put(gene.sourceId().toUpperCase(java.util.Locale.ROOT), g);
            for (String previous : gene.previousIds()) {
                genesByPreviousId.computeIfAbsent(previous.toUpperCase(java.util.Locale.ROOT), k -> new ArrayList<>()).add(g);
            }
            for (int k = 0; k < gene.transcriptIds().size(); k++, t++) {
                transcriptGene[t] = g;
                transcriptOrdinal[t] = k;
                transcriptById.put(gene.transcriptIds().get(k), t);
            }
            genesByOrganism.computeIfAbsent(gene.organism(), o -> new BitSet()).set(g);
            if (gene.orthologGroup() != null) {
                genesByOrthologGroup.computeIfAbsent(gene.orthologGroup(), k -> new ArrayList<>()).add(g);
            }
        }
        firstTranscript[all.size()] = t;
        this.experiments = universe.experiments().stream().filter(e -> organisms.contains(e.organism())).toList();
    }

    /** A component site's data: the organisms of its project. */
    public static SiteData component(GeneUniverse universe, String projectId) {
        return new SiteData(projectId, universe, universe.organismsOf(projectId));
    }

    /** The portal's data: every component's organisms; records keep their component project id. */
    public static SiteData portal(GeneUniverse universe, String portalProjectId, List<String> componentProjectIds) {
        List<Organism> organisms = new ArrayList<>();
        componentProjectIds.forEach(p -> organisms.addAll(universe.organismsOf(p)));
        return new SiteData(portalProjectId, universe, organisms);
    }

    public String projectId() {
        return projectId;
    }

    public GeneUniverse universe() {
        return universe;
    }

    public GoDag goDag() {
        return universe.goDag();
    }

    public List<Pathway> pathways() {
        return universe.pathways();
    }

    public List<Organism> organisms() {
        return organisms;
    }

    public List<ExpressionExperiment> experiments() {
        return experiments;
    }

    public List<Gene> genes() {
        return genes;
    }

    public Gene gene(int index) {
        return genes.get(index);
    }

    public int transcriptCount() {
        return transcriptGene.length;
    }

    /** The gene index of a transcript index. */
    public int geneOf(int transcript) {
        return transcriptGene[transcript];
    }

    /** The transcript id of a transcript index. */
    public String transcriptId(int transcript) {
        return genes.get(transcriptGene[transcript]).transcriptIds().get(transcriptOrdinal[transcript]);
    }

    /** Whether the transcript is its gene's first (representative) transcript. */
    public boolean isRepresentative(int transcript) {
        return transcriptOrdinal[transcript] == 0;
    }

    /** Every transcript of the genes in the set. */
    public BitSet transcriptsOfGenes(BitSet geneSet) {
        BitSet result = new BitSet(transcriptGene.length);
        for (int g = geneSet.nextSetBit(0); g >= 0; g = geneSet.nextSetBit(g + 1)) {
            result.set(firstTranscript[g], firstTranscript[g + 1]);
        }
        return result;
    }

    /** The genes of the transcripts in the set. */
    public BitSet genesOfTranscripts(BitSet transcripts) {
        BitSet result = new BitSet(genes.size());
        for (int t = transcripts.nextSetBit(0); t >= 0; t = transcripts.nextSetBit(t + 1)) {
            result.set(transcriptGene[t]);
        }
        return result;
    }

    /** The gene index for a current gene id (case-insensitive), or -1. */
    public int findGene(String id) {
        Integer g = geneByAnyCaseId.get(id.trim().toUpperCase(java.util.Locale.ROOT));
        return g == null ? -1 : g;
    }

    /** Genes a retired id now maps to (VEuPathDB's alias look-up); may be several when a gene was split. */
    public List<Integer> genesByPreviousId(String id) {
        return genesByPreviousId.getOrDefault(id.trim().toUpperCase(java.util.Locale.ROOT), List.of());
    }

    /** The transcript index for a transcript id, or -1. */
    public int findTranscript(String id) {
        Integer t = transcriptById.get(id);
        return t == null ? -1 : t;
    }

    /** The gene indexes of an organism (do not modify). */
    public BitSet genesOf(Organism organism) {
        return genesByOrganism.getOrDefault(organism, new BitSet());
    }

    public Organism organism(String name) {
        return organisms.stream().filter(o -> o.name().equals(name)).findFirst().orElse(null);
    }

    /** Genes of an ortholog group on this site. */
    public List<Integer> orthologGroupMembers(String group) {
        return genesByOrthologGroup.getOrDefault(group, List.of());
    }

    public ExpressionExperiment experiment(String datasetName) {
        return experiments.stream().filter(e -> e.datasetName().equals(datasetName)).findFirst().orElse(null);
    }
}
