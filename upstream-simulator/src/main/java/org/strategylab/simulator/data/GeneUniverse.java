package org.strategylab.simulator.data;

import java.util.List;
import java.util.Map;

/**
 * Everything the generator made: organisms (grouped by component project), their genes, the GO DAG,
 * the pathways and the RNA-seq experiments. Immutable and shared by every served site.
 */
public record GeneUniverse(long seed, List<Organism> organisms, Map<Organism, List<Gene>> genesByOrganism, GoDag goDag,
                           List<Pathway> pathways, List<ExpressionExperiment> experiments) {

    /** The organisms of one component project, reference strains first. */
    public List<Organism> organismsOf(String projectId) {
        return organisms.stream().filter(o -> o.projectId().equals(projectId)).toList();
    }

    /** Total number of genes. */
    public int geneCount() {
        return genesByOrganism.values().stream().mapToInt(List::size).sum();
    }
}
